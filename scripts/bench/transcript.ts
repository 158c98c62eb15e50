// Transcript pipeline throughput on a 50,000-event stream: SSE parsing (whole vs small chunks) and the reducer, beside a JSON.parse baseline.
import { parseStreamEvents } from '@/lib/sse/parse-events';
import { reduceAll } from '@/lib/transcript/reducer';
import type { StreamEvent } from '@/lib/transcript/types';
import type { BenchSection } from './types';

const DELTAS = 50_000;
const SMALL_CHUNK_BYTES = 64;

function buildEvents(): StreamEvent[] {
  const response = { id: 'resp_bench', object: 'response', status: 'in_progress', output: [] };
  const events: Record<string, unknown>[] = [
    { type: 'response.created', response },
    { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
    { type: 'response.content_part.added', item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
  ];
  for (let at = 0; at < DELTAS; at += 1) {
    events.push({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'tok ', logprobs: [], obfuscation: 'abcd' });
  }
  events.push({ type: 'response.completed', response: { ...response, status: 'completed' } });
  return events.map((event, sequence) => ({ ...event, sequence_number: sequence }) as StreamEvent);
}

function streamOf(bytes: Uint8Array, chunkBytes: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

async function timeMs(work: () => unknown | Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function runTranscriptBench(): Promise<BenchSection> {
  const events = buildEvents();
  const lines = events.map((event) => JSON.stringify(event));
  const bytes = new TextEncoder().encode(events.map((event, at) => `event: ${event.type}\ndata: ${lines[at]}\n\n`).join(''));
  const parseAll = async (chunkBytes: number) => {
    let count = 0;
    for await (const record of parseStreamEvents(streamOf(bytes, chunkBytes))) if (record.kind === 'event') count += 1;
    if (count !== events.length) throw new Error(`parsed ${count} of ${events.length} events`);
  };
  const baselineMs = await timeMs(() => lines.forEach((line) => JSON.parse(line)));
  const measured: [string, number][] = [
    ['JSON.parse of every data line (baseline)', baselineMs],
    ['SSE parse, one chunk', await timeMs(() => parseAll(bytes.length))],
    [`SSE parse, ${SMALL_CHUNK_BYTES}-byte chunks`, await timeMs(() => parseAll(SMALL_CHUNK_BYTES))],
    ['reduceEvents over all events', await timeMs(() => reduceAll(events))],
  ];
  return {
    title: `Transcript pipeline, ${events.length} events`,
    rows: measured.map(([step, ms]) => ({ step, ms: Math.round(ms), events_per_s: Math.round((events.length * 1000) / ms), vs_baseline: `${(ms / baselineMs).toFixed(1)}x` })),
    notes: [`${(bytes.length / 1e6).toFixed(1)} MB of SSE; per-frame batching in the UI means one render per animation frame however fast these arrive.`],
  };
}
