// SSE framing: bytes or text -> { event, data } messages, using eventsource-parser (isomorphic, no DOM needed).
import { createParser } from 'eventsource-parser';

export interface SseMessage {
  event: string | undefined;
  data: string;
}

export interface SseFramer {
  /** Feeds decoded text; complete messages go to the callback at once. */
  feed(text: string): void;
  /** Ends the stream: a last message that lacks its blank line is still delivered. */
  end(): void;
}

/**
 * Push-based framing, for callers that see the stream chunk by chunk (the proxy's passthrough). CRLF, CR and LF
 * line ends, multi-line `data:` (joined with a newline) and `:` comments follow the SSE standard.
 */
export function createSseFramer(onMessage: (message: SseMessage) => void): SseFramer {
  const parser = createParser({ onEvent: (message) => onMessage({ event: message.event, data: message.data }) });
  return {
    feed: (text) => parser.feed(text),
    end: () => parser.feed('\n\n'),
  };
}

/**
 * Yields every SSE message of `stream` in order. A last record missing its blank line is still
 * delivered at end of stream; stopping the iteration early cancels the underlying stream.
 */
export async function* parseSseStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  for await (const batch of parseSseBatches(stream)) yield* batch;
}

/**
 * The messages of `stream` as they arrive, one array per read that completed any (never empty). A consumer that takes
 * a batch at once pays its per-message bookkeeping (an await, a state update, a notification) once per read: a
 * 20,000-delta stream arrives in a few hundred reads. Stopping the iteration early cancels the stream.
 */
export async function* parseSseBatches(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage[]> {
  let queue: SseMessage[] = [];
  const framer = createSseFramer((message) => queue.push(message));
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  // Hands over what the reads so far completed, and starts a new array (no copying, whatever the batch size).
  const take = () => {
    const batch = queue;
    queue = [];
    return batch;
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      framer.feed(decoder.decode(value, { stream: true }));
      if (queue.length) yield take();
    }
    finished = true;
    framer.feed(decoder.decode());
    framer.end();
    if (queue.length) yield take();
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
