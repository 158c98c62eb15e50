// Sign-in page: the access token opens an HttpOnly session (plain form post, works without JavaScript).
import { PageTitle } from '@/components/ui/page-title';

export const dynamic = 'force-dynamic';

interface LoginProps {
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}

export default async function LoginPage({ searchParams }: LoginProps) {
  const params = await searchParams;
  const next = typeof params.next === 'string' ? params.next : '/';
  const isRejected = params.error !== undefined;
  return (
    <div data-testid="page-login" className="max-w-md">
      <PageTitle title="Sign in">This playground is protected by an access token (PLAYGROUND_ACCESS_TOKEN).</PageTitle>
      <form method="post" action="/api/session" className="flex flex-col gap-3" data-testid="login-form">
        <input type="hidden" name="next" value={next} />
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="access-token">
          Access token
          <input
            id="access-token"
            name="token"
            type="password"
            required
            autoComplete="current-password"
            data-testid="login-token"
            className="rounded border border-zinc-300 px-2 py-1 font-normal dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        {isRejected ? (
          <p role="alert" data-testid="login-error" className="text-sm text-red-700 dark:text-red-400">
            That access token is not correct.
          </p>
        ) : null}
        <button type="submit" data-testid="login-submit" className="self-start rounded bg-zinc-900 px-3 py-1 text-sm text-white dark:bg-zinc-100 dark:text-zinc-900">
          Sign in
        </button>
      </form>
    </div>
  );
}
