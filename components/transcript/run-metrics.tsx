// Metrics of one turn: latency, throughput, usage, served model, routing decision, response id.
import { decodeRoutingDebug } from '@/lib/transcript/metrics';
import type { Turn } from '@/lib/transcript/run-types';
import { CopyButton } from './copy-button';

function ms(value: number | null): string {
  return value === null ? '–' : `${Math.round(value)} ms`;
}

export function RunMetrics({ turn }: { turn: Turn }) {
  const { metrics } = turn;
  const usage = metrics.usage;
  const routing = decodeRoutingDebug(turn.transcript.response?.metadata);
  const rows: [string, string][] = [
    ['Status', turn.status],
    ['Time to first byte', ms(metrics.ttfbMs)],
    ['Time to first token', ms(metrics.ttftMs)],
    ['Tokens per second', metrics.tokensPerSecond === null ? '–' : metrics.tokensPerSecond.toFixed(1)],
    ['Total time', ms(metrics.totalMs)],
    ['Model served', metrics.model ?? '–'],
    ['Input tokens', String(usage?.input_tokens ?? '–')],
    ['Cached tokens', String(usage?.input_tokens_details?.cached_tokens ?? '–')],
    ['Output tokens', String(usage?.output_tokens ?? '–')],
    ['Reasoning tokens', String(usage?.output_tokens_details?.reasoning_tokens ?? '–')],
    ['Total tokens', String(usage?.total_tokens ?? '–')],
  ];
  if (turn.resumeCount > 0) rows.push(['Stream resumed', `${turn.resumeCount}×`]);
  return (
    <section data-testid="run-metrics" aria-label="Run metrics" className="rounded-md border border-zinc-200 p-2 text-xs dark:border-zinc-800">
      <div className="mb-1 flex items-center gap-2">
        <span className="font-medium">Response id</span>
        <code data-testid="response-id">{metrics.responseId ?? '–'}</code>
        {metrics.responseId ? <CopyButton testId="copy-response-id" label="Copy response id" text={metrics.responseId} /> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd data-testid={`metric-${label.toLowerCase().replaceAll(' ', '-')}`} className="font-mono">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {routing ? (
        <details data-testid="routing-debug" className="mt-2" open>
          <summary className="cursor-pointer font-medium">Auto-routing decision</summary>
          {routing.fields ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
              {routing.fields.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{key}</dt>
                  <dd className="font-mono break-all">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <pre className="font-mono whitespace-pre-wrap break-all">{routing.raw}</pre>
          )}
        </details>
      ) : null}
    </section>
  );
}
