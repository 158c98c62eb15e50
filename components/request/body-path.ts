// Reading and immutably writing a request body by field path (`text.format.type`, `tools[2].name`), keeping key order.
export type JsonObject = Record<string, unknown>;
export type PathSegment = string | number;

/** Top-level fields in the order the spec lists them; new keys are inserted in this order. */
export const FIELD_ORDER = [
  'model', 'input', 'instructions', 'prompt', 'conversation', 'previous_response_id', 'include', 'text',
  'stream', 'stream_options', 'store', 'background', 'webhook_url', 'webhook_secret', 'tools', 'tool_choice',
  'parallel_tool_calls', 'max_tool_calls', 'reasoning', 'auto_routing', 'auto_routing_debug', 'max_output_tokens',
  'temperature', 'top_p', 'top_logprobs', 'truncation', 'context_management', 'presence_penalty',
  'frequency_penalty', 'service_tier', 'prompt_cache_key', 'safety_identifier', 'metadata', 'modalities', 'audio', 'user',
] as const;

const KNOWN_FIELDS = new Set<string>(FIELD_ORDER);

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses `tools[2].parameters` or `text.format.type` into segments. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments;
}

export function getPath(root: unknown, path: string | readonly PathSegment[]): unknown {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  let current: unknown = root;
  for (const segment of segments) {
    if (typeof segment === 'number') current = Array.isArray(current) ? current[segment] : undefined;
    else current = isJsonObject(current) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function insertOrdered(target: JsonObject, key: string, value: unknown, isTopLevel: boolean): JsonObject {
  if (key in target || !isTopLevel || !KNOWN_FIELDS.has(key)) return { ...target, [key]: value };
  const rank = FIELD_ORDER.indexOf(key as (typeof FIELD_ORDER)[number]);
  const out: JsonObject = {};
  let isPlaced = false;
  for (const [existing, existingValue] of Object.entries(target)) {
    const knownRank = FIELD_ORDER.indexOf(existing as (typeof FIELD_ORDER)[number]);
    const existingRank = knownRank === -1 ? Number.POSITIVE_INFINITY : knownRank;
    if (!isPlaced && existingRank > rank) {
      out[key] = value;
      isPlaced = true;
    }
    out[existing] = existingValue;
  }
  if (!isPlaced) out[key] = value;
  return out;
}

/**
 * Returns a copy with the value at `path` set; `undefined` removes it, and a parent object or array
 * left empty by the removal is removed too, so clearing a control never leaves `{}` behind.
 */
export function setPath<T>(root: T, path: string | readonly PathSegment[], value: unknown): T {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  return setAt(root, segments, value, 0) as T;
}

function setAt(node: unknown, segments: readonly PathSegment[], value: unknown, depth: number): unknown {
  const [head, ...rest] = segments.slice(depth);
  if (head === undefined) return value;
  const isLast = rest.length === 0;
  if (typeof head === 'number') {
    const list = Array.isArray(node) ? [...node] : [];
    const next = isLast ? value : setAt(list[head], segments, value, depth + 1);
    if (next === undefined) list.splice(head, 1);
    else list[head] = next;
    return list.length === 0 && value === undefined ? undefined : list;
  }
  const object = isJsonObject(node) ? node : {};
  const next = isLast ? value : setAt(object[head], segments, value, depth + 1);
  if (next === undefined) {
    if (!(head in object)) return isJsonObject(node) ? node : undefined;
    const copy = { ...object };
    delete copy[head];
    return Object.keys(copy).length === 0 && depth > 0 ? undefined : copy;
  }
  return insertOrdered(object, head, next, depth === 0);
}

/** Top-level fields the form has no control for; they are kept and sent as they are. */
export function pickExtraFields(body: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !KNOWN_FIELDS.has(key)));
}

/** Replaces the extra (unknown) top-level fields of `body` with `extra`, keeping every known field. */
export function replaceExtraFields(body: JsonObject, extra: JsonObject): JsonObject {
  const known = Object.fromEntries(Object.entries(body).filter(([key]) => KNOWN_FIELDS.has(key)));
  return { ...known, ...Object.fromEntries(Object.entries(extra).filter(([key]) => !KNOWN_FIELDS.has(key))) };
}
