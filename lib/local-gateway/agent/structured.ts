// Generates JSON values that validate against a JSON Schema (function arguments, json_schema output).
import type { JsonObject } from './contract';
import { hashNumber } from './ids';
import { isObject } from './options';
import { stringForPattern } from './pattern';
import { compileSchema } from './schema-validator';

export interface ValueHints {
  /** The user's question: source of locations, numbers and query strings. */
  question: string;
  /** The answer text, used for answer-like string fields. */
  answer: string;
}

const MAX_DEPTH = 24;

const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00Z',
  date: '2026-01-01',
  time: '12:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  duration: 'PT1H',
};

function uuidFrom(seed: string): string {
  const hex = Array.from({ length: 4 }, (_, i) => hashNumber(`${seed}\u0000${i}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function findLocation(question: string): string {
  const match = /\b(?:in|at|for|near|of)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)*)/u.exec(question);
  return match?.[1] ?? 'Paris';
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

function stringFor(name: string, schema: JsonObject, hints: ValueHints): string {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  if (format === 'uuid') return uuidFrom(`${name}\u0000${hints.question}`);
  if (format && FORMAT_VALUES[format]) return FORMAT_VALUES[format];
  const key = name.toLowerCase();
  let value: string;
  if (/location|city|place|address|town|country|region/.test(key)) value = findLocation(hints.question);
  else if (/unit/.test(key)) value = 'celsius';
  else if (/lang/.test(key)) value = 'en';
  else if (/query|search|question|prompt|input|keyword|term|topic/.test(key)) value = hints.question || 'example';
  else if (/answer|response|reply|summary|content|text|message|output|result|description|explanation/.test(key)) value = hints.answer;
  else if (/name|title|label/.test(key)) value = 'Example';
  else if (/id$/.test(key)) value = `id_${hashNumber(`${key}\u0000${hints.question}`).toString(16)}`;
  else value = hints.answer || 'example';
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length < minLength) value = value.padEnd(minLength, '.');
  if (value.length > maxLength) value = value.slice(0, maxLength);
  if (typeof schema.pattern === 'string' && !matches(schema.pattern, value)) return stringForPattern(schema.pattern, minLength, maxLength) ?? value;
  return value;
}

function numberFor(schema: JsonObject, integer: boolean, hints: ValueHints): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const step = num(schema.multipleOf) ?? (integer ? 1 : undefined);
  let low = num(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + (step ?? 0.5) : -Infinity);
  let high = num(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax - (step ?? 0.5) : Infinity);
  if (integer) [low, high] = [Math.ceil(low), Math.floor(high)];
  const mentioned = /-?\d+(?:\.\d+)?/.exec(hints.question);
  let value = mentioned ? Number(mentioned[0]) : 1;
  if (!(value >= low && value <= high)) value = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(high, 1) : 1;
  if (integer) value = Math.round(value);
  if (step && value % step !== 0) value = Math.ceil(value / step) * step;
  return value;
}

function resolveRef(ref: string, root: JsonObject): JsonObject {
  const path = ref.replace(/^#\/?/, '').split('/').filter(Boolean);
  let node: unknown = root;
  for (const segment of path) node = isObject(node) ? node[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(node) ? node : {};
}

function typeOf(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t): t is string => typeof t === 'string');
    return types.find((t) => t !== 'null') ?? types[0];
  }
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** Where generation is: the root for `$ref`, the hints, and how many `$ref`s were followed (recursion brake). */
interface Walk {
  root: JsonObject;
  hints: ValueHints;
  depth: number;
  refs: number;
}

/** After this many `$ref`s a recursive schema is closed off: empty arrays, null branches, required properties only. */
const REF_BUDGET = 3;

const isMinimal = (walk: Walk) => walk.refs >= REF_BUDGET;
const deeper = (walk: Walk, refs = 0): Walk => ({ ...walk, depth: walk.depth + 1, refs: walk.refs + refs });
const allowsNull = (schema: unknown) => isObject(schema) && (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null')));

/** The anyOf/oneOf branch to take: the first non-null one, or once recursion is being closed, the one most likely to end it. */
function chooseBranch(options: unknown[], walk: Walk): unknown {
  if (isMinimal(walk)) return options.find(allowsNull) ?? options.find((o) => isObject(o) && typeof o.$ref !== 'string') ?? options[0];
  return options.find((o) => isObject(o) && o.type !== 'null') ?? options[0];
}

function generate(schema: unknown, name: string, walk: Walk): unknown {
  if (!isObject(schema) || walk.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') return generate(resolveRef(schema.$ref, walk.root), name, deeper(walk, 1));
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      return generate({ ...schema, [key]: undefined, ...(chooseBranch(options, walk) as JsonObject) }, name, deeper(walk));
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf.reduce<JsonObject>((acc, part) => mergeSchemas(acc, isObject(part) ? part : {}), { ...schema, allOf: undefined });
    return generate(merged, name, deeper(walk));
  }
  if (isMinimal(walk) && allowsNull(schema)) return null;
  switch (typeOf(schema)) {
    case 'object':
      return objectFor(schema, walk);
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : isMinimal(walk) ? 0 : 1;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Math.max(min, 1);
      const count = isMinimal(walk) ? min : Math.min(max, Math.max(min, 1));
      const items = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
      return Array.from({ length: count }, (_, i) => generate(items[i] ?? schema.items ?? {}, name, deeper(walk)));
    }
    case 'integer':
      return numberFor(schema, true, walk.hints);
    case 'number':
      return numberFor(schema, false, walk.hints);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringFor(name, schema, walk.hints);
  }
}

function mergeSchemas(a: JsonObject, b: JsonObject): JsonObject {
  const properties = { ...(isObject(a.properties) ? a.properties : {}), ...(isObject(b.properties) ? b.properties : {}) };
  const required = [...(Array.isArray(a.required) ? a.required : []), ...(Array.isArray(b.required) ? b.required : [])];
  return { ...a, ...b, properties, required };
}

function objectFor(schema: JsonObject, walk: Walk): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const value: JsonObject = {};
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (isMinimal(walk) && !required.includes(key)) continue;
    value[key] = generate(propertySchema, key, deeper(walk));
  }
  for (const key of required) if (!(key in value)) value[key] = stringFor(key, {}, walk.hints);
  return value;
}

const NEUTRAL_HINTS: ValueHints = { question: '', answer: 'example' };

function generateWith(schema: unknown, hints: ValueHints): unknown {
  return generate(schema, '', { root: isObject(schema) ? schema : {}, hints, depth: 0, refs: 0 });
}

/**
 * A value for `schema` (types, required properties, enums, formats, patterns, bounds, $ref/anyOf/allOf, recursion),
 * checked against the schema: when the value drawn from the hints does not validate, the neutral one is used
 * (which the gateway has verified on arrival for strict schemas, see explainUngeneratable).
 */
export function generateFromSchema(schema: unknown, hints: ValueHints): unknown {
  const value = generateWith(schema, hints);
  const validator = isObject(schema) ? compileSchema(schema) : null;
  if (!validator || !('validate' in validator) || validator.validate(value)) return value;
  return generateWith(schema, NEUTRAL_HINTS);
}

/** Why the agent cannot produce a valid value for this schema (a sentence), or null when it can. */
export function explainUngeneratable(schema: JsonObject): string | null {
  const validator = compileSchema(schema);
  if ('error' in validator) return `it cannot be compiled (${validator.error})`;
  const value = generateWith(schema, NEUTRAL_HINTS);
  if (validator.validate(value)) return null;
  return `no value the local agent can produce satisfies it (${validator.explain(value)}); patterns with lookarounds or backreferences, and schemas without a finite value, are not supported`;
}

/** Function arguments: a JSON object string for the parameters schema (`{}` when there is none). */
export function generateArguments(parameters: unknown, hints: ValueHints): string {
  const value = isObject(parameters) ? generateFromSchema(parameters, hints) : {};
  return JSON.stringify(isObject(value) ? value : {});
}
