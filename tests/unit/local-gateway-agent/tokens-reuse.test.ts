import { beforeEach, describe, expect, it, vi } from 'vitest';

const encoded = vi.hoisted(() => [] as string[]);

vi.mock('gpt-tokenizer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('gpt-tokenizer')>();
  return {
    ...actual,
    encode: (text: string, options?: Parameters<typeof actual.encode>[1]) => {
      encoded.push(text);
      return actual.encode(text, options);
    },
  };
});

const { countTokens, splitTokens } = await import('@/lib/local-gateway/agent/tokens');
const { planEvents, plan } = await import('./helpers');

describe('token counting reuses what it has tokenized', () => {
  beforeEach(() => {
    encoded.length = 0;
  });

  it('one turn tokenizes its answer once, though usage, the budget, the deltas and the streamed count all read it', () => {
    const turn = plan({ input: 'Tell me about tokenizer reuse in one turn, please.', text: { verbosity: 'high' } });
    const events = planEvents(turn);
    const answer = events.filter(({ event }) => event.type === 'response.output_text.delta').map(({ event }) => event.delta).join('');
    expect(answer.length).toBeGreaterThan(100);
    expect(encoded.filter((text) => text === answer)).toHaveLength(1);
  });

  it('gives the same counts and chunks from the reused result, and a caller changing its chunks changes nothing', () => {
    const text = `Reuse check ${'\u{1F600}'} with an emoji split across tokens, NUL \u0000 and "quotes".`;
    const first = splitTokens(text);
    first.push('tampered');
    const second = splitTokens(text);
    expect(second.join('')).toBe(text);
    expect(second).not.toContain('tampered');
    expect(countTokens(text)).toBe(countTokens(`${text}`));
    expect(encoded.filter((entry) => entry === text)).toHaveLength(1);
  });

  it('does not keep long texts: each call on one tokenizes it again', () => {
    const long = 'word '.repeat(5_000);
    countTokens(long);
    countTokens(long);
    expect(encoded.filter((entry) => entry === long)).toHaveLength(2);
  });
});
