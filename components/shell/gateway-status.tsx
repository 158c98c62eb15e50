'use client';
// Shows /api/health: app version, gateway in use and database status.
import { useQuery } from '@tanstack/react-query';

interface Health {
  status: 'ok' | 'degraded';
  version: string;
  gateway: { mode: 'local' | 'remote'; description: string };
  database: { ok: boolean; kind?: string; error?: string };
}

export function GatewayStatus() {
  const { data, error, isPending } = useQuery({
    queryKey: ['health'],
    queryFn: async (): Promise<Health> => {
      const response = await fetch('/api/health');
      return (await response.json()) as Health;
    },
  });
  if (isPending) return <p className="text-sm text-zinc-500">Checking health…</p>;
  if (error || !data) return <p role="alert">Health check failed: {error?.message ?? 'no answer'}</p>;
  return (
    <dl className="grid max-w-xl grid-cols-[10rem_1fr] gap-2 text-sm" data-testid="health-panel">
      <dt className="font-medium">Status</dt>
      <dd data-testid="health-status">{data.status}</dd>
      <dt className="font-medium">Version</dt>
      <dd>{data.version}</dd>
      <dt className="font-medium">Gateway</dt>
      <dd data-testid="health-gateway">{data.gateway.description}</dd>
      <dt className="font-medium">Database</dt>
      <dd data-testid="health-database">{data.database.ok ? `ready (${data.database.kind})` : `down: ${data.database.error}`}</dd>
    </dl>
  );
}
