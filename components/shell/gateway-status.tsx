'use client';
// Shows /api/health: app version, gateway in use and database status.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/http/query-keys';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/layout';
import { Skeleton } from '@/components/ui/progress';

interface Health {
  status: 'ok' | 'degraded';
  version: string;
  gateway: { mode: 'local' | 'remote'; description: string };
  database: { ok: boolean; kind?: string; error?: string };
}

export function GatewayStatus() {
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.health,
    queryFn: async (): Promise<Health> => {
      const response = await fetch('/api/health');
      return (await response.json()) as Health;
    },
  });
  return (
    <Card title="Health" className="max-w-3xl">
      {isPending ? <Skeleton label="Checking health…" /> : null}
      {error || (!isPending && !data) ? <Alert>Health check failed: {error?.message ?? 'no answer'}</Alert> : null}
      {data ? (
        <DescriptionList
          testId="health-panel"
          termWidth="8rem"
          items={[
            { term: 'Status', value: <Badge tone={data.status === 'ok' ? 'success' : 'warning'}>{data.status}</Badge>, testId: 'health-status' },
            { term: 'Version', value: data.version, isMono: true },
            { term: 'Gateway', value: data.gateway.description, testId: 'health-gateway' },
            { term: 'Database', value: data.database.ok ? `ready (${data.database.kind})` : `down: ${data.database.error}`, testId: 'health-database' },
          ]}
        />
      ) : null}
    </Card>
  );
}
