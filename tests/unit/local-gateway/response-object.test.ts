import { describe, expect, it } from 'vitest';
import type { TurnPlan } from '@/lib/local-gateway/agent/contract';
import { buildResponse, finishResponse } from '@/lib/local-gateway/response-object';

const plan: TurnPlan = {
  model: 'local-agent',
  items: [{ id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi!', annotations: [] }] }],
  usage: { input_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 5 },
  outcome: { status: 'completed' },
  routingDebug: '{"chosen":"dense"}',
};

describe('response object', () => {
  it('applies the spec defaults', () => {
    const response = buildResponse({ id: 'resp_1', body: { model: 'local-agent' }, plan, status: 'in_progress', prompt: null, conversationId: null });
    expect(response).toMatchObject({
      object: 'response', status: 'in_progress', background: false, store: true, parallel_tool_calls: true, max_tool_calls: 64, truncation: 'auto',
      service_tier: 'auto', tool_choice: 'auto', tools: [], metadata: {}, usage: null, completed_at: null, error: null, incomplete_details: null,
      instructions: null, previous_response_id: null, user: null, text: { format: { type: 'text' }, verbosity: 'medium' }, output: [],
    });
    expect(response).not.toHaveProperty('conversation');
  });

  it('puts the routing decision in metadata only with auto_routing_debug', () => {
    expect(buildResponse({ id: 'r', body: { auto_routing: true, auto_routing_debug: true, metadata: { a: '1' } }, plan, status: 'queued', prompt: null, conversationId: 'conv_1' })).toMatchObject({
      metadata: { a: '1', auto_routing_debug: '{"chosen":"dense"}' },
      conversation: { id: 'conv_1' },
      status: 'queued',
    });
    expect(buildResponse({ id: 'r', body: {}, plan, status: 'queued', prompt: null, conversationId: null }).metadata).toEqual({});
  });

  it('finishes with usage, output_text and the outcome', () => {
    const start = buildResponse({ id: 'r', body: {}, plan, status: 'in_progress', prompt: null, conversationId: null });
    const done = finishResponse(start, plan.items, plan.outcome, plan.usage);
    expect(done).toMatchObject({ status: 'completed', output_text: 'Hi!', usage: plan.usage, completed_at: expect.any(Number) });
    const incomplete = finishResponse(start, plan.items, { status: 'incomplete', reason: 'max_output_tokens' }, plan.usage);
    expect(incomplete).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, completed_at: null });
    const failed = finishResponse(start, [], { status: 'failed', error: { code: 'server_error', message: 'boom' } }, plan.usage);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'server_error', message: 'boom' }, output_text: '' });
  });
});
