// Sign-in page: personal accounts through the OpenID provider, or the shared access token (plain form post, works without JavaScript).
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { PageTitle } from '@/components/ui/page-title';
import { describeSignInError, describeSignInPage } from '@/lib/auth/sign-in-page';

export const dynamic = 'force-dynamic';

interface LoginProps {
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}

export default async function LoginPage({ searchParams }: LoginProps) {
  const params = await searchParams;
  const next = typeof params.next === 'string' ? params.next : '/';
  const error = typeof params.error === 'string' ? params.error : params.error?.[0];
  const page = describeSignInPage(next);
  if (page.mode === 'oidc') {
    return (
      <div data-testid="page-login" className="mx-auto max-w-md">
        <PageTitle title="Sign in">{`This playground signs people in with their own account at ${page.providerHost}.`}</PageTitle>
        <Card>
          <div className="flex flex-col gap-4">
            {error ? (
              <Alert tone="danger" title="Not signed in" testId="login-error">
                {describeSignInError(error)}
              </Alert>
            ) : null}
            <a href={page.signInHref} className={buttonClass({ variant: 'primary', className: 'self-start' })} data-testid="login-oidc">
              {`Sign in with ${page.providerHost}`}
            </a>
          </div>
        </Card>
      </div>
    );
  }
  const isRejected = error !== undefined;
  return (
    <div data-testid="page-login" className="mx-auto max-w-md">
      <PageTitle title="Sign in">This playground is protected by an access token (PLAYGROUND_ACCESS_TOKEN).</PageTitle>
      <Card>
        <form method="post" action="/api/session" className="flex flex-col gap-4" data-testid="login-form" aria-label="Sign in">
          <input type="hidden" name="next" value={next} />
          <Field label="Access token" id="access-token" error={isRejected ? 'That access token is not correct.' : undefined} errorTestId="login-error">
            <TextInput name="token" type="password" required autoComplete="current-password" data-testid="login-token" />
          </Field>
          <Button type="submit" variant="primary" className="self-start" data-testid="login-submit">
            Sign in
          </Button>
        </form>
      </Card>
    </div>
  );
}
