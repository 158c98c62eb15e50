'use client';
// The headers the request goes out with, secrets masked, shown beside the body before sending.
import { useQuery } from '@tanstack/react-query';
import { LOCAL_GATEWAY_API_PATH } from '@/lib/env-schema';
import { sessionQuery } from '@/lib/http/query-keys';

/** Where the proxy sends a create: the remote gateway's API base (GATEWAY_BASE_URL + GATEWAY_API_PATH) when one is set, else the built-in gateway's path. */
export function describeCreateRoute(gatewayApiBase: string | null | undefined): string {
  return `/api/responses → gateway ${gatewayApiBase ?? LOCAL_GATEWAY_API_PATH}/responses`;
}

export function maskSecret(value: string): string {
  return value.length <= 8 ? '••••' : `${value.slice(0, 3)}••••${value.slice(-2)}`;
}

export function RequestHeaders({ headers, hasBrowserKey }: { headers: Record<string, string>; hasBrowserKey: boolean }) {
  const session = useQuery(sessionQuery);
  const rows: Array<[string, string]> = [
    ['POST', describeCreateRoute(session.data?.gateway_api_base)],
    ['Content-Type', 'application/json'],
    ['Authorization', hasBrowserKey ? 'Bearer •••• (your browser key, masked)' : 'Bearer •••• (added by the server)'],
    ...Object.entries(headers).map(([name, value]): [string, string] => [name, /key|authorization|secret/i.test(name) ? maskSecret(value) : value]),
  ];
  return (
    <div className="flex flex-col gap-1" data-testid="request-headers">
      <h3 className="font-mono text-xs font-semibold">request headers</h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 font-mono text-xs">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-fg-muted">{name}</dt>
            <dd className="break-all" data-testid={`request-header-${name.toLowerCase()}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
