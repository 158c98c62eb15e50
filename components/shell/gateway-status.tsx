'use client';
// Shows /api/health: the app (version, database) and, apart, the gateway (reachable, latency, key accepted), with when it was checked.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/http/query-keys';
import { Alert } from '@/components/ui/alert';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/layout';
import { Skeleton } from '@/components/ui/progress';
import type { HealthReport as Health } from '@/lib/health';

type GatewayProbe = Health['gateway']['probe'];

/** The gateway's state in a word, and its tone. */
export function describeProbe(probe: GatewayProbe): { label: string; tone: Tone } {
  if (!probe.reachable) return { label: 'unreachable', tone: 'danger' };
  if (probe.key === 'refused') return { label: 'key refused', tone: 'danger' };
  if (probe.http_status !== null && probe.http_status >= 500) return { label: 'failing', tone: 'warning' };
  return { label: 'reachable', tone: 'success' };
}

const KEY_WORDS: Record<GatewayProbe['key'], string> = { accepted: 'accepted', refused: 'refused', not_checked: 'not checked' };

function checkedAt(iso: string): string {
  return `Gateway checked at ${new Date(iso).toLocaleTimeString()}; it may have changed since.`;
}

export function GatewayStatus() {
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: queryKeys.health,
    queryFn: async (): Promise<Health> => {
      const response = await fetch('/api/health');
      return (await response.json()) as Health;
    },
  });
  const probe = data?.gateway.probe;
  const state = probe ? describeProbe(probe) : null;
  return (
    <Card title="Health" className="max-w-3xl">
      {isPending ? <Skeleton label="Checking health…" /> : null}
      {error || (!isPending && !data) ? <Alert>Health check failed: {error?.message ?? 'no answer'}</Alert> : null}
      {data ? (
        <div className="flex flex-col gap-3">
          <DescriptionList
            testId="health-panel"
            termWidth="8rem"
            items={[
              { term: 'App', value: <Badge tone={data.status === 'ok' ? 'success' : 'warning'}>{data.status}</Badge>, testId: 'health-status' },
              { term: 'Version', value: data.version, isMono: true },
              { term: 'Database', value: data.database.ok ? `ready (${data.database.kind})` : `down: ${data.database.error}`, testId: 'health-database' },
              { term: 'Gateway', value: <span className="break-all">{data.gateway.description}</span>, testId: 'health-gateway' },
              ...(probe && state
                ? [
                    { term: 'Gateway state', value: <Badge tone={state.tone}>{state.label}</Badge>, testId: 'health-gateway-state' },
                    { term: 'Latency', value: probe.latency_ms === null ? '–' : `${probe.latency_ms} ms`, testId: 'health-gateway-latency' },
                    { term: 'Server key', value: KEY_WORDS[probe.key], testId: 'health-gateway-key' },
                    { term: 'Gateway says', value: probe.message, testId: 'health-gateway-message' },
                  ]
                : []),
            ]}
          />
          <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
            <span data-testid="health-checked-at">{probe ? checkedAt(probe.checked_at) : null}</span>
            <Button size="sm" isLoading={isFetching} loadingText="Checking…" onClick={() => void refetch()} data-testid="health-recheck">
              Check again
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
