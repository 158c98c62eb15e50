import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '@/lib/transcript/run-types';
import { describeNumbering, isEndOfStream, readNumbering } from '@/lib/transcript/sequencing';

const logged = (type: string, sequenceNumber: number | null, extra: Partial<LoggedEvent> = {}): LoggedEvent => ({ index: 0, sequenceNumber, type, atMs: 0, data: '{}', ...extra });

describe('readNumbering', () => {
  it('reads the first and last sequence numbers of a numbered stream, ignoring the proxy error and [DONE]', () => {
    const events = [logged('response.created', 0), logged('response.output_text.delta', 1), logged('error', null), logged('response.completed', 7), logged('[DONE]', null, { data: '[DONE]' })];
    expect(readNumbering(events)).toEqual({ kind: 'numbered', first: 0, last: 7 });
    expect(describeNumbering(readNumbering(events))).toBe('0–7');
    expect(describeNumbering(readNumbering(events, 1))).toBe('0');
  });

  it('tells a stream of unnumbered response events apart from one with nothing of the gateway in it', () => {
    const unnumbered = [logged('response.created', null), logged('response.output_text.delta', null), logged('[DONE]', null)];
    expect(readNumbering(unnumbered)).toEqual({ kind: 'unnumbered' });
    expect(describeNumbering({ kind: 'unnumbered' })).toBe('no sequence numbers: resume is not possible');
    // Only the proxy's transport error, or an unparsable record: nothing says the gateway numbers nothing.
    expect(readNumbering([logged('error', null)])).toEqual({ kind: 'none' });
    expect(readNumbering([logged('response.created', null, { parseError: 'bad JSON' })])).toEqual({ kind: 'none' });
    expect(readNumbering([])).toEqual({ kind: 'none' });
    expect(describeNumbering({ kind: 'none' })).toBeNull();
  });

  it('counts only the first `count` events (the log grows in place)', () => {
    expect(readNumbering([logged('response.created', null), logged('response.completed', 3)], 1)).toEqual({ kind: 'unnumbered' });
  });
});

describe('isEndOfStream', () => {
  it('is the [DONE] sentinel only, not an event that happens to be named so', () => {
    expect(isEndOfStream(logged('[DONE]', null, { data: '[DONE]' }))).toBe(true);
    expect(isEndOfStream(logged('[DONE]', 4))).toBe(false);
    expect(isEndOfStream(logged('response.completed', 4))).toBe(false);
  });
});
