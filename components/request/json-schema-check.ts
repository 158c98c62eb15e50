// Checks a JSON Schema against the draft-07 meta-schema (tool parameters, text.format.schema) and says where it is wrong.
// The validator is precompiled (scripts/generate-schema-validator.ts): compiling ajv in the browser needs eval, which the CSP forbids.
import { validate } from './generated/validate-json-schema';
import { isJsonObject } from './body-path';

export function checkJsonSchema(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value) && typeof value !== 'boolean') return 'A JSON Schema must be an object, e.g. {"type":"object","properties":{}}.';
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  if (!first) return 'Not a valid JSON Schema.';
  return `Not a valid JSON Schema: ${first.instancePath || '(root)'} ${first.message ?? ''}`.trim();
}
