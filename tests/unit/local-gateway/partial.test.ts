import { describe, expect, it } from 'vitest';
import type { OutputItem } from '@/lib/local-gateway/agent/contract';
import { PartialOutput } from '@/lib/local-gateway/partial';
import { plan, planEvents } from '../local-gateway-agent/helpers';

const WEATHER = { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

const textOf = (item: OutputItem | undefined) => ((item?.content as { text?: string; transcript?: string }[] | undefined) ?? []).map((part) => part.text ?? part.transcript ?? '').join('|');

describe('partial output', () => {
  it.each([
    ['reasoning and a message', plan({ model: 'local-reasoner', input: 'Explain tides briefly', reasoning: { summary: 'detailed' } })],
    ['a function call', plan({ input: 'use the weather tool in Paris', tools: [WEATHER] })],
    ['web search with annotations', plan({ input: 'search the web for tides', tools: [{ type: 'web_search' }] })],
    ['text and audio', plan({ input: 'Say hi', modalities: ['text', 'audio'] })],
  ])('%s: every prefix of the stream gives finished items as they are and unfinished ones cut and incomplete', (_name, turn) => {
    const events = planEvents(turn);
    for (let cut = 0; cut <= events.length; cut += Math.max(1, Math.floor(events.length / 40))) {
      const partial = new PartialOutput();
      for (const { event } of events.slice(0, cut)) partial.apply({ ...event, sequence_number: 0 });
      const closed = partial.closed();
      closed.forEach((item, index) => {
        const final = turn.items[index]!;
        expect(item.id).toBe(final.id);
        if (item.status !== 'incomplete') expect(item).toEqual(final);
        else expect(textOf(final).startsWith(textOf(item).split('|')[0] ?? '')).toBe(true);
      });
      expect(partial.current().map((item) => item.status)).not.toContain('incomplete');
    }
    const whole = new PartialOutput();
    for (const { event } of events) whole.apply(event);
    expect(whole.closed()).toEqual(turn.items);
  });

  it('tracks whether output grew since the last check', () => {
    const partial = new PartialOutput();
    expect(partial.takeChanged()).toBe(false);
    for (const { event } of planEvents(plan({ input: 'hi' })).slice(0, 4)) partial.apply(event);
    expect(partial.takeChanged()).toBe(true);
    expect(partial.takeChanged()).toBe(false);
  });

  it('applies events only when the output is asked for: a run nobody polls, cancels or saves does none of the work', () => {
    const turn = plan({ input: 'Tell me about tides' });
    const events = planEvents(turn);
    let reads = 0;
    const partial = new PartialOutput();
    for (const { event } of events) {
      partial.apply(
        new Proxy(event, {
          get(target, key, receiver) {
            reads += 1;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
      );
    }
    expect(reads).toBe(0);
    expect(partial.takeChanged()).toBe(true);
    expect(reads).toBeGreaterThan(0);
    expect(textOf(partial.current()[0])).toBe(textOf(turn.items[0]));
    expect(partial.takeChanged()).toBe(false);
  });
});
