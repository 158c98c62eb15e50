'use client';
// One turn of the thread: the request sent (secrets masked), its output items, state notes, errors and metrics.
import { memo } from 'react';
import { maskHeaders } from '@/lib/transcript/export';
import type { Turn } from '@/lib/transcript/run-types';
import { JsonBlock } from './items/item-frame';
import { OutputItemList } from './output-item-view';
import { RunErrorView } from './run-error';
import { RunMetrics } from './run-metrics';

/** Memoized: earlier turns do not re-render while the latest one streams. */
export const TurnView = memo(function TurnView({ turn, number }: { turn: Turn; number: number }) {
  const { transcript } = turn;
  const input = describeInput(turn.request.body);
  return (
    <section data-testid="turn" data-turn-status={turn.status} aria-label={`Turn ${number}`} className="space-y-2">
      <header className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-sm font-semibold">Turn {number}</h2>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{turn.request.kind === 'create' ? input : `${turn.request.kind} ${String(turn.request.body.response_id ?? '')}`}</span>
      </header>
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Request sent</summary>
        <JsonBlock value={{ headers: maskHeaders(turn.request.headers), body: turn.request.body }} label="Request" />
      </details>
      {turn.status === 'sending' ? <p className="text-xs text-zinc-500">Waiting for the gateway…</p> : null}
      {transcript.status === 'queued' ? <p className="text-xs text-zinc-500">Queued (background)…</p> : null}
      <OutputItemList items={transcript.items} partialImages={transcript.partialImages} />
      {transcript.looseAudio?.data ? (
        <audio controls src={`data:audio/wav;base64,${transcript.looseAudio.data}`} aria-label="Audio output" />
      ) : null}
      {turn.status === 'stopped' ? (
        <p data-testid="run-stopped" className="rounded border-l-4 border-zinc-500 bg-zinc-100 p-2 text-sm dark:bg-zinc-800">
          Stopped. Everything that arrived is kept above.
        </p>
      ) : null}
      {transcript.unknown.length > 0 ? (
        <details data-testid="unknown-events" className="text-xs">
          <summary className="cursor-pointer">{transcript.unknown.length} event(s) not understood, shown raw</summary>
          <JsonBlock value={transcript.unknown} />
        </details>
      ) : null}
      <RunErrorView turn={turn} />
      <RunMetrics turn={turn} />
    </section>
  );
});

function describeInput(body: Record<string, unknown>): string {
  const input = body.input;
  if (typeof input === 'string') return input.length > 160 ? `${input.slice(0, 160)}…` : input;
  if (Array.isArray(input)) {
    const kinds = input.map((entry) => (typeof entry === 'object' && entry !== null ? String((entry as Record<string, unknown>).type ?? 'message') : typeof entry));
    return `input: ${kinds.join(', ')}`;
  }
  return '';
}
