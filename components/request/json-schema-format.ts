// The json_schema output format a user starts from (chosen in the Output section, or by the structured-output example).
import type { JsonObject } from './body-path';

/** Structured output that is valid (and strict) the moment it is chosen; the user edits from there. */
const JSON_SCHEMA_FORMAT_TEMPLATE = {
  type: 'json_schema',
  name: 'weather_report',
  description: 'A short weather report for one city.',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      temperature_c: { type: 'number' },
      conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rain', 'snow'] },
    },
    required: ['city', 'temperature_c', 'conditions'],
    additionalProperties: false,
  },
} as const;

export function createJsonSchemaFormat(): JsonObject {
  return structuredClone(JSON_SCHEMA_FORMAT_TEMPLATE) as unknown as JsonObject;
}
