// Server secrets are removed from gateway replies, in streams split anywhere.
import { describe, expect, it } from 'vitest';
import { REDACTED, scrubStream } from '@/lib/gateway/scrub';

const SECRET = 'sk-server-secret-0123456789';

async function readChunks(chunks: string[], secrets: string[]): Promise<{ text: string; parts: string[] }> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const parts: string[] = [];
  const reader = scrubStream(source, secrets).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(new TextDecoder().decode(value));
  }
  return { text: parts.join(''), parts };
}

describe('scrub', () => {
  it('replaces every occurrence in one chunk', async () => {
    expect((await readChunks([`a ${SECRET} b ${SECRET}`], [SECRET])).text).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('replaces a secret split across chunks at every position', async () => {
    const text = `data: {"echo":"Bearer ${SECRET}"}\n\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const { text: out } = await readChunks([text.slice(0, cut), text.slice(cut)], [SECRET]);
      expect(out).toBe(`data: {"echo":"Bearer ${REDACTED}"}\n\n`);
    }
    const { text: bytewise } = await readChunks([...text], [SECRET]);
    expect(bytewise).toBe(`data: {"echo":"Bearer ${REDACTED}"}\n\n`);
  });

  it('passes records through at once when no secret could be starting, and keeps a prefix that came to nothing', async () => {
    const { parts } = await readChunks(['event: a\ndata: {}\n\n', 'data: sk-serv', 'er\n\n'], [SECRET]);
    expect(parts[0]).toBe('event: a\ndata: {}\n\n');
    expect(parts.join('')).toBe('event: a\ndata: {}\n\ndata: sk-server\n\n');
  });

  it('leaves bytes that are not UTF-8 as they were', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x61]);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    expect(new Uint8Array(await new Response(scrubStream(source, [SECRET])).arrayBuffer())).toEqual(bytes);
  });

  it('replaces a secret whose start repeats inside it, split anywhere, given twice in the list', async () => {
    const secret = 'sk-sk-sk-x1234';
    const text = `data: "sk-sk-sk-sk-x1234 sk-sk-"\n\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const { text: out } = await readChunks([text.slice(0, cut), text.slice(cut)], [secret, secret]);
      expect(out).toBe(`data: "sk-${REDACTED} sk-sk-"\n\n`);
    }
  });

  it('tells the caller once that the body ended, whether it was read to its end or cancelled, and then hands on the chunks it was given', async () => {
    const chunks = [new TextEncoder().encode('data: a\n\n'), new TextEncoder().encode('data: b\n\n')];
    const source = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
    let ends = 0;
    const read = scrubStream(source(), [], () => (ends += 1)).getReader();
    const seen: Uint8Array[] = [];
    for (let next = await read.read(); !next.done; next = await read.read()) seen.push(next.value);
    // With no secret to look for, the very chunks pass on: nothing is copied or re-encoded.
    expect(seen[0]).toBe(chunks[0]);
    expect(seen[1]).toBe(chunks[1]);
    expect(ends).toBe(1);
    const cancelled = scrubStream(source(), [SECRET], () => (ends += 1)).getReader();
    await cancelled.read();
    await cancelled.cancel();
    await cancelled.cancel();
    expect(ends).toBe(2);
  });
});

