// Checks a JSON Schema against ajv's meta-schema (tool parameters, text.format.schema) and says where it is wrong.
import Ajv from 'ajv';
import { isJsonObject } from './body-path';

const ajv = new Ajv({ strict: false, validateSchema: true });

export function checkJsonSchema(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value) && typeof value !== 'boolean') return 'A JSON Schema must be an object, e.g. {"type":"object","properties":{}}.';
  const isValid = ajv.validateSchema(value as object);
  if (isValid) return null;
  const first = ajv.errors?.[0];
  if (!first) return 'Not a valid JSON Schema.';
  return `Not a valid JSON Schema: ${first.instancePath || '(root)'} ${first.message ?? ''}`.trim();
}
