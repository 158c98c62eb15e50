import { describe, expect, it } from 'vitest';
import { countItemTokens, countTokens, itemEvents, LOCAL_MODELS } from '@/lib/local-gateway/agent';
import { plan, planEvents, replayThroughSdk, texts, userMessage } from './helpers';

describe('text message', () => {
  it('answers from the input with a completed message', () => {
    const turn = plan({ input: 'Tell me about tide pools' });
    expect(turn.model).toBe('local-agent');
    expect(turn.outcome).toEqual({ status: 'completed' });
    expect(turn.items).toHaveLength(1);
    const [message] = turn.items;
    expect(message?.type).toBe('message');
    expect(message?.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(message?.role).toBe('assistant');
    const text = (message?.content as { text: string }[])[0]?.text;
    expect(text).toContain('Tell me about tide pools');
  });

  it('reads as an answer: what the agent is, is said once in the model description, never in the answers', () => {
    for (const verbosity of ['low', 'medium', 'high']) {
      for (const temperature of [0, 1.5]) {
        const text = (plan({ input: 'Tell me about tide pools', text: { verbosity }, temperature }).items[0]!.content as { text: string }[])[0]!.text;
        expect(text).not.toMatch(/scripted|local agent|I am the/i);
      }
    }
    expect(LOCAL_MODELS.find((model) => model.id === 'local-agent')?.description).toMatch(/scripted, deterministic agent/);
  });

  it('streams the message event order (added, part, deltas, done) with consistent ids, and deltas concatenate to the text', () => {
    const turn = plan({ input: 'Tell me about tide pools' });
    const item = turn.items[0]!;
    const events = itemEvents(item, 0, { obfuscation: false, partialImages: 0 });
    const types = [...new Set(events.map((e) => e.event.type))];
    expect(types).toEqual([
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
    ]);
    const added = events[0]!.event.item as { id: string; status: string; content: unknown[] };
    expect(added).toMatchObject({ id: item.id, status: 'in_progress', content: [] });
    for (const { event } of events.slice(1, -1)) expect(event.item_id).toBe(item.id);
    for (const { event } of events) expect(event.output_index).toBe(0);
    expect(events.at(-1)!.event.item).toEqual(item);
    const text = (item.content as { text: string }[])[0]!.text;
    expect(texts(events, 'response.output_text.delta')).toBe(text);
    expect(events.some((e) => 'obfuscation' in e.event)).toBe(false);
    expect(events.reduce((sum, e) => sum + e.tokens, 0)).toBe(countTokens(text));
    expect(countItemTokens(turn.items)).toBe(countTokens(text));
  });

  it('adds obfuscation padding to deltas only when asked', () => {
    const turn = plan({ input: 'Hi' });
    const events = planEvents(turn);
    const deltas = events.filter((e) => e.event.type.endsWith('.delta'));
    expect(deltas.length).toBeGreaterThan(0);
    for (const { event } of deltas) expect(typeof event.obfuscation).toBe('string');
    for (const { event } of events.filter((e) => !e.event.type.endsWith('.delta'))) expect(event.obfuscation).toBeUndefined();
  });

  it('is accepted by the openai SDK accumulator and yields the planned output', () => {
    const turn = plan({ input: 'Describe the agent' });
    const snapshot = replayThroughSdk(turn);
    expect(snapshot.output).toEqual(turn.items);
    expect(snapshot.output_text).toContain('Describe the agent');
  });

  it('answers "what did I ask before?" from earlier user messages', () => {
    const context = [
      userMessage('How tall is Mont Blanc?'),
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'About 4800 m.' }] },
      userMessage('what did I ask before?'),
    ];
    const turn = plan({}, context);
    const text = (turn.items[0]?.content as { text: string }[])[0]!.text;
    expect(text).toContain('Earlier you asked: "How tall is Mont Blanc?"');
  });
});

describe('answers', () => {
  const answer = (input: string) => (plan({ input, text: { verbosity: 'low' } }).items[0]!.content as { text: string }[])[0]!.text;

  it('greets, computes simple arithmetic, and restates other input', () => {
    expect(answer('Hello!')).toBe('Hello! How can I help you today?');
    expect(answer('what is 12 * 3?')).toBe('The answer is 12 * 3 = 36.');
    expect(answer('Tell me about tides')).toBe('You said: "Tell me about tides".');
  });

  it('computes standalone numbers only: digits inside an id, a hex literal, a URL or a date are restated, not computed', () => {
    expect(answer('2x3')).toBe('The answer is 2 x 3 = 6.');
    expect(answer('What is 7-2.')).toBe('The answer is 7 - 2 = 5.');
    expect(answer('-1.5 + 2')).toBe('The answer is -1.5 + 2 = 0.5.');
    expect(answer('Show ![tracker](/icon.svg?probe=mwz4p0x8) please')).toBe('You said: "Show ![tracker](/icon.svg?probe=mwz4p0x8) please".');
    expect(answer('look up resp_ab12x3')).toBe('You said: "look up resp_ab12x3".');
    expect(answer('what is 0x8f')).toBe('You said: "what is 0x8f".');
    expect(answer('due 2026-11-27')).toBe('You said: "due 2026-11-27".');
    expect(answer('see item-1x2')).toBe('You said: "see item-1x2".');
  });
});
