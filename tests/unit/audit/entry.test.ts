// The audit export's CSV fields and the filters' validation (pure).
import { describe, expect, it } from 'vitest';
import { auditQuerySchema, csvField, csvRow } from '@/lib/audit/entry';

describe('audit CSV', () => {
  it('quotes fields with commas, quotes or line breaks, and keeps a cell that starts like a formula as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(null)).toBe('');
    expect(csvField({ input: 'a' })).toBe('"{""input"":""a""}"');
    expect(csvRow([1, 'x', null])).toBe('1,x,\r\n');
  });

  it('validates the filters, naming the field', () => {
    expect(auditQuerySchema.parse({ status: '4xx', limit: '20' })).toMatchObject({ status: '4xx', limit: 20 });
    expect(auditQuerySchema.parse({})).toMatchObject({ limit: 100 });
    expect(auditQuerySchema.safeParse({ status: '600' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: 'yesterday' }).error?.issues[0]?.path).toEqual(['from']);
    expect(auditQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe('must be 1 to 500');
  });
});
