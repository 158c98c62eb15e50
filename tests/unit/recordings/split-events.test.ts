// Cutting timed stream text into SSE events: every framing SSE allows, pieces cut anywhere, nothing lost or added.
import { describe, expect, it } from 'vitest';
import { splitAnyLineEnds, splitLfOnly, splitSseEvents } from '@/lib/recordings/split-events';

const A = 'event: a\ndata: {"n":1}\n\n';
const B = 'event: b\ndata: {"n":2}\n\n';

describe('splitSseEvents', () => {
  it('gives each event the time its last byte arrived', () => {
    expect(splitSseEvents([A + B.slice(0, 5), B.slice(5)], [10, 25])).toEqual([
      { at_ms: 10, raw: A },
      { at_ms: 25, raw: B },
    ]);
  });

  it('keeps CRLF and CR framing, also when the blank line is split between pieces', () => {
    const crlf = 'data: x\r\n\r\n';
    expect(splitSseEvents(['data: x\r\n\r', '\ndata: y\r\n\r\n'], [1, 2])).toEqual([
      { at_ms: 1, raw: crlf },
      { at_ms: 2, raw: 'data: y\r\n\r\n' },
    ]);
    expect(splitSseEvents(['data: x\r\rdata: y\r\r'], [3])).toEqual([
      { at_ms: 3, raw: 'data: x\r\r' },
      { at_ms: 3, raw: 'data: y\r\r' },
    ]);
    // A CR that ends a blank line at the very end of the stream.
    expect(splitSseEvents(['data: z\r\n\r'], [4])).toEqual([{ at_ms: 4, raw: 'data: z\r\n\r' }]);
  });

  it('joins back to exactly the text that arrived, however it was cut', () => {
    const stream = `: hello\n\n${A}\n\n${B}data: {"multi":\ndata: "line"}\n\ndata: [DONE]\n\nevent: tail\ndata: {"cut":`;
    for (const size of [1, 2, 3, 7, 64, stream.length]) {
      const pieces: string[] = [];
      for (let at = 0; at < stream.length; at += size) pieces.push(stream.slice(at, at + size));
      const events = splitSseEvents(pieces, pieces.map((_, index) => index));
      expect(events.map((event) => event.raw).join('')).toBe(stream);
      expect(events.map((event) => event.raw.trim().split('\n')[0])).toEqual([': hello', 'event: a', 'event: b', 'data: {"multi":', 'data: [DONE]', 'event: tail']);
      expect(events.at(-1)?.at_ms).toBe(pieces.length - 1);
    }
  });

  it('keeps blank lines between events with the event after them, and text without a blank line as a last event', () => {
    expect(splitSseEvents(['\n\n' + A, 'data: cut'], [5, 9])).toEqual([
      { at_ms: 5, raw: '\n\n' + A },
      { at_ms: 9, raw: 'data: cut' },
    ]);
    expect(splitSseEvents([], [])).toEqual([]);
  });
});

describe('splitSseEvents on CRLF streams cut at every position', () => {
  it('finds the same events wherever the pieces end', () => {
    const stream = 'event: a\r\ndata: 1\r\n\r\nevent: b\r\ndata: 2\r\n\r\n: c\r\r';
    const expected = ['event: a\r\ndata: 1\r\n\r\n', 'event: b\r\ndata: 2\r\n\r\n', ': c\r\r'];
    for (let cutAt = 1; cutAt < stream.length; cutAt += 1) {
      for (let second = cutAt + 1; second < stream.length; second += 3) {
        const pieces = [stream.slice(0, cutAt), stream.slice(cutAt, second), stream.slice(second)];
        expect(splitSseEvents(pieces, [1, 2, 3]).map((event) => event.raw)).toEqual(expected);
      }
    }
  });
});

describe('splitSseEvents on text without a CR (its indexOf path)', () => {
  it('cuts the same events at the same times as the line-by-line reader, for any LF text cut anywhere', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const parts = ['\n', '\n', '\n', 'data: x', 'event: a', ':', ' ', '{"t":"\\n"}'];
    for (let run = 0; run < 5_000; run += 1) {
      let text = '';
      for (let length = Math.floor(random() * 30); length > 0; length -= 1) text += parts[Math.floor(random() * parts.length)];
      const pieces: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = Math.floor(random() * 6);
        pieces.push(text.slice(at, at + size));
        at += size;
      }
      const times = pieces.map((_, index) => index * 10);
      expect(splitLfOnly(pieces, times)).toEqual(splitAnyLineEnds(pieces, times));
      expect(splitSseEvents(pieces, times)).toEqual(splitAnyLineEnds(pieces, times));
    }
  });

  it('keeps a long stream whole: every event once, in order, stamped with the piece its blank line arrived in', () => {
    const events = Array.from({ length: 300 }, (_, n) => `event: e\ndata: {"n":${n}}\n\n`);
    const stream = events.join('');
    const pieces: string[] = [];
    for (let at = 0; at < stream.length; at += 97) pieces.push(stream.slice(at, at + 97));
    const split = splitSseEvents(pieces, pieces.map((_, index) => index));
    expect(split.map((event) => event.raw)).toEqual(events);
    let end = 0;
    split.forEach((event, index) => {
      end += events[index]!.length;
      expect(event.at_ms).toBe(Math.floor((end - 1) / 97));
    });
  });
});
