import { describe, expect, it } from 'vitest';
import { createTranscriptState, reduceAll, reduceEventBatch } from '@/lib/transcript/reducer';
import type { StreamEvent } from '@/lib/transcript/types';
import { SCENARIOS } from '../../fixtures/streams/scenarios';
import { cutIntoRuns, noisyStream } from './noisy-stream';

function reduceInRuns(events: readonly StreamEvent[], seed: number) {
  return cutIntoRuns(events, seed).reduce(reduceEventBatch, createTranscriptState());
}

const OPEN_PART: StreamEvent[] = [
  { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
  { type: 'response.content_part.added', sequence_number: 2, output_index: 0, content_index: 0, part: { type: 'output_text', text: 'Hi', annotations: [] } },
];
/** A text delta into the first part; `null` numbers it as the wire may (unnumbered). */
const delta = (sequence: number | null, text: unknown) => ({ type: 'response.output_text.delta', sequence_number: sequence, output_index: 0, content_index: 0, delta: text }) as StreamEvent;

describe('reduceEventBatch', () => {
  it('joins a run of text deltas into the part, counting each applied one and skipping re-sent ones', () => {
    const opened = reduceAll(OPEN_PART);
    const state = reduceEventBatch(opened, [delta(3, ' the'), delta(4, 're'), delta(3, ' the'), delta(null, ','), delta(5, ' 😀 é')]);
    expect(state.items[0]!.content).toEqual([{ type: 'output_text', text: 'Hi there, 😀 é', annotations: [] }]);
    expect(state.appliedCount).toBe(opened.appliedCount + 4);
    expect(state.lastSequenceNumber).toBe(5);
    expect(state.unknown).toEqual([]);
  });

  it('keeps deltas into a part it does not hold as unknown, as one by one would', () => {
    const events = [delta(3, 'a'), { ...delta(4, 'b'), content_index: 3 }, { ...delta(5, 'c'), content_index: 3 }];
    const state = reduceEventBatch(reduceAll(OPEN_PART), events);
    expect(state.items[0]!.content).toEqual([{ type: 'output_text', text: 'Hia', annotations: [] }]);
    expect(state.unknown).toEqual(events.slice(1));
    expect(state).toEqual(reduceAll([...OPEN_PART, ...events]));
  });

  it.each(Object.entries(SCENARIOS))('reduces the %s scenario as one by one would, whole and cut into runs', (_name, events) => {
    const expected = reduceAll(events);
    expect(reduceEventBatch(createTranscriptState(), events)).toEqual(expected);
    for (let seed = 1; seed <= 5; seed += 1) expect(reduceInRuns(events, seed)).toEqual(expected);
  });

  it('reduces noisy streams (re-sent, unnumbered, logprobs, unknown parts, other deltas) as one by one would', () => {
    for (let seed = 1; seed <= 150; seed += 1) {
      const events = noisyStream(seed);
      const expected = reduceAll(events);
      expect(reduceEventBatch(createTranscriptState(), events), `seed ${seed}`).toEqual(expected);
      expect(reduceInRuns(events, seed), `seed ${seed}, in runs`).toEqual(expected);
    }
  });

  it('does not change the state it was given', () => {
    const opened = reduceAll(OPEN_PART);
    const before = structuredClone(opened);
    reduceEventBatch(opened, [delta(3, 'x'), delta(4, 'y')]);
    expect(opened).toEqual(before);
  });
});
