import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, findModel, itemEvents, LOCAL_MODELS, TRIGGERS } from '@/lib/local-gateway/agent';
import { plan, replayThroughSdk, userMessage, WEATHER_TOOL } from './helpers';

describe('max_output_tokens', () => {
  it('cuts the message at the budget: status incomplete, outcome incomplete', () => {
    const full = plan({ input: 'Explain tides', text: { verbosity: 'high' } });
    expect(full.usage.output_tokens).toBeGreaterThan(10);
    const turn = plan({ input: 'Explain tides', text: { verbosity: 'high' }, max_output_tokens: 10 });
    expect(turn.outcome).toEqual({ status: 'incomplete', reason: 'max_output_tokens' });
    expect(turn.items[0]!.status).toBe('incomplete');
    expect(turn.usage.output_tokens).toBe(10);
    const fullText = (full.items[0]!.content as { text: string }[])[0]!.text;
    const cutText = (turn.items[0]!.content as { text: string }[])[0]!.text;
    expect(fullText.startsWith(cutText)).toBe(true);
    const events = itemEvents(turn.items[0]!, 0, { obfuscation: false, partialImages: 0 });
    expect(events.at(-1)!.event.item).toMatchObject({ status: 'incomplete' });
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('counts reasoning tokens: a small budget ends inside the reasoning item', () => {
    const turn = plan({ model: 'local-reasoner', input: 'hi', reasoning: { effort: 'high' }, max_output_tokens: 100 });
    expect(turn.items.map((i) => [i.type, i.status])).toEqual([['reasoning', 'incomplete']]);
    expect(turn.usage.output_tokens_details.reasoning_tokens).toBe(100);
    expect(turn.outcome).toMatchObject({ status: 'incomplete' });
  });

  it('a budget that fits changes nothing', () => {
    const turn = plan({ input: 'hi', max_output_tokens: 10_000 });
    expect(turn.outcome).toEqual({ status: 'completed' });
    expect(turn.items[0]!.status).toBe('completed');
  });
});

describe('compaction', () => {
  const body = { input: 'hi', context_management: [{ type: 'compaction', compact_threshold: 1000 }] };

  it('emits a compaction item first once input tokens pass the threshold', () => {
    const turn = plan(body, undefined, { inputTokens: 1001 });
    expect(turn.items.map((i) => i.type)).toEqual(['compaction', 'message']);
    expect(turn.items[0]!.id).toMatch(/^cmp_/);
    expect(typeof turn.items[0]!.encrypted_content).toBe('string');
    expect(plan(body, undefined, { inputTokens: 1000 }).items.map((i) => i.type)).toEqual(['message']);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('uses the default threshold when compact_threshold is null', () => {
    const nullBody = { input: 'hi', context_management: [{ type: 'compaction', compact_threshold: null }] };
    expect(plan(nullBody, undefined, { inputTokens: 2000 }).items.map((i) => i.type)).toEqual(['message']);
    expect(plan(nullBody, undefined, { inputTokens: 2001 }).items.map((i) => i.type)).toEqual(['compaction', 'message']);
  });
});

describe('auto routing', () => {
  it('keeps the requested model without auto_routing', () => {
    const turn = plan({ model: 'local-agent-moe', input: 'hi', auto_routing_debug: true });
    expect(turn.model).toBe('local-agent-moe');
    expect(turn.routingDebug).toBeUndefined();
  });

  it('picks quantized below 2, moe from 2 to 4, dense from 5 (documented thresholds)', () => {
    const route = (body: Record<string, unknown>, inputTokens = 10) => plan({ input: 'hi', auto_routing: true, ...body }, undefined, { inputTokens }).model;
    expect(route({})).toBe('local-agent-q4');
    expect(route({ tools: [WEATHER_TOOL] })).toBe('local-agent-q4');
    expect(route({}, 1999)).toBe('local-agent-q4');
    expect(route({}, 2000)).toBe('local-agent-moe');
    expect(route({ tools: [WEATHER_TOOL, WEATHER_TOOL] })).toBe('local-agent-moe');
    expect(route({ text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object' } } } }, 1999)).toBe('local-agent-moe');
    expect(route({ text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object' } } } }, 3000)).toBe('local-agent-dense');
    expect(route({ model: 'local-reasoner', reasoning: { effort: 'high' } }, 2000)).toBe('local-reasoner-dense');
    expect(route({ model: 'local-reasoner', reasoning: { effort: 'medium' } })).toBe('local-reasoner-moe');
  });

  it('routingDebug is compact JSON ≤ 512 chars, also for models without sibling variants', () => {
    const turn = plan({ input: 'hi', auto_routing: true, auto_routing_debug: true, tools: [WEATHER_TOOL] }, undefined, { inputTokens: 2500 });
    const debug = JSON.parse(turn.routingDebug!);
    expect(debug).toMatchObject({ requested: 'local-agent', score: 3, chosen: 'local-agent-moe', inputs: { input_tokens: 2500, tools: 1, json_schema: false } });
    expect(debug.candidates).toEqual(['local-agent-q4', 'local-agent-moe', 'local-agent-dense']);
    expect(turn.routingDebug!.length).toBeLessThanOrEqual(512);
    const lone = plan({ model: 'local-slow', input: 'hi', auto_routing: true, auto_routing_debug: true });
    expect(lone.model).toBe('local-slow');
    expect(JSON.parse(lone.routingDebug!)).toMatchObject({ chosen: 'local-slow', candidates: ['local-slow'] });
    const long = plan({ model: 'x'.repeat(2000), input: 'hi', auto_routing: true, auto_routing_debug: true });
    expect(long.routingDebug!.length).toBeLessThanOrEqual(512);
    expect(() => JSON.parse(long.routingDebug!)).not.toThrow();
  });
});

describe('faults', () => {
  it('local-fail and "simulate failure" end failed with {code, message}', () => {
    for (const turn of [plan({ model: 'local-fail', input: 'hi' }), plan({ input: 'please simulate failure' })]) {
      expect(turn.outcome).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
      expect(turn.outcome.status === 'failed' && turn.outcome.error.message.length).toBeGreaterThan(0);
    }
  });

  it('429 with Retry-After, 500, dropped stream and slow first token', () => {
    expect(plan({ model: 'local-rate-limited', input: 'hi' }).fault).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 2 });
    expect(plan({ input: 'simulate rate limit' }).fault).toMatchObject({ kind: 'http', status: 429 });
    expect(plan({ model: 'local-server-error', input: 'hi' }).fault).toMatchObject({ kind: 'http', status: 500 });
    expect(plan({ input: 'simulate server error' }).fault).toMatchObject({ kind: 'http', status: 500 });
    const drop = plan({ model: 'local-drop', input: 'Explain tides' });
    const total = itemEvents(drop.items[0]!, 0, { obfuscation: false, partialImages: 0 }).length;
    expect(drop.fault).toMatchObject({ kind: 'drop_stream' });
    const after = drop.fault?.kind === 'drop_stream' ? drop.fault.afterItemEvents : 0;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(total);
    expect(plan({ input: 'simulate dropped stream' }).fault?.kind).toBe('drop_stream');
    expect(plan({ model: 'local-slow', input: 'hi' }).fault).toMatchObject({ kind: 'slow_first_token', delayMs: 3000 });
    expect(plan({ input: 'simulate slow start' }).fault?.kind).toBe('slow_first_token');
    expect(plan({ input: 'hi' }).fault).toBeUndefined();
  });
});

describe('models and determinism', () => {
  it('lists the family; variants resolve to their family; unknown ids are undefined', () => {
    expect(DEFAULT_MODEL).toBe('local-agent');
    expect(LOCAL_MODELS.map((m) => m.id)).toEqual([
      'local-agent', 'local-echo', 'local-reasoner', 'local-fail', 'local-rate-limited', 'local-server-error', 'local-drop', 'local-slow',
    ]);
    expect(findModel('local-agent-q4')?.id).toBe('local-agent');
    expect(findModel('local-reasoner-dense')?.supportsReasoning).toBe(true);
    expect(findModel('gpt-9')).toBeUndefined();
    expect(TRIGGERS.map((t) => t.phrase)).toContain('simulate failure');
  });

  it('the same request gives the same plan; another response id gives other ids', () => {
    const body = { model: 'local-reasoner', input: 'Search the web and draw a cat', tools: [{ type: 'web_search' }, { type: 'image_generation' }], reasoning: { summary: 'auto' } };
    const context = [userMessage('Search the web and draw a cat')];
    expect(plan(body, context)).toEqual(plan(body, context));
    const other = plan(body, context, { responseId: 'resp_other' });
    expect(other.items.map((i) => i.id)).not.toEqual(plan(body, context).items.map((i) => i.id));
    const ids = plan(body, context).items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('content filter', () => {
  it('"simulate content filter" stops the message half-way with reason content_filter', () => {
    const turn = plan({ input: 'simulate content filter on this answer' });
    expect(turn.outcome).toEqual({ status: 'incomplete', reason: 'content_filter' });
    expect(turn.items[0]!.status).toBe('incomplete');
    const text = (turn.items[0]!.content as { text: string }[])[0]!.text;
    expect(text.length).toBeGreaterThan(0);
    const full = 'You said: "simulate content filter on this answer". Tell me if you would like more detail on any part of it.';
    expect(full.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(full.length * 0.75);
  });
});

describe('model variants (for comparing them)', () => {
  const text = (turn: ReturnType<typeof plan>) => (turn.items[0]!.content as { text: string }[])[0]!.text;

  it('the quantized variant answers a verbosity step shorter, the dense one a step longer: fewer and more tokens than the family', () => {
    const family = plan({ model: 'local-agent', input: 'Tell me about tides' });
    const quantized = plan({ model: 'local-agent-q4', input: 'Tell me about tides' });
    const dense = plan({ model: 'local-agent-dense', input: 'Tell me about tides' });
    expect(quantized.usage.output_tokens).toBeLessThan(family.usage.output_tokens);
    expect(dense.usage.output_tokens).toBeGreaterThan(family.usage.output_tokens);
    expect(text(quantized)).toBe(text(plan({ model: 'local-agent', input: 'Tell me about tides', text: { verbosity: 'low' } })));
    expect(text(dense)).toBe(text(plan({ model: 'local-agent', input: 'Tell me about tides', text: { verbosity: 'high' } })));
    // The steps stop at the ends of the scale.
    expect(text(plan({ model: 'local-agent-q4', input: 'x', text: { verbosity: 'low' } }))).toBe(text(plan({ model: 'local-agent', input: 'x', text: { verbosity: 'low' } })));
  });

  it('each variant has its pace: quantized twice as fast, dense half as fast and waiting before its first token; the family and moe text unchanged', () => {
    expect(plan({ model: 'local-agent-q4', input: 'hi' }).pace).toEqual({ speed: 2, firstTokenDelayTokens: 0 });
    expect(plan({ model: 'local-agent-moe', input: 'hi' }).pace).toEqual({ speed: 1, firstTokenDelayTokens: 4 });
    expect(plan({ model: 'local-echo-dense', input: 'hi' }).pace).toEqual({ speed: 0.5, firstTokenDelayTokens: 10 });
    expect(plan({ model: 'local-agent', input: 'hi' }).pace).toBeUndefined();
    expect(text(plan({ model: 'local-agent-moe', input: 'Tell me about tides' }))).toBe(text(plan({ model: 'local-agent', input: 'Tell me about tides' })));
  });

  it('auto_routing styles the answer as the variant it chose', () => {
    const routed = plan({ model: 'local-agent', input: 'Tell me about tides', auto_routing: true });
    expect(routed.model).toBe('local-agent-q4');
    expect(routed.pace).toEqual({ speed: 2, firstTokenDelayTokens: 0 });
  });
});
