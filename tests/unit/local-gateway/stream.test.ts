import { describe, expect, it } from 'vitest';
import type { JsonObject } from '@/lib/local-gateway/agent/contract';
import { formatSseEvent, sseReply, sseResponse, type EventSink, type SseOutput } from '@/lib/local-gateway/stream';

const decoder = new TextDecoder();

function deltaEvent(sequence: number, delta: string): JsonObject {
  return { type: 'response.output_text.delta', sequence_number: sequence, item_id: 'msg_1', output_index: 0, content_index: 0, delta };
}

/** A response whose run is driven by the test through the sink it subscribed. */
function drivenResponse(): { response: Response; sink: () => EventSink } {
  let captured: EventSink | null = null;
  const response = sseResponse(
    sseReply((sink) => {
      captured = sink;
      return () => undefined;
    }),
    null,
  );
  return {
    response,
    sink: () => {
      if (!captured) throw new Error('not subscribed');
      return captured;
    },
  };
}

async function readChunks(response: Response): Promise<string[]> {
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value));
  }
}

describe('sseResponse framing', () => {
  it('sends the events published in one turn as one chunk, byte for byte the records one after another', async () => {
    const { response, sink } = drivenResponse();
    const events = Array.from({ length: 100 }, (_, index) => deltaEvent(index, ` word ${index} \u0000 ☃ "quoted"`));
    for (const event of events) sink().event(event);
    sink().end();
    const chunks = await readChunks(response);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toBe(events.map(formatSseEvent).join(''));
    expect(chunks[0]).toContain('event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":99,');
  });

  it('holds no event back: one published in a later turn reaches the reader before the next is published', async () => {
    const { response, sink } = drivenResponse();
    const reader = response.body!.getReader();
    sink().event(deltaEvent(0, 'first'));
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(formatSseEvent(deltaEvent(0, 'first')));
    sink().event(deltaEvent(1, 'second'));
    sink().event(deltaEvent(2, 'third'));
    const next = await reader.read();
    expect(decoder.decode(next.value)).toBe(formatSseEvent(deltaEvent(1, 'second')) + formatSseEvent(deltaEvent(2, 'third')));
    sink().end();
    expect((await reader.read()).done).toBe(true);
  });

  it('a dropped stream still delivers what was published before the drop, then errors', async () => {
    const { response, sink } = drivenResponse();
    sink().event(deltaEvent(0, 'kept'));
    sink().drop();
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(formatSseEvent(deltaEvent(0, 'kept')));
    await expect(reader.read()).rejects.toThrow('stream dropped');
  });
});

/** An output that records what it was given. */
function recordingOutput(): { output: SseOutput; calls: Array<[string, string]> } {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    output: { write: (text) => calls.push(['write', text]), end: (text) => calls.push(['end', text]), drop: (text) => calls.push(['drop', text]) },
  };
}

describe('sseReply', () => {
  it('a run that has ended when the output opens goes out as a single end(text): every record, no separate write', () => {
    const events = Array.from({ length: 50 }, (_, index) => deltaEvent(index, `word ${index}`));
    let closed = 0;
    const reply = sseReply(
      (sink) => {
        for (const event of events) sink.event(event);
        sink.end();
        return () => undefined;
      },
      { onClose: () => (closed += 1) },
    );
    expect(closed).toBe(1);
    const { output, calls } = recordingOutput();
    reply.open(output);
    expect(calls).toEqual([['end', events.map(formatSseEvent).join('')]]);
  });

  it('subscribes when made: a drop before the output opens is kept, and the output gets what came before it, then the drop', async () => {
    let sink: EventSink | undefined;
    const reply = sseReply((subscribed) => {
      sink = subscribed;
      return () => undefined;
    });
    sink?.event(deltaEvent(0, 'kept'));
    sink?.drop();
    sink?.event(deltaEvent(1, 'never sent'));
    await Promise.resolve();
    const { output, calls } = recordingOutput();
    reply.open(output);
    expect(calls).toEqual([['drop', formatSseEvent(deltaEvent(0, 'kept'))]]);
  });

  it('stop (the client left) discards what is pending, runs onDisconnect and onClose once, and writes nothing more', async () => {
    const hooks = { disconnected: 0, closed: 0 };
    let sink: EventSink | undefined;
    let unsubscribed = 0;
    const reply = sseReply(
      (subscribed) => {
        sink = subscribed;
        return () => (unsubscribed += 1);
      },
      { onDisconnect: () => (hooks.disconnected += 1), onClose: () => (hooks.closed += 1) },
    );
    const { output, calls } = recordingOutput();
    const stop = reply.open(output);
    sink?.event(deltaEvent(0, 'lost'));
    stop();
    stop();
    await Promise.resolve();
    sink?.event(deltaEvent(1, 'after'));
    sink?.end();
    await Promise.resolve();
    expect(calls).toEqual([]);
    expect({ ...hooks, unsubscribed }).toEqual({ disconnected: 1, closed: 1, unsubscribed: 1 });
  });
});
