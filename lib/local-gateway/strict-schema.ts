// Strict schemas (text.format json_schema and function tools with strict: true) are checked on arrival, as the real service does.
import type { CreateResponseBody } from '@/lib/schema';
import { explainUngeneratable } from './agent';
import type { JsonObject } from './agent/contract';
import { badRequest } from './errors';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const isObjectSchema = (schema: JsonObject) =>
  schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || isObject(schema.properties);

/** The first strict-mode breach in the schema: where (a JSON pointer) and what. */
function findStrictProblem(schema: unknown, pointer: string): string | null {
  if (!isObject(schema)) return null;
  if (isObjectSchema(schema)) {
    if (schema.additionalProperties !== false) return `at ${pointer}, 'additionalProperties' must be present and false`;
    const keys = Object.keys(isObject(schema.properties) ? schema.properties : {});
    const required = Array.isArray(schema.required) ? schema.required : [];
    const optional = keys.find((key) => !required.includes(key));
    if (optional !== undefined) return `at ${pointer}, 'required' must list every property; '${optional.slice(0, 64)}' is missing (make it nullable instead of optional)`;
  }
  const children: [unknown, string][] = [];
  for (const key of ['properties', '$defs', 'definitions'] as const) {
    if (isObject(schema[key])) for (const [name, child] of Object.entries(schema[key])) children.push([child, `${pointer}/${key}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(schema[key])) (schema[key] as unknown[]).forEach((child, index) => children.push([child, `${pointer}/${key}/${index}`]));
  }
  if (schema.items !== undefined) children.push([schema.items, `${pointer}/items`]);
  for (const [child, at] of children) {
    const problem = findStrictProblem(child, at);
    if (problem) return problem;
  }
  return null;
}

function strictProblem(schema: JsonObject): string | null {
  if (!isObjectSchema(schema) || Array.isArray(schema.anyOf)) return "the root must be an object schema (type 'object'), not a union";
  return findStrictProblem(schema, '#') ?? explainUngeneratable(schema);
}

/** 400 invalid_json_schema / invalid_function_parameters naming the schema, for every strict schema of the request. */
export function checkStrictSchemas(body: CreateResponseBody): void {
  const format = body.text?.format;
  if (format?.type === 'json_schema' && format.strict === true) {
    const problem = strictProblem(format.schema);
    if (problem) throw badRequest(`Invalid schema for text.format '${format.name}' (strict): ${problem}.`, 'text.format.schema', 'invalid_json_schema');
  }
  (body.tools ?? []).forEach((tool, index) => {
    if (tool.type !== 'function' || tool.strict !== true || !tool.parameters) return;
    const problem = strictProblem(tool.parameters);
    if (problem) throw badRequest(`Invalid schema for function '${tool.name}' (strict): ${problem}.`, `tools[${index}].parameters`, 'invalid_function_parameters');
  });
}
