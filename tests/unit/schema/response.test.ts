import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  RESPONSE_STATUSES,
  TERMINAL_STATUSES,
  deletedResponseSchema,
  inputItemListSchema,
  isTerminalStatus,
  outputItemSchema,
  responseObjectSchema,
  responseSnapshotSchema,
  responseStatusSchema,
  retrievedResponseSchema,
  type ResponseSnapshot,
  type RetrievedResponse,
  streamEventSchema,
  usageSchema,
  webhookEventSchema,
} from '@/lib/schema';
import type { TranscriptState } from '@/lib/transcript/types';

const response = {
  id: 'resp_1',
  object: 'response',
  created_at: 1_700_000_000,
  completed_at: null,
  status: 'in_progress',
  error: null,
  incomplete_details: null,
  background: false,
  instructions: null,
  max_output_tokens: null,
  max_tool_calls: null,
  metadata: {},
  model: 'test-model',
  output: [{ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [] }],
  parallel_tool_calls: true,
  previous_response_id: null,
  store: true,
  text: { format: { type: 'text' }, verbosity: 'medium' },
  tool_choice: 'auto',
  tools: [],
  truncation: 'auto',
  usage: null,
  user: null,
  gateway_extra: { routed_to: 'dense' },
};

describe('response side', () => {
  it('reads a response object and keeps unknown fields', () => {
    expect(responseObjectSchema.parse(response)).toEqual(response);
  });

  it('keeps unknown output item kinds and their fields', () => {
    const item = { type: 'apply_patch_call', id: 'ap_1', patch: 'diff' };
    expect(outputItemSchema.parse(item)).toEqual(item);
    expect(outputItemSchema.safeParse({ id: 'x' }).success).toBe(false);
  });

  it('reads usage with nested details', () => {
    const usage = {
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 2, cache_write_tokens: 1 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 15,
    };
    expect(usageSchema.parse(usage)).toEqual(usage);
  });

  it('reads any stream event with a type', () => {
    const event = { type: 'response.output_text.delta', sequence_number: 4, delta: 'Hel', obfuscation: 'x' };
    expect(streamEventSchema.parse(event)).toEqual(event);
    expect(streamEventSchema.parse({ type: 'keepalive' })).toEqual({ type: 'keepalive' });
    expect(streamEventSchema.safeParse({ sequence_number: 1 }).success).toBe(false);
  });

  it('reads input item lists and deletions', () => {
    const list = { object: 'list', data: [{ type: 'message', id: 'msg_1' }], first_id: 'msg_1', last_id: 'msg_1', has_more: false };
    expect(inputItemListSchema.parse(list)).toEqual(list);
    expect(deletedResponseSchema.parse({ id: 'resp_1', object: 'response', deleted: true }).deleted).toBe(true);
  });

  it('reads the webhook body of docs/protocol.md', () => {
    const event = { id: 'evt_1', object: 'event', type: 'response.completed', created_at: 1, data: { id: 'resp_1', status: 'completed' } };
    expect(webhookEventSchema.parse(event)).toEqual(event);
    expect(webhookEventSchema.safeParse({ ...event, type: 'batch.completed' }).success).toBe(false);
  });

  it('knows the statuses and which are terminal', () => {
    expect(RESPONSE_STATUSES).toHaveLength(6);
    expect(responseStatusSchema.safeParse('queued').success).toBe(true);
    expect(responseStatusSchema.safeParse('done').success).toBe(false);
    expect(TERMINAL_STATUSES.every(isTerminalStatus)).toBe(true);
    expect(isTerminalStatus('queued')).toBe(false);
    expect(isTerminalStatus('in_progress')).toBe(false);
    expect(isTerminalStatus(undefined)).toBe(false);
  });
});

describe('response snapshots (what the transcript and the run hold)', () => {
  it('keep a partial snapshot of a stream event as it came, with no id required', () => {
    expect(responseSnapshotSchema.parse({ status: 'in_progress', sequence_hint: 3 })).toEqual({ status: 'in_progress', sequence_hint: 3 });
  });

  it('keep what they can of odd fields: usage with a missing count, an error without a message, output entries of any shape', () => {
    const odd = { id: 'r', usage: { input_tokens: 4, output_tokens: 'many' }, error: { code: 'oops' }, output: [{ type: 'message' }, 42], incomplete_details: 'x' };
    expect(responseSnapshotSchema.parse(odd)).toEqual({
      id: 'r',
      usage: { input_tokens: 4, output_tokens: null },
      error: { code: 'oops' },
      output: [{ type: 'message' }, { type: 'unknown', value: 42 }],
      incomplete_details: null,
    });
    expect(responseSnapshotSchema.safeParse('not an object').success).toBe(false);
  });

  it('are the type the transcript holds (z.infer of the shared schema, not a hand-written one)', () => {
    expectTypeOf<TranscriptState['response']>().toEqualTypeOf<z.infer<typeof responseSnapshotSchema> | null>();
  });
});

describe('retrieved responses from other gateways', () => {
  it('keep their id and fields; a field of an unexpected type reads as null instead of failing the object', () => {
    const odd = { id: 'gw:1', status: 'completed', model: 42, previous_response_id: { bad: true }, background: 'yes', store: 'yes', output: 'nope', extra: 1 };
    expect(retrievedResponseSchema.parse(odd)).toEqual({ ...odd, model: null, previous_response_id: null, background: null, store: null, output: null });
    expect(retrievedResponseSchema.safeParse({ status: 'completed' }).success).toBe(false);
  });

  it('are a snapshot with its id: one lenient derivation of the response object, not a second declaration', () => {
    expectTypeOf<RetrievedResponse>().toEqualTypeOf<z.infer<typeof retrievedResponseSchema>>();
    expectTypeOf<ResponseSnapshot['status']>().toEqualTypeOf<string | null | undefined>();
    expect(Object.keys(responseSnapshotSchema.shape).sort()).toEqual(Object.keys(responseObjectSchema.shape).sort());
  });

  it('wraps list items that are not objects so they can be shown raw', () => {
    expect(inputItemListSchema.parse({ data: [{ type: 'message' }, 'text'] })).toEqual({ data: [{ type: 'message' }, { type: 'unknown', value: 'text' }], has_more: false });
  });
});
