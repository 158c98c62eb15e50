import { describe, expect, it } from 'vitest';
import { countTokens, itemEvents } from '@/lib/local-gateway/agent';
import type { OutputItem } from '@/lib/local-gateway/agent/contract';
import { makeAjv, plan, replayThroughSdk, texts, WEATHER_TOOL } from './helpers';

type Part = { type: string; text?: string; refusal?: string; logprobs?: { token: string; logprob: number; bytes: number[]; top_logprobs: unknown[] }[]; data?: string; transcript?: string; format?: string };

function parts(item: OutputItem | undefined): Part[] {
  return item?.content as Part[];
}

function textOf(item: OutputItem | undefined): string {
  return parts(item)[0]!.text!;
}

const REASONER = { model: 'local-reasoner', input: 'Why is the sky blue?' };

describe('reasoning', () => {
  it('emits a bare reasoning item without summary or include', () => {
    const turn = plan(REASONER);
    expect(turn.items.map((i) => i.type)).toEqual(['reasoning', 'message']);
    const reasoning = turn.items[0]!;
    expect(reasoning.id).toMatch(/^rs_/);
    expect(reasoning.summary).toEqual([]);
    expect(reasoning).not.toHaveProperty('encrypted_content');
    expect(itemEvents(reasoning, 0, { obfuscation: false, partialImages: 0 }).map((e) => e.event.type)).toEqual([
      'response.output_item.added',
      'response.output_item.done',
    ]);
    expect(turn.usage.output_tokens_details.reasoning_tokens).toBe(192);
  });

  it('summary parts stream when reasoning.summary is set; encrypted_content with the include', () => {
    const turn = plan({ ...REASONER, reasoning: { effort: 'low', summary: 'detailed' }, include: ['reasoning.encrypted_content'] });
    const reasoning = turn.items[0]!;
    const summary = reasoning.summary as { type: string; text: string }[];
    expect(summary).toHaveLength(3);
    expect(typeof reasoning.encrypted_content).toBe('string');
    expect(String(reasoning.encrypted_content).length).toBeGreaterThan(20);
    const events = itemEvents(reasoning, 0, { obfuscation: false, partialImages: 0 });
    expect(events[0]!.event.item).toEqual({ id: reasoning.id, type: 'reasoning', summary: [], status: 'in_progress' });
    const doneTexts = events.filter((e) => e.event.type === 'response.reasoning_summary_text.done').map((e) => e.event.text);
    expect(doneTexts).toEqual(summary.map((p) => p.text));
    expect(texts(events.filter((e) => e.event.summary_index === 0), 'response.reasoning_summary_text.delta')).toBe(summary[0]!.text);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('reasoning tokens grow with effort and count in output_tokens', () => {
    const tokens = ['minimal', 'low', 'medium', 'high'].map(
      (effort) => plan({ ...REASONER, reasoning: { effort } }).usage.output_tokens_details.reasoning_tokens,
    );
    expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
    expect(new Set(tokens).size).toBe(4);
    const high = plan({ ...REASONER, reasoning: { effort: 'high' } });
    expect(high.usage.output_tokens).toBe(high.usage.output_tokens_details.reasoning_tokens + countTokens(textOf(high.items[1])));
  });

  it('local-agent ignores reasoning settings', () => {
    expect(plan({ input: 'hi', reasoning: { effort: 'high', summary: 'auto' } }).items.map((i) => i.type)).toEqual(['message']);
  });
});

describe('usage', () => {
  it('echoes input and cached tokens and totals them', () => {
    const turn = plan({ input: 'hello' }, undefined, { inputTokens: 345, cachedTokens: 128 });
    const output = countTokens(textOf(turn.items[0]));
    expect(turn.usage).toEqual({
      input_tokens: 345,
      input_tokens_details: { cached_tokens: 128 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 345 + output,
    });
  });
});

describe('text options', () => {
  it('verbosity orders answer length low < medium < high', () => {
    const lengths = ['low', 'medium', 'high'].map((verbosity) => textOf(plan({ input: 'Explain tides', text: { verbosity } }).items[0]).length);
    expect(lengths[0]).toBeLessThan(lengths[1]!);
    expect(lengths[1]).toBeLessThan(lengths[2]!);
  });

  it('temperature 0 always gives the same phrasing; higher temperatures may vary by response', () => {
    const at = (temperature: number, responseId: string) => textOf(plan({ input: 'Explain tides', temperature }, undefined, { responseId }).items[0]);
    const zero = ['a', 'b', 'c', 'd'].map((id) => at(0, id));
    expect(new Set(zero).size).toBe(1);
    const hot = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => at(1.5, id));
    expect(new Set(hot).size).toBeGreaterThan(1);
  });

  it('json_schema output validates against the schema', async () => {
    const schema = {
      type: 'object',
      properties: { answer: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 }, tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
      required: ['answer', 'confidence', 'tags'],
      additionalProperties: false,
    };
    const turn = plan({ input: 'Explain tides', text: { format: { type: 'json_schema', name: 'reply', schema, strict: true } } });
    const value = JSON.parse(textOf(turn.items[0]));
    const ajv = await makeAjv();
    expect(ajv.validate(schema, value), JSON.stringify(ajv.errors)).toBe(true);
    expect(value.answer).toContain('Explain tides');
  });

  it('json_schema works together with tools (after the tool output)', async () => {
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'], additionalProperties: false };
    const format = { format: { type: 'json_schema', name: 'reply', schema } };
    const first = plan({ input: 'weather in Paris?', tools: [WEATHER_TOOL], text: format });
    expect(first.items[0]!.type).toBe('function_call');
    const call = first.items[0]!;
    const second = plan({ tools: [WEATHER_TOOL], text: format }, [{ type: 'message', role: 'user', content: 'weather in Paris?' }, call, { type: 'function_call_output', call_id: call.call_id, output: 'sunny' }]);
    const value = JSON.parse(textOf(second.items[0]));
    expect((await makeAjv()).validate(schema, value)).toBe(true);
    expect(value.summary).toContain('sunny');
  });

  it('json_object output is a JSON object', () => {
    const value: unknown = JSON.parse(textOf(plan({ input: 'Explain tides in JSON', text: { format: { type: 'json_object' } } }).items[0]));
    expect(value).toMatchObject({ question: 'Explain tides in JSON' });
  });

  it('logprobs on parts and deltas only with the include and top_logprobs > 0', () => {
    const body = { input: 'Explain tides', include: ['message.output_text.logprobs'], top_logprobs: 3 };
    const turn = plan(body);
    const part = parts(turn.items[0])[0]!;
    expect(part.logprobs!.map((l) => l.token).join('')).toBe(part.text);
    for (const entry of part.logprobs!) {
      expect(entry.top_logprobs).toHaveLength(3);
      expect(entry.bytes).toEqual([...Buffer.from(entry.token)]);
      expect(entry.logprob).toBeLessThanOrEqual(0);
    }
    const deltas = itemEvents(turn.items[0]!, 0, { obfuscation: false, partialImages: 0 }).filter((e) => e.event.type === 'response.output_text.delta');
    expect(deltas.flatMap((e) => e.event.logprobs as unknown[])).toEqual(part.logprobs);
    expect(plan(body).items).toEqual(turn.items);
    expect(parts(plan({ ...body, top_logprobs: 0 }).items[0])[0]!.logprobs).toEqual([]);
    expect(parts(plan({ ...body, include: [] }).items[0])[0]!.logprobs).toEqual([]);
  });

  it('audio modality adds an output_audio WAV part streamed with response.audio.* events', () => {
    const turn = plan({ input: 'Say hi', modalities: ['text', 'audio'] });
    const [textPart, audioPart] = parts(turn.items[0]);
    expect(audioPart).toMatchObject({ type: 'output_audio', format: 'wav', transcript: textPart!.text });
    const wav = Buffer.from(audioPart!.data!, 'base64');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    const events = itemEvents(turn.items[0]!, 0, { obfuscation: false, partialImages: 0 });
    const audioEvents = events.filter((e) => e.event.type.startsWith('response.audio.'));
    expect(audioEvents.at(-1)!.event).toEqual({ type: 'response.audio.done' });
    for (const { event } of audioEvents) {
      expect(event).not.toHaveProperty('item_id');
      expect(event).not.toHaveProperty('output_index');
    }
    expect(texts(events, 'response.audio.delta')).toBe(audioPart!.data);
    expect(texts(events, 'response.audio.transcript.delta')).toBe(audioPart!.transcript);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
    expect(parts(plan({ input: 'Say hi' }).items[0])).toHaveLength(1);
  });

  it('refuses on the trigger phrase with a refusal part', () => {
    const turn = plan({ input: 'Please refuse this' });
    const part = parts(turn.items[0])[0]!;
    expect(part.type).toBe('refusal');
    const events = itemEvents(turn.items[0]!, 0, { obfuscation: false, partialImages: 0 });
    expect(texts(events, 'response.refusal.delta')).toBe(part.refusal);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });
});
