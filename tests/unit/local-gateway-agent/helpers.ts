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
