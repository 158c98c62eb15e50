'use client';
// "Keep this recording" beside a finished streamed turn: finds the recording the proxy made of it and pins it.
import Link from 'next/link';
import { useState } from 'react';
import { Button, linkClass } from '@/components/ui/button';
import { fetchJson } from '@/lib/http/client';
import type { RecordingList, RecordingListEntry } from '@/lib/recordings/schemas';
import { isActive } from '@/lib/run/machine';
import type { Turn } from '@/lib/transcript/run-types';
import { replayHref } from './recording-links';

/** The recording is written once the stream has ended: it is looked for a few times before giving up. */
const FIND_ATTEMPTS = 20;
const FIND_INTERVAL_MS = 250;

async function findRecording(responseId: string): Promise<RecordingListEntry> {
  for (let attempt = 0; attempt < FIND_ATTEMPTS; attempt += 1) {
    const list = await fetchJson<RecordingList>(`/api/recordings?response_id=${encodeURIComponent(responseId)}`);
    if (list.keep === 0) throw new Error('Runs are not recorded here (RECORDINGS_KEEP is 0).');
    const found = list.data[0];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, FIND_INTERVAL_MS));
  }
  throw new Error(`No recording of ${responseId} was found: only streamed runs are recorded.`);
}

/** Offered for the latest turn once it streamed to its end through the proxy. */
export function KeepRecording({ turn }: { turn: Turn | undefined }) {
  const responseId = turn?.transcript.response?.id;
  if (!turn || turn.request.kind !== 'create' || turn.request.body.stream !== true || isActive(turn) || typeof responseId !== 'string') return null;
  return <KeepButton key={turn.key} responseId={responseId} />;
}

function KeepButton({ responseId }: { responseId: string }) {
  const [state, setState] = useState<{ phase: 'idle' | 'busy' } | { phase: 'kept'; id: string } | { phase: 'failed'; message: string }>({ phase: 'idle' });
  const keep = async () => {
    setState({ phase: 'busy' });
    try {
      const found = await findRecording(responseId);
      const kept = await fetchJson<RecordingListEntry>(`/api/recordings/${encodeURIComponent(found.id)}`, { method: 'PATCH', json: { pinned: true } });
      setState({ phase: 'kept', id: kept.id });
    } catch (error) {
      setState({ phase: 'failed', message: (error as Error).message });
    }
  };
  if (state.phase === 'kept') {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-fg-muted" data-testid="recording-kept" role="status">
        Recording kept.
        <Link href={replayHref(state.id)} className={linkClass()} data-testid="recording-kept-replay">
          Replay it
        </Link>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="ghost" isLoading={state.phase === 'busy'} loadingText="Keeping…" data-testid="keep-recording" onClick={() => void keep()}>
        Keep this recording
      </Button>
      {state.phase === 'failed' ? (
        <span role="alert" className="text-sm text-danger" data-testid="keep-recording-error">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
