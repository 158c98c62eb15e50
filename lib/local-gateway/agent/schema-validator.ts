// JSON Schema validation of generated values (ajv, compiled once per distinct schema, kept in a small cache).
import Ajv, { type ValidateFunction } from 'ajv';
import type { JsonObject } from './contract';

export type CompiledSchema = { validate(value: unknown): boolean; explain(value: unknown): string } | { error: string };

const CACHE_SIZE = 200;
const cache = new Map<string, CompiledSchema>();

function describe(validate: ValidateFunction, value: unknown): string {
  validate(value);
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || 'the value'} ${first.message ?? 'is invalid'}` : 'the value is invalid';
}

export function compileSchema(schema: JsonObject): CompiledSchema {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) return cached;
  let compiled: CompiledSchema;
  try {
    // One instance per schema: ids inside user schemas never collide across requests. Formats are not checked
    // (the generator writes valid ones).
    const validate = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: false }).compile(schema);
    compiled = { validate: (value) => validate(value) === true, explain: (value) => describe(validate, value) };
  } catch (error) {
    compiled = { error: (error as Error).message.slice(0, 200) };
  }
  cache.set(key, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return compiled;
}
