// One recording's replay: ?speed=1|2|5|instant starts it at that speed, ?present=1 in presentation view.
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { ReplayView } from '@/components/recordings/replay-view';
import { PageTitle } from '@/components/ui/page-title';
import { getDb } from '@/lib/db';
import { toSnakeCase } from '@/lib/http/snake-case';
import { requireViewer } from '@/lib/auth/current-actor';
import { getRecordingSummary } from '@/lib/recordings/store';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function ReplayRoute({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  // The signed-in user's (their own, shared ones, and those made without sign-in); another's private one is not found.
  const viewer = await requireViewer(new Request('http://playground.invalid/', { headers: await headers() }));
  const summary = await getRecordingSummary(await getDb(), id, viewer);
  if (!summary) notFound();
  return (
    <div data-testid="page-replay">
      <PageTitle title="Replay">A recorded run played back through the same transcript as a live one; no gateway is called.</PageTitle>
      <ReplayView summary={toSnakeCase(summary)} speed={first(query.speed)} isPresenting={first(query.present) === '1'} />
    </div>
  );
}
