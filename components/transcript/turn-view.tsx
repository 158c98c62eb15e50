'use client';
// One turn of the thread: what the user sent as its heading, the request (secrets masked) on demand, its output items,
// what it waits on or how it ended (with Retry / Resume), errors, fields the gateway ignored and the metrics as chips.
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { findCredentials, maskCredentials } from '@/lib/schema/credentials';
import { maskHeaders } from '@/lib/transcript/export';
import type { Turn } from '@/lib/transcript/run-types';
import { describeTurnInput } from '@/lib/transcript/turn-input';
import { EchoNotes } from './echo-notes';
import { JsonBlock } from './items/item-frame';
import { OutputItemList } from './output-item-view';
import { usePresentation } from './presentation';
import { RunErrorView } from './run-error';
import { PresentedMetrics, RunMetrics } from './run-metrics';
import { TurnEndNote, TurnWaitNote, type TurnRecovery } from './turn-status';

/** Memoized: earlier turns do not re-render while the latest one streams. */
export const TurnView = memo(function TurnView({ turn, number, recovery }: { turn: Turn; number: number; recovery: TurnRecovery }) {
  const { transcript } = turn;
  const heading = describeTurnInput(turn.request);
  const { isPresenting } = usePresentation();
  if (isPresenting) return <PresentedTurn turn={turn} heading={heading} recovery={recovery} />;
  return (
    <section data-testid="turn" data-turn-status={turn.status} aria-labelledby={`${turn.key}-heading`} className="flex min-w-0 flex-col gap-2">
      <header className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-fg-muted">Turn {number}</span>
        <h3 id={`${turn.key}-heading`} data-testid="turn-heading" className="rounded-lg bg-accent-soft px-3 py-2 text-sm font-medium whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
          {heading}
        </h3>
      </header>
      <RequestSent request={turn.request} />
      <OutputItemList items={transcript.items} partialImages={transcript.partialImages} />
      {transcript.looseAudio?.data ? <audio controls src={`data:audio/wav;base64,${transcript.looseAudio.data}`} aria-label="Audio output" /> : null}
      <TurnWaitNote turn={turn} />
      {transcript.unknown.length > 0 ? (
        <details data-testid="unknown-events" className="text-xs">
          <summary className="cursor-pointer">{transcript.unknown.length} event(s) not understood, shown raw</summary>
          <JsonBlock value={transcript.unknown} />
        </details>
      ) : null}
      <RunErrorView turn={turn} />
      <TurnEndNote turn={turn} recovery={recovery} />
      <EchoNotes turn={turn} />
      <RunMetrics turn={turn} />
    </section>
  );
});

/** A turn for a room: what was asked, the output items in large type, how it ended, and a few big numbers. */
function PresentedTurn({ turn, heading, recovery }: { turn: Turn; heading: string; recovery: TurnRecovery }) {
  const { transcript } = turn;
  return (
    <section data-testid="turn" data-turn-status={turn.status} data-presented="true" aria-label={heading} className="flex min-w-0 flex-col gap-4">
      <h3 data-testid="turn-heading" className="border-l-4 border-accent pl-4 text-2xl font-semibold whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
        {heading}
      </h3>
      <OutputItemList items={transcript.items} partialImages={transcript.partialImages} />
      {transcript.looseAudio?.data ? <audio controls src={`data:audio/wav;base64,${transcript.looseAudio.data}`} aria-label="Audio output" /> : null}
      <TurnWaitNote turn={turn} />
      <RunErrorView turn={turn} />
      <TurnEndNote turn={turn} recovery={recovery} />
      <PresentedMetrics turn={turn} />
    </section>
  );
}

/**
 * What the turn sent: secret headers masked always, body credentials masked until "Show credentials". Memoized: the
 * request of a turn never changes, and the turn re-renders every frame while it streams.
 */
const RequestSent = memo(function RequestSent({ request }: { request: Turn['request'] }) {
  const [isRevealed, setRevealed] = useState(false);
  const hasSecrets = findCredentials(request.body).some((found) => found.value !== '');
  const body = hasSecrets && !isRevealed ? maskCredentials(request.body) : request.body;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-fg-muted">Request sent</summary>
      {hasSecrets ? (
        <Button size="sm" variant="secondary" className="mt-1" aria-pressed={isRevealed} data-testid="request-sent-reveal" onClick={() => setRevealed(!isRevealed)}>
          {isRevealed ? 'Hide credentials' : 'Show credentials'}
        </Button>
      ) : null}
      <JsonBlock value={{ headers: maskHeaders(request.headers), body }} label="Request" />
    </details>
  );
});
