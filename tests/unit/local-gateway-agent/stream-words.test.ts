import { describe, expect, it } from 'vitest';
import { countTokens, TRIGGERS } from '@/lib/local-gateway/agent';
import { MAX_STREAM_WORDS, streamWordCount } from '@/lib/local-gateway/agent/stream-words';
import { plan, planEvents, texts } from './helpers';

function messageText(turn: ReturnType<typeof plan>): string {
  return (turn.items[0]?.content as { text: string }[])[0]?.text ?? '';
}

function wordCount(text: string): number {
  return text.split(' ').filter(Boolean).length;
}

describe('"stream <N> words" trigger', () => {
  it('is documented with its effect', () => {
    const trigger = TRIGGERS.find((t) => t.phrase === 'stream 20000 words');
    expect(trigger?.effect).toMatch(/one word per text delta/);
  });

  it('answers with N words streamed as N text deltas, one word each', () => {
    const turn = plan({ input: 'stream 20000 words', stream: true });
    expect(turn.outcome).toEqual({ status: 'completed' });
    expect(turn.items).toHaveLength(1);
    const text = messageText(turn);
    expect(wordCount(text)).toBe(20_000);
    expect(turn.usage.output_tokens).toBe(20_000);
    const events = planEvents(turn, { obfuscation: false, partialImages: 0 });
    const deltas = events.filter((e) => e.event.type === 'response.output_text.delta');
    expect(deltas).toHaveLength(20_000);
    expect(deltas.every((e) => wordCount(String(e.event.delta)) === 1)).toBe(true);
    expect(texts(events, 'response.output_text.delta')).toBe(text);
  });

  it('is deterministic and the same for local-echo', () => {
    const agent = messageText(plan({ input: 'please stream 300 words' }));
    expect(messageText(plan({ input: 'please stream 300 words' }))).toBe(agent);
    expect(messageText(plan({ model: 'local-echo', input: 'please stream 300 words' }))).toBe(agent);
    expect(countTokens(agent)).toBe(300);
  });

  it(`caps N at ${MAX_STREAM_WORDS}`, () => {
    expect(streamWordCount('stream 1,000,000 words')).toBe(MAX_STREAM_WORDS);
    expect(streamWordCount('stream 0 words')).toBe(1);
    expect(streamWordCount('tell me a story')).toBeUndefined();
    const turn = plan({ input: 'stream 999999 words' });
    const deltas = planEvents(turn).filter((e) => e.event.type === 'response.output_text.delta');
    expect(wordCount(messageText(turn))).toBe(MAX_STREAM_WORDS);
    expect(deltas).toHaveLength(MAX_STREAM_WORDS);
  });

  it('is still cut by max_output_tokens', () => {
    const turn = plan({ input: 'stream 20000 words', max_output_tokens: 100 });
    expect(turn.outcome).toEqual({ status: 'incomplete', reason: 'max_output_tokens' });
    expect(turn.items[0]?.status).toBe('incomplete');
    expect(wordCount(messageText(turn))).toBe(100);
  });
});
