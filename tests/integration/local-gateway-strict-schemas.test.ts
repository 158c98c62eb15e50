// Strict schemas on arrival (400 like the real service) and structured output that always validates, through the HTTP gateway.
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, startTestGateway, type TestGateway } from '../support/local-gateway';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway?.close();
});

const strictObject = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const jsonSchema = (schema: unknown, strict = true) => ({ text: { format: { type: 'json_schema', name: 'reply', schema, strict } } });

async function create(body: Record<string, unknown>) {
  const response = await callGateway(gateway, '/responses', { body: { model: 'local-agent', input: 'Describe the weather in Oslo on day 2', ...body } });
  return { status: response.status, body: (await response.json()) as { error?: { param: string; code: string; message: string }; output_text?: string; output?: { type: string; arguments?: string }[] } };
}

describe('strict schemas are checked on arrival', () => {
  it('refuses an optional property or a missing additionalProperties: false in a strict text.format schema', async () => {
    const optional = await create(jsonSchema({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }));
    expect(optional.status).toBe(400);
    expect(optional.body.error).toMatchObject({ param: 'text.format.schema', code: 'invalid_json_schema', message: expect.stringContaining("'b' is missing") });
    const open = await create(jsonSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }));
    expect(open.body.error).toMatchObject({ param: 'text.format.schema', code: 'invalid_json_schema', message: expect.stringContaining('additionalProperties') });
    const nested = await create(jsonSchema(strictObject({ items: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } } })));
    expect(nested.body.error).toMatchObject({ code: 'invalid_json_schema', message: expect.stringContaining('#/properties/items/items') });
    const unsatisfiable = await create(jsonSchema(strictObject({ code: { type: 'string', pattern: '^(?=.*\\d)[a-z\\d]+$' } })));
    expect(unsatisfiable.body.error).toMatchObject({ param: 'text.format.schema', code: 'invalid_json_schema' });
  });

  it('refuses a strict function whose parameters are not strict, naming the tool', async () => {
    const lax = { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const result = await create({ tools: [{ type: 'function', name: 'ok', parameters: strictObject({}), strict: true }, { type: 'function', name: 'get_weather', parameters: lax, strict: true }] });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatchObject({ param: 'tools[1].parameters', code: 'invalid_function_parameters', message: expect.stringContaining("'get_weather'") });
  });

  it('accepts the same lax schemas without strict', async () => {
    const lax = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] };
    expect((await create(jsonSchema(lax, false))).status).toBe(200);
    expect((await create({ tools: [{ type: 'function', name: 'get_weather', parameters: lax }] })).status).toBe(200);
  });
});

describe('structured output always validates', () => {
  const ajv = new Ajv({ strict: false, validateFormats: false });

  it('json_schema with patterns and recursion', async () => {
    const schema = {
      $defs: { part: strictObject({ label: { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$' }, count: { type: 'integer', minimum: 1 }, parts: { type: 'array', items: { $ref: '#/$defs/part' } } }) },
      ...strictObject({ root: { $ref: '#/$defs/part' }, code: { type: 'string', pattern: '^\\d{4}$' } }),
    };
    const result = await create(jsonSchema(schema));
    expect(result.status).toBe(200);
    expect(ajv.validate(schema, JSON.parse(result.body.output_text ?? ''))).toBe(true);
  });

  it('strict function arguments with a pattern', async () => {
    const parameters = strictObject({ city: { type: 'string', pattern: '^[A-Z]{3}$' }, day: { type: 'integer', minimum: 1, maximum: 7 } });
    const result = await create({ input: 'use the weather tool', tools: [{ type: 'function', name: 'get_weather', parameters, strict: true }] });
    expect(result.status).toBe(200);
    const call = result.body.output?.find((item) => item.type === 'function_call');
    expect(ajv.validate(parameters, JSON.parse(call?.arguments ?? ''))).toBe(true);
  });
});
