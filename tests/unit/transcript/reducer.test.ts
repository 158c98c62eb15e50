import { describe, expect, it } from 'vitest';
import { createTranscriptState, reduceAll, reduceEvents } from '@/lib/transcript/reducer';
import type { StreamEvent } from '@/lib/transcript/types';
import { SCENARIOS } from '../../fixtures/streams/scenarios';
import { isPrefixOf } from './item-prefix';

function finalOutput(events: StreamEvent[]): unknown[] {
  const last = events.at(-1) as { response?: { output?: unknown[] } };
  return last.response?.output ?? [];
}

describe.each(Object.entries(SCENARIOS))('scenario %s', (_name, events) => {
  const output = finalOutput(events);

  it('reduces to the final output, already before the terminal snapshot', () => {
    const beforeTerminal = reduceAll(events.slice(0, -1));
    expect(beforeTerminal.items).toEqual(output);
    expect(reduceAll(events).items).toEqual(output);
  });

  it('reduces any cut of the stream to a prefix of the final output', () => {
    for (let cut = 0; cut <= events.length; cut += 1) {
      const { items } = reduceAll(events.slice(0, cut));
      expect(items.length).toBeLessThanOrEqual(output.length);
      items.forEach((item, at) => {
        expect(item === undefined || isPrefixOf(item, output[at]), `cut ${cut}, item ${at}`).toBe(true);
      });
    }
  });

  it('ignores a replay of events already seen (resume dedupe)', () => {
    const half = Math.floor(events.length / 2);
    const resumed = reduceAll([...events.slice(0, half), ...events.slice(Math.max(0, half - 3))]);
    expect(resumed).toEqual(reduceAll(events));
  });
});

