import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from '@/components/request/json-schema-check';

describe('JSON Schema check (precompiled, no eval)', () => {
  it('accepts a valid parameters schema and nothing at all', () => {
    expect(checkJsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })).toBeNull();
    expect(checkJsonSchema(null)).toBeNull();
    expect(checkJsonSchema(true)).toBeNull();
  });

  it('says where a schema is wrong', () => {
    expect(checkJsonSchema({ type: 'object', properties: { city: { type: 'text' } } })).toMatch(/^Not a valid JSON Schema: \/properties\/city\/type/);
    expect(checkJsonSchema({ type: 'object', required: 'city' })).toMatch(/^Not a valid JSON Schema: \/required must be array/);
    expect(checkJsonSchema('object')).toBe('A JSON Schema must be an object, e.g. {"type":"object","properties":{}}.');
  });

  it('never compiles code at run time (the page CSP forbids eval)', () => {
    const originalFunction = globalThis.Function;
    const guard = new Proxy(originalFunction, {
      construct() {
        throw new Error('eval used');
      },
      apply() {
        throw new Error('eval used');
      },
    });
    globalThis.Function = guard as FunctionConstructor;
    try {
      expect(checkJsonSchema({ type: 'object', properties: { n: { type: 'integer', minimum: 0 } } })).toBeNull();
    } finally {
      globalThis.Function = originalFunction;
    }
  });
});
