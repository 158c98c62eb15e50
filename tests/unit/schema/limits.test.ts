import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/schema';
import { body, expectAccepted, expectRejected } from './helpers';

type NumericCase = { field: string; min: number; max: number; kind: 'integer' | 'decimal'; step: number };

const numericCases: NumericCase[] = [
  { field: 'max_tool_calls', ...LIMITS.max_tool_calls, kind: 'integer', step: 1 },
  { field: 'max_output_tokens', ...LIMITS.max_output_tokens, kind: 'integer', step: 1 },
  { field: 'top_logprobs', ...LIMITS.top_logprobs, kind: 'integer', step: 1 },
  { field: 'temperature', ...LIMITS.temperature, kind: 'decimal', step: 0.01 },
  { field: 'top_p', ...LIMITS.top_p, kind: 'decimal', step: 0.01 },
  { field: 'presence_penalty', ...LIMITS.presence_penalty, kind: 'decimal', step: 0.01 },
  { field: 'frequency_penalty', ...LIMITS.frequency_penalty, kind: 'decimal', step: 0.01 },
];

describe('numeric bounds of the Limits table', () => {
  it('matches the spec table', () => {
    expect(LIMITS.max_tool_calls).toEqual({ min: 1, max: 300, default: 64 });
    expect(LIMITS.max_output_tokens).toEqual({ min: 1, max: 9007199254740991 });
    expect(LIMITS.temperature).toEqual({ min: 0, max: 2 });
    expect(LIMITS.top_p).toEqual({ min: 0, max: 1 });
    expect(LIMITS.top_logprobs).toEqual({ min: 0, max: 20 });
    expect(LIMITS.presence_penalty).toEqual({ min: -2, max: 2 });
    expect(LIMITS.frequency_penalty).toEqual({ min: -2, max: 2 });
    expect(LIMITS.webhook_secret).toEqual({ minLength: 16, maxLength: 256 });
    expect(LIMITS.context_management.maxItems).toBe(1);
    expect(LIMITS.metadata).toEqual({ maxPairs: 16, keyMaxLength: 64, valueMaxLength: 512 });
    expect(LIMITS.on_behalf_of.maxLength).toBe(256);
  });

  describe.each(numericCases)('$field', ({ field, min, max, kind, step }) => {
    it('accepts both edges', () => {
      expect(expectAccepted(body({ [field]: min }))[field]).toBe(min);
      expect(expectAccepted(body({ [field]: max }))[field]).toBe(max);
    });

    it('rejects just below the minimum', () => {
      const error = expectRejected(body({ [field]: min - step }), field, `${kind}_below_min_value`);
      expect(error.message).toBe(`Invalid '${field}': ${min - step} is below the minimum of ${min}.`);
    });

    it('rejects just above the maximum', () => {
      // above MAX_SAFE_INTEGER, +1 is not representable, so step further out
      const above = max === Number.MAX_SAFE_INTEGER ? max + 2 : max + step;
      const error = expectRejected(body({ [field]: above }), field, `${kind}_above_max_value`);
      expect(error.message).toContain(`is above the maximum of ${max}.`);
    });

    it('rejects strings and NaN as invalid_type', () => {
      expectRejected(body({ [field]: String(min) }), field, 'invalid_type');
      expectRejected(body({ [field]: Number.NaN }), field, 'invalid_type');
    });
  });

  it.each(['max_tool_calls', 'max_output_tokens', 'top_logprobs'])('rejects a fraction for integer %s', (field) => {
    const error = expectRejected(body({ [field]: 1.5 }), field, 'invalid_type');
    expect(error.message).toBe(`Invalid '${field}': expected an integer, but got 1.5.`);
  });

  it('names the bound in a human message', () => {
    const error = expectRejected(body({ temperature: 2.5 }), 'temperature', 'decimal_above_max_value');
    expect(error.message).toBe("Invalid 'temperature': 2.5 is above the maximum of 2.");
  });
});

describe('length and count bounds', () => {
  const withWebhook = (secret: string) =>
    body({ background: true, webhook_url: 'https://hooks.example.com/a', webhook_secret: secret });

  it('accepts webhook_secret of 16 and 256 characters', () => {
    expectAccepted(withWebhook('s'.repeat(16)));
    expectAccepted(withWebhook('s'.repeat(256)));
  });

  it('rejects webhook_secret of 15 and 257 characters', () => {
    expectRejected(withWebhook('s'.repeat(15)), 'webhook_secret', 'string_below_min_length');
    expectRejected(withWebhook('s'.repeat(257)), 'webhook_secret', 'string_above_max_length');
  });

  it('accepts context_management with 0 or 1 element and rejects 2', () => {
    expectAccepted(body({ context_management: [] }));
    expectAccepted(body({ context_management: [{ type: 'compaction' }] }));
    expectRejected(
      body({ context_management: [{ type: 'compaction' }, { type: 'compaction' }] }),
      'context_management',
      'array_above_max_length',
    );
  });

  it('bounds compact_threshold at 1000 and accepts null', () => {
    expectAccepted(body({ context_management: [{ type: 'compaction', compact_threshold: 1000 }] }));
    expectAccepted(body({ context_management: [{ type: 'compaction', compact_threshold: null }] }));
    expectRejected(
      body({ context_management: [{ type: 'compaction', compact_threshold: 999 }] }),
      'context_management[0].compact_threshold',
      'integer_below_min_value',
    );
    expectRejected(
      body({ context_management: [{ type: 'other' }] }),
      'context_management[0].type',
      'invalid_value',
    );
  });

  it('bounds metadata pairs, key length and value length', () => {
    const pairs = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
    expectAccepted(body({ metadata: pairs(16) }));
    expectRejected(body({ metadata: pairs(17) }), 'metadata', 'object_above_max_properties');

    expectAccepted(body({ metadata: { ['k'.repeat(64)]: 'v'.repeat(512) } }));
    expectRejected(body({ metadata: { foo: 'v'.repeat(513) } }), 'metadata.foo', 'string_above_max_length');
    const longKey = 'k'.repeat(65);
    expectRejected(body({ metadata: { [longKey]: 'v' } }), `metadata.${longKey}`, 'string_above_max_length');
    expectRejected(body({ metadata: { foo: 1 } }), 'metadata.foo', 'invalid_type');
  });

  it('bounds safety_identifier at 64 characters', () => {
    expectAccepted(body({ safety_identifier: 'x'.repeat(64) }));
    expectRejected(body({ safety_identifier: 'x'.repeat(65) }), 'safety_identifier', 'string_above_max_length');
  });
});
