import { describe, expect, it } from 'vitest';
import { explainUngeneratable, generateArguments, generateFromSchema } from '@/lib/local-gateway/agent/structured';
import { stringForPattern } from '@/lib/local-gateway/agent/pattern';
import { makeAjv, plan } from './helpers';

const hints = { question: 'What is the weather in Paris on day 3?', answer: 'Sunny and mild.' };

const strictObject = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

describe('pattern', () => {
  it.each([
    '^[A-Z]{3}-\\d{4}$',
    '^\\d{5}(-\\d{4})?$',
    '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
    '^(red|green|blue)$',
    '^#[0-9a-fA-F]{6}$',
    '^\\p{Lu}\\w+$',
    '^[^\\s,]+$',
    '^(?:[01]\\d|2[0-3]):[0-5]\\d$',
    '^[\\u00e0-\\u00ff]{2}\\.$',
    'id_\\d+',
    '^🙂+x$',
  ])('%s gives a matching string', (pattern) => {
    const value = stringForPattern(pattern);
    expect(value).not.toBeNull();
    expect(new RegExp(pattern, 'u').test(value!)).toBe(true);
  });

  it('respects length bounds next to the pattern', () => {
    expect(stringForPattern('^[a-z]+$', 6, 8)).toMatch(/^[a-z]{6,8}$/);
    expect(stringForPattern('^\\d{2}$', 5)).toBeNull();
  });

  it('gives up on what it cannot generate', () => {
    for (const pattern of ['^(?=.*\\d)\\w+$', '^(a)\\1$', '(?<!x)y', '^[a-', '\\P{L}']) expect(stringForPattern(pattern)).toBeNull();
  });

  it('json_schema output with patterns validates, even when the hint text does not match', async () => {
    const schema = strictObject({
      city: { type: 'string', pattern: '^[A-Z]{2}$' },
      answer: { type: 'string', pattern: '^[a-z ]+\\.$' },
      sku: { type: 'string', pattern: '^SKU-\\d{6}$', maxLength: 10 },
    });
    const value = generateFromSchema(schema, hints);
    expect((await makeAjv()).validate(schema, value)).toBe(true);
  });
});

describe('recursive $ref', () => {
  const tree = strictObject({ name: { type: 'string' }, size: { type: 'integer', minimum: 1 }, children: { type: 'array', items: { $ref: '#' } } });
  const linked = {
    $defs: { node: strictObject({ value: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } }) },
    ...strictObject({ head: { $ref: '#/$defs/node' } }),
  };
  const optionalRecursion = { type: 'object', properties: { label: { type: 'string' }, parent: { $ref: '#' } }, required: ['label'] };

  it.each([
    ['a tree through items', tree],
    ['a list through $defs and a nullable anyOf', linked],
    ['an optional recursive property', optionalRecursion],
  ])('%s yields a finite value that validates (integers and arrays where required)', async (_name, schema) => {
    const value = generateFromSchema(schema, hints);
    const ajv = await makeAjv();
    expect(ajv.validate(schema, value)).toBe(true);
    expect(JSON.stringify(value)).not.toContain('null,"tags"');
    expect(explainUngeneratable(schema)).toBeNull();
  });

  it('function arguments for a recursive strict schema validate', async () => {
    const args = JSON.parse(generateArguments(tree, hints)) as unknown;
    expect((await makeAjv()).validate(tree, args)).toBe(true);
  });

  it('explains schemas no value satisfies', () => {
    expect(explainUngeneratable(strictObject({ next: { $ref: '#' } }))).toMatch(/no value/);
    expect(explainUngeneratable(strictObject({ code: { type: 'string', pattern: '^(?=.*\\d)\\w+$' } }))).toMatch(/lookarounds/);
    expect(explainUngeneratable({ $ref: '#/$defs/missing' })).toMatch(/cannot be compiled/);
  });
});

describe('strict json_schema output through a turn', () => {
  it('the message text validates for a recursive schema with patterns', async () => {
    const schema = strictObject({
      title: { type: 'string', pattern: '^[A-Z][a-z]+$' },
      sections: { type: 'array', items: strictObject({ heading: { type: 'string' }, depth: { type: 'integer', minimum: 0, maximum: 3 }, sub: { type: 'array', items: { $ref: '#/properties/sections/items' } } }) },
    });
    const turn = plan({ input: 'Outline tides', text: { format: { type: 'json_schema', name: 'outline', schema, strict: true } } });
    const message = turn.items.find((item) => item.type === 'message') as unknown as { content: { text: string }[] };
    expect((await makeAjv()).validate(schema, JSON.parse(message.content[0]!.text))).toBe(true);
  });
});
