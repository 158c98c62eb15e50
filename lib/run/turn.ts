// A machine state as the views show it: its metrics, and items cut short by a stop or a drop marked incomplete.
import { TERMINAL_STATUSES } from '@/lib/schema/constants';
import { computeMetrics } from '@/lib/transcript/metrics';
import type { RunStatus, Turn } from '@/lib/transcript/run-types';
import type { OutputItem, TranscriptState } from '@/lib/transcript/types';
import type { RunState } from './machine';

/** Item statuses that mean "still being produced" (in_progress and the hosted tools' phases). */
const FINISHED_ITEM_STATUSES = new Set<string>(TERMINAL_STATUSES);
const CUT_SHORT: readonly RunStatus[] = ['stopped', 'dropped', 'cancelled', 'failed', 'error'];

export function toTurn(key: string, state: RunState): Turn {
  const transcript = CUT_SHORT.includes(state.status) ? closeUnfinishedItems(state.transcript) : state.transcript;
  return { ...state, key, transcript, eventCount: state.events.length, metrics: computeMetrics(state.timings, transcript, state.tokenEvents) };
}

/** Items that were still arriving when the run ended are incomplete, not in_progress: nothing more will come. */
export function closeUnfinishedItems(transcript: TranscriptState): TranscriptState {
  if (!transcript.items.some(isUnfinished)) return transcript;
  return { ...transcript, items: transcript.items.map((item) => (item && isUnfinished(item) ? { ...item, status: 'incomplete' } : item)) };
}

function isUnfinished(item: OutputItem | undefined): boolean {
  return typeof item?.status === 'string' && !FINISHED_ITEM_STATUSES.has(item.status);
}
