// SSE framing: bytes -> { event, data } messages, using eventsource-parser (isomorphic, no DOM needed).
import { createParser } from 'eventsource-parser';

export interface SseMessage {
  event: string | undefined;
  data: string;
}

/**
 * Yields every SSE message of `stream` in order. A last record missing its blank line is still
 * delivered at end of stream; stopping the iteration early cancels the underlying stream.
 */
export async function* parseSseStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const queue: SseMessage[] = [];
  const parser = createParser({ onEvent: (message) => queue.push({ event: message.event, data: message.data }) });
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* drain(queue);
    }
    finished = true;
    parser.feed(`${decoder.decode()}\n\n`);
    yield* drain(queue);
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Empties the queue in one step (shift() per message is quadratic on a large chunk). */
function* drain(queue: SseMessage[]): Generator<SseMessage> {
  yield* queue.splice(0);
}
