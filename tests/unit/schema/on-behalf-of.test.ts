import { describe, expect, it } from 'vitest';
import { onBehalfOfSchema, parseOnBehalfOf } from '@/lib/schema';
import { findOnBehalfOfRefusal } from '@/lib/schema/on-behalf-of-rule';

describe('X-On-Behalf-Of', () => {
  it('treats absent and blank as no user', () => {
    expect(parseOnBehalfOf(null)).toEqual({ ok: true, value: null });
    expect(parseOnBehalfOf(undefined)).toEqual({ ok: true, value: null });
    expect(parseOnBehalfOf('')).toEqual({ ok: true, value: null });
    expect(parseOnBehalfOf('   ')).toEqual({ ok: true, value: null });
  });

  it('trims surrounding whitespace', () => {
    expect(parseOnBehalfOf('  user-42 ')).toEqual({ ok: true, value: 'user-42' });
    expect(onBehalfOfSchema.parse(' a b ')).toBe('a b');
  });

  it('accepts 256 characters and rejects 257 (after trimming)', () => {
    expect(parseOnBehalfOf('u'.repeat(256))).toEqual({ ok: true, value: 'u'.repeat(256) });
    expect(parseOnBehalfOf(` ${'u'.repeat(256)} `)).toEqual({ ok: true, value: 'u'.repeat(256) });
    const result = parseOnBehalfOf('u'.repeat(257));
    expect(result).toMatchObject({
      ok: false,
      error: { error: { param: 'X-On-Behalf-Of', type: 'invalid_request_error', code: 'string_above_max_length' } },
    });
  });

  it('accepts the whole printable ASCII range', () => {
    const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect(parseOnBehalfOf(printable)).toEqual({ ok: true, value: printable });
  });

  it.each([
    ['a tab inside', 'a\tb'],
    ['a control character', 'a\u0001b'],
    ['DEL', 'a\u007fb'],
    ['non-ASCII', 'zoë'],
  ])('rejects %s', (_label, raw) => {
    const result = parseOnBehalfOf(raw);
    expect(result).toMatchObject({ ok: false, error: { error: { param: 'X-On-Behalf-Of', code: 'invalid_value' } } });
    if (!result.ok) expect(result.error.error.message).toContain('printable ASCII');
  });
});

describe('the X-On-Behalf-Of rule without zod (the chains page checks its acting-user field with it)', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['a name with spaces around', '  user-42 '],
    ['256 characters', 'u'.repeat(256)],
    ['256 characters padded', ` ${'u'.repeat(256)} `],
    ['257 characters', 'u'.repeat(257)],
    ['257 characters with a tab', `${'u'.repeat(256)}\t`.padEnd(258, 'x')],
    ['a tab inside', 'a\tb'],
    ['a control character', 'a\u0001b'],
    ['DEL', 'a\u007fb'],
    ['non-ASCII', 'zoë'],
  ])('refuses %s exactly as the schema does, with its first message', (_label, raw) => {
    const parsed = onBehalfOfSchema.safeParse(raw);
    expect(findOnBehalfOfRefusal(raw)).toBe(parsed.success ? null : parsed.error.issues[0]?.message);
  });

  it('names the header and its bound in its words', () => {
    expect(findOnBehalfOfRefusal('u'.repeat(257))).toBe('X-On-Behalf-Of must be at most 256 characters.');
    expect(findOnBehalfOfRefusal('zoë')).toBe('X-On-Behalf-Of may contain only printable ASCII characters.');
    expect(findOnBehalfOfRefusal(' alice ')).toBeNull();
  });
});
