// Test helpers: build agent requests and replay item events through the openai SDK's stream accumulator.
import { accumulateResponse } from 'openai/lib/responses/ResponseAccumulator';
import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { itemEvents, planTurn } from '@/lib/local-gateway/agent';
import type { AgentRequest, ContextItem, ItemEvent, JsonObject, TurnPlan } from '@/lib/local-gateway/agent/contract';

export function userMessage(text: string): ContextItem {
  return { type: 'message', role: 'user', content: [{ type: 'input_text', text }] };
}

export function makeRequest(body: JsonObject, context?: ContextItem[], extra: Partial<AgentRequest> = {}): AgentRequest {
  const input = typeof body.input === 'string' ? body.input : 'Hello there';
  return {
    responseId: 'resp_test_1',
    body: { model: 'local-agent', ...body },
    instructions: null,
    context: context ?? [userMessage(input)],
    inputTokens: 12,
    cachedTokens: 0,
    ...extra,
  };
}

export function plan(body: JsonObject, context?: ContextItem[], extra: Partial<AgentRequest> = {}): TurnPlan {
  return planTurn(makeRequest(body, context, extra));
}

export const STREAM_OPTIONS = { obfuscation: true, partialImages: 0 };

/** All item events of a plan, in output order. */
export function planEvents(turn: TurnPlan, options = STREAM_OPTIONS): ItemEvent[] {
  return turn.items.flatMap((item, index) => itemEvents(item, index, options));
}

/** Replays a plan's events (with lifecycle and sequence numbers) through the SDK accumulator; returns the snapshot. */
export function replayThroughSdk(turn: TurnPlan, options = STREAM_OPTIONS): Response {
  const base = { id: 'resp_test_1', object: 'response', created_at: 0, status: 'in_progress', output: [], model: turn.model, usage: null };
  let sequence = 0;
  let snapshot = accumulateResponse({ type: 'response.created', sequence_number: sequence++, response: base } as unknown as ResponseStreamEvent);
  for (const { event } of planEvents(turn, options)) {
    snapshot = accumulateResponse({ ...event, sequence_number: sequence++ } as unknown as ResponseStreamEvent, snapshot);
  }
  return snapshot;
}

export function texts(events: ItemEvent[], type: string, key = 'delta'): string {
  return events.filter((e) => e.event.type === type).map((e) => String(e.event[key])).join('');
}

/** Ajv with the string formats the agent generates (ajv-formats is not a dependency). */
export async function makeAjv() {
  const { default: Ajv } = await import('ajv');
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\/\/\S+$/i);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  return ajv;
}

export const WEATHER_TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'City name' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      days: { type: 'integer', minimum: 1, maximum: 7 },
    },
    required: ['location', 'unit'],
    additionalProperties: false,
  },
  strict: true,
};

export const STOCK_TOOL = {
  type: 'function',
  name: 'get_stock_price',
  description: 'Look up the latest stock price for a ticker symbol',
  parameters: {
    type: 'object',
    properties: { ticker: { type: 'string', minLength: 1, maxLength: 5 }, when: { type: 'string', format: 'date-time' } },
    required: ['ticker'],
  },
};
