'use client';
// The headers the request goes out with, secrets masked, shown beside the body before sending.
export function maskSecret(value: string): string {
  return value.length <= 8 ? '••••' : `${value.slice(0, 3)}••••${value.slice(-2)}`;
}

export function RequestHeaders({ headers, hasBrowserKey }: { headers: Record<string, string>; hasBrowserKey: boolean }) {
  const rows: Array<[string, string]> = [
    ['POST', '/api/responses → gateway /api/v1/llm/responses'],
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