describe('reduceEvents', () => {
  it('streams text deltas, annotations and status into a message', () => {
    const events = SCENARIOS.message!;
    const midway = reduceAll(events.slice(0, 6));
    expect(midway.status).toBe('in_progress');
    const part = (midway.items[0]?.content as { text: string }[])[0];
    expect(part?.text).toBe('Hello **');
    const done = reduceAll(events);
    expect(done.status).toBe('completed');
    expect(done.response?.usage).toMatchObject({ total_tokens: 42 });
    expect(done.items[0]?.content).toMatchObject([{ annotations: [{ type: 'url_citation', url: 'https://example.com/paris' }] }]);
  });

  it('shows function arguments as they stream', () => {
    const events = SCENARIOS.function_call!;
    const state = reduceAll(events.slice(0, 5));
    expect(state.items[0]).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"location' });
  });

  it('keeps the latest partial image and hosted tool phases', () => {
    const events = SCENARIOS.image_generation!;
    const state = reduceAll(events.slice(0, 6));
    expect(state.items[0]?.status).toBe('generating');
    expect(state.partialImages[0]).toEqual({ b64: 'iVBORw0KGgo=', index: 0, format: 'png' });
  });

  it('appends shell command and output deltas', () => {
    const events = SCENARIOS.shell!;
    const commandAt = events.findIndex((event) => event.type === 'response.shell_call_command.done');
    expect(reduceAll(events.slice(0, commandAt)).items[0]?.action).toMatchObject({ commands: ['echo hello'] });
    const outputAt = events.findIndex((event) => event.type === 'response.shell_call_output_content.done');
    expect(reduceAll(events.slice(0, outputAt)).items[1]?.output).toEqual([{ stdout: 'hello\n', stderr: '' }]);
  });

  it('appends audio deltas to an output_audio part of the last message', () => {
    const events = SCENARIOS.message!.slice(0, 3);
    const state = reduceAll([
      ...events,
      { type: 'response.audio.delta', sequence_number: 3, delta: 'AAA' },
      { type: 'response.audio.transcript.delta', sequence_number: 4, delta: 'Hel' },
      { type: 'response.audio.delta', sequence_number: 5, delta: 'BBB' },
      { type: 'response.audio.done', sequence_number: 6 },
    ]);
    expect(state.items[0]?.content).toEqual([{ type: 'output_audio', data: 'AAABBB', transcript: 'Hel' }]);
    expect(state.unknown).toEqual([]);
  });

  it('keeps audio that arrives before any message as loose audio', () => {
    const state = reduceAll([{ type: 'response.audio.delta', sequence_number: 0, delta: 'AAA' }]);
    expect(state.looseAudio).toEqual({ data: 'AAA', transcript: '' });
  });

  it('keeps unknown events and events addressing missing items, raw, without crashing', () => {
    const state = reduceAll([
      { type: 'response.brand_new_thing', sequence_number: 0, payload: { x: 1 } },
      { type: 'response.output_text.delta', sequence_number: 1, output_index: 7, content_index: 0, delta: 'x' },
      { type: 'response.output_item.added', sequence_number: 2, output_index: 0, item: 'not an item' },
      { type: 'response.completed', sequence_number: 3, response: null },
    ]);
    expect(state.unknown.map((event) => event.type)).toEqual([
      'response.brand_new_thing',
      'response.output_text.delta',
      'response.output_item.added',
      'response.completed',
    ]);
    expect(state.items).toEqual([]);
    expect(reduceAll(SCENARIOS.unknown_kind!).unknown.map((event) => event.type)).toEqual(['response.apply_patch_call.progress']);
  });

  it('reads both error event shapes: flat and nested', () => {
    const flat = reduceEvents(createTranscriptState(), { type: 'error', sequence_number: 0, code: 'rate_limit_exceeded', message: 'Slow down', param: null });
    expect(flat.status).toBe('failed');
    expect(flat.error).toEqual({ message: 'Slow down', code: 'rate_limit_exceeded', type: null, param: null });
    const nested = reduceEvents(createTranscriptState(), { type: 'error', sequence_number: 0, error: { type: 'server_error', code: 'boom', message: 'Broke', param: 'x' } });
    expect(nested.error).toEqual({ message: 'Broke', code: 'boom', type: 'server_error', param: 'x' });
  });

  it('marks failed and incomplete responses from their terminal snapshots', () => {
    const failed = reduceAll(SCENARIOS.failed!);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'server_error', message: 'The agent crashed.' });
    const incomplete = reduceAll(SCENARIOS.incomplete!);
    expect(incomplete.status).toBe('incomplete');
    expect(incomplete.response?.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });

  it('builds the same items from a retrieved response (one snapshot, as the run adopts a JSON reply)', () => {
    const events = SCENARIOS.reasoning!;
    const final = (events.at(-1) as unknown as { response: Record<string, unknown> }).response;
    const state = reduceAll([{ type: 'response.completed', response: final }]);
    expect(state.items).toEqual(reduceAll(events).items);
    expect(state.status).toBe('completed');
  });

  it('applies events without sequence numbers in order', () => {
    const events = SCENARIOS.function_call!.map(({ sequence_number: _drop, ...event }) => event as StreamEvent);
    expect(reduceAll(events).items).toEqual(reduceAll(SCENARIOS.function_call!).items);
  });
});

describe('response snapshots', () => {
  it('keeps the first response object seen beside the latest (what the gateway echoed at once)', () => {
    const state = reduceAll([
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'queued', background: true } },
      { type: 'response.in_progress', sequence_number: 1, response: { id: 'resp_1', status: 'in_progress' } },
      { type: 'response.completed', sequence_number: 2, response: { id: 'resp_1', status: 'completed', output: [] } },
    ]);
    expect(state.firstResponse).toEqual({ id: 'resp_1', status: 'queued', background: true });
    expect(state.response).toMatchObject({ status: 'completed' });
    expect(reduceAll([{ type: 'response.completed', response: { id: 'resp_2', status: 'completed' } }]).firstResponse).toMatchObject({ id: 'resp_2', status: 'completed' });
    expect(createTranscriptState().firstResponse).toBeNull();
  });
});
