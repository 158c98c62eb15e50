'use client';
// Metrics of one turn as compact chips (time, tokens, rate, model served; counting live while it runs), with every
// figure, the response id and the routing decision one click away; in presentation view, a few big numbers.
import { CopyButton } from '@/components/ui/copy-button';
import { formatSeconds, readLiveFigures } from '@/lib/run/live';
import { isActive } from '@/lib/run/machine';
import { decodeRoutingDebug } from '@/lib/transcript/metrics';
import type { Turn } from '@/lib/transcript/run-types';
import { describeNumbering, readNumbering } from '@/lib/transcript/sequencing';
import { useNow } from './use-now';

const CHIP_CLASS = 'rounded-full bg-sunken px-2 py-0.5 font-mono text-fg-muted [overflow-wrap:anywhere]';

/** Elapsed time, tokens so far and tokens/s, re-read every tick while the turn runs. */
function LiveChips({ turn }: { turn: Turn }) {
  const live = readLiveFigures(turn, useNow(true));
  return (
    <span data-testid="live-metrics" className="contents">
      <span data-testid="live-elapsed" className={CHIP_CLASS}>
        {formatSeconds(live.elapsedMs)}
      </span>
      <span data-testid="live-tokens" className={CHIP_CLASS}>
        {live.tokens} tokens
      </span>
      <span data-testid="live-rate" className={CHIP_CLASS}>
        {live.tokensPerSecond === null ? '– tokens/s' : `${live.tokensPerSecond.toFixed(1)} tokens/s`}
      </span>
    </span>
  );
}

function ms(value: number | null): string {
  return value === null ? '–' : `${Math.round(value)} ms`;
}

function seconds(value: number | null): string | null {
  return value === null ? null : value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
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
  const numbering = isActive(turn) ? null : describeNumbering(readNumbering(turn.events, turn.eventCount));
  if (numbering) rows.push(['Sequence numbers', numbering]);
  if (turn.resumeCount > 0) rows.push(['Stream resumed', `${turn.resumeCount}×`]);
  if (turn.attempt > 1) rows.push(['Attempts', String(turn.attempt)]);
  const isRunning = isActive(turn);
  const chips = [
    seconds(metrics.totalMs),
    typeof usage?.output_tokens === 'number' ? `${usage.output_tokens} tokens` : null,
    metrics.tokensPerSecond === null ? null : `${metrics.tokensPerSecond.toFixed(1)} tokens/s`,
    metrics.model,
    turn.resumeCount > 0 ? `resumed ${turn.resumeCount}×` : null,
    turn.attempt > 1 ? `sent ${turn.attempt}×` : null,
  ].filter((chip): chip is string => Boolean(chip));
  return (
    <details data-testid="run-metrics" className="group min-w-0 text-xs">
      <summary className="flex min-w-0 cursor-pointer list-none flex-wrap items-center gap-1.5 text-fg-muted [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Metrics:</span>
        {isRunning ? (
          <LiveChips turn={turn} />
        ) : (
          chips.map((chip) => (
            <span key={chip} data-testid="metric-chip" className={CHIP_CLASS}>
              {chip}
            </span>
          ))
        )}
        <span className="underline">{chips.length ? 'details' : 'metrics'}</span>
      </summary>
      <section aria-label="Run metrics" className="mt-1 rounded-md border border-line p-2">
        <div className="mb-1 flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium">Response id</span>
          <code data-testid="response-id" className="min-w-0 [overflow-wrap:anywhere]">
            {metrics.responseId ?? '–'}
          </code>
          {metrics.responseId ? <CopyButton testId="copy-response-id" label="Copy response id" text={metrics.responseId} isIconOnly /> : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-4">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd data-testid={`metric-${label.toLowerCase().replaceAll(' ', '-')}`} className="font-mono [overflow-wrap:anywhere]">
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
                    <dt className="text-fg-muted">{key}</dt>
                    <dd className="font-mono break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <pre className="font-mono break-all whitespace-pre-wrap">{routing.raw}</pre>
            )}
          </details>
        ) : null}
      </section>
    </details>
  );
}

/** The figures a room reads: time, tokens, tokens per second and the model, large; live while the turn runs. */
export function PresentedMetrics({ turn }: { turn: Turn }) {
  const isRunning = isActive(turn);
  const live = readLiveFigures(turn, useNow(isRunning));
  const { metrics } = turn;
  const tokens = isRunning ? live.tokens : (metrics.usage?.output_tokens ?? turn.tokenEvents);
  const rate = isRunning ? live.tokensPerSecond : metrics.tokensPerSecond;
  const figures: [string, string][] = [
    ['Time', formatSeconds(isRunning ? live.elapsedMs : (metrics.totalMs ?? 0))],
    ['Tokens', String(tokens)],
    ['Tokens/s', rate === null ? '–' : rate.toFixed(1)],
    ['Model', metrics.model ?? (typeof turn.request.body.model === 'string' ? turn.request.body.model : '–')],
  ];
  return (
    <dl data-testid="presented-metrics" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-lg border border-line bg-surface px-4 py-3">
          <dt className="text-sm font-medium text-fg-muted">{label}</dt>
          <dd data-testid={`presented-${label.toLowerCase().replace('/', '-per-')}`} className="truncate text-3xl font-semibold tabular-nums text-fg" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
