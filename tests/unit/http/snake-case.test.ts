import { describe, expect, it } from 'vitest';
import { toSnakeCase, toSnakeKey } from '@/lib/http/snake-case';

describe('toSnakeCase', () => {
  it('renames keys deeply, arrays included', () => {
    expect(toSnakeKey('eventCreatedAtMs')).toBe('event_created_at_ms');
    expect(toSnakeKey('bodySha256')).toBe('body_sha256');
    expect(toSnakeCase({ stallAfterMs: 5, data: [{ isTerminal: true, stall: { elapsedMs: 1 } }], lastError: null })).toEqual({
      stall_after_ms: 5,
      data: [{ is_terminal: true, stall: { elapsed_ms: 1 } }],
      last_error: null,
    });
  });

  it('keeps the names under headers and body: they are data, not our fields', () => {
    const delivery = { receivedAt: 'x', headers: { 'X-Webhook-Id': 'wh_1' }, body: { metadata: { myKey: 1 }, previous_response_id: 'r' } };
    expect(toSnakeCase(delivery)).toEqual({ received_at: 'x', headers: { 'X-Webhook-Id': 'wh_1' }, body: { metadata: { myKey: 1 }, previous_response_id: 'r' } });
  });
});
