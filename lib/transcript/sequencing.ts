// How a turn's stream was numbered (the resume cursor) and where it ended: the `[DONE]` sentinel is the end, not an event.
import type { LoggedEvent } from './run-types';

/** The logged type of a `data: [DONE]` record (some gateways end a stream with it; the Responses API does not). */
export const DONE_TYPE = '[DONE]';

export const NO_SEQUENCE_NUMBERS = 'no sequence numbers: resume is not possible';

export type StreamNumbering =
  /** Nothing streamed: a JSON reply or polls. */
  | { kind: 'none' }
  | { kind: 'numbered'; first: number; last: number }
  /** Events arrived without `sequence_number`: nothing to resume after, nothing to tell a repeat by. */
  | { kind: 'unnumbered' };

export function isEndOfStream(event: LoggedEvent): boolean {
  return event.type === DONE_TYPE && event.sequenceNumber === null && event.parseError === undefined;
}

/**
 * Reads the log's first `count` events. Only the gateway's own `response.*` events count as unnumbered: the proxy's
 * in-band transport errors, unparsable records and `[DONE]` never carry numbers.
 */
export function readNumbering(events: readonly LoggedEvent[], count = events.length): StreamNumbering {
  let first: number | null = null;
  let last: number | null = null;
  let unnumbered = 0;
  for (let at = 0; at < count; at += 1) {
    const event = events[at];
    if (!event) continue;
    if (event.sequenceNumber !== null) {
      first = first === null ? event.sequenceNumber : Math.min(first, event.sequenceNumber);
      last = last === null ? event.sequenceNumber : Math.max(last, event.sequenceNumber);
    } else if (event.parseError === undefined && event.type.startsWith('response.')) {
      unnumbered += 1;
    }
  }
  if (first !== null && last !== null) return { kind: 'numbered', first, last };
  return unnumbered > 0 ? { kind: 'unnumbered' } : { kind: 'none' };
}

/** The numbering in words for the metrics: "0–41", or that resume is not possible; null when nothing streamed. */
export function describeNumbering(numbering: StreamNumbering): string | null {
  if (numbering.kind === 'numbered') return numbering.first === numbering.last ? String(numbering.first) : `${numbering.first}–${numbering.last}`;
  return numbering.kind === 'unnumbered' ? NO_SEQUENCE_NUMBERS : null;
}
