// Streams with what a real one may hold between its text deltas (re-sent and unnumbered events, logprobs, deltas into
// parts not announced, other kinds of delta), from a seed, for checking that batching changes nothing.
import type { StreamEvent } from '@/lib/transcript/types';

/** A small deterministic generator (mulberry32), so a failing seed can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TEXTS = ['tok ', 'é', '😀', '', ' **bold** ', '\n', 'a"b\\c', '\u0000'];

export function noisyStream(seed: number, length = 120): StreamEvent[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const response = { id: `resp_${seed}`, object: 'response', status: 'in_progress', model: 'm', output: [] };
  // Plain objects, as they come off the wire: an unnumbered event may carry `sequence_number: null`.
  const events: Array<Record<string, unknown>> = [
    { type: 'response.created', sequence_number: 0, response },
    { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', sequence_number: 2, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
    { type: 'response.output_item.added', sequence_number: 3, output_index: 1, item: { id: 'rs_1', type: 'reasoning', summary: [] } },
  ];
  let sequence = 4;
  for (let at = 0; at < length; at += 1) {
    const roll = next();
    const delta = pick(TEXTS);
    const base = { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta };
    if (roll < 0.6) events.push({ ...base, sequence_number: sequence++ });
    else if (roll < 0.66) events.push({ ...base, sequence_number: Math.max(0, sequence - 1 - Math.floor(next() * 5)) });
    else if (roll < 0.7) events.push({ ...base, sequence_number: null });
    else if (roll < 0.73) events.push({ ...base });
    else if (roll < 0.77) events.push({ ...base, sequence_number: sequence++, logprobs: [{ token: delta, logprob: -0.5, top_logprobs: [] }] });
    else if (roll < 0.8) events.push({ ...base, sequence_number: sequence++, logprobs: [] });
    else if (roll < 0.83) events.push({ ...base, sequence_number: sequence++, content_index: 1 });
    else if (roll < 0.85) events.push({ ...base, sequence_number: sequence++, output_index: 7 });
    else if (roll < 0.87) events.push({ ...base, sequence_number: sequence++, delta: 42 });
    else if (roll < 0.9) events.push({ ...base, sequence_number: sequence++, output_index: 1 });
    else if (roll < 0.94) events.push({ type: 'response.reasoning_summary_text.delta', sequence_number: sequence++, item_id: 'rs_1', output_index: 1, summary_index: 0, delta });
    else if (roll < 0.96) events.push({ type: 'response.content_part.added', sequence_number: sequence++, output_index: 0, content_index: 1, part: { type: 'output_text', text: '', annotations: [] } });
    else if (roll < 0.98) events.push({ type: 'response.output_text.delta', sequence_number: sequence++, output_index: 0, content_index: 1, delta });
    else events.push({ type: 'response.in_progress', sequence_number: sequence++, response });
  }
  events.push({ type: 'response.completed', sequence_number: sequence, response: { ...response, status: 'completed' } });
  return events as StreamEvent[];
}

/** `items` cut into consecutive runs of 1 to `max` (from the seed). */
export function cutIntoRuns<T>(items: readonly T[], seed: number, max = 40): T[][] {
  const next = random(seed);
  const runs: T[][] = [];
  for (let at = 0; at < items.length; ) {
    const size = 1 + Math.floor(next() * max);
    runs.push(items.slice(at, at + size));
    at += size;
  }
  return runs;
}
