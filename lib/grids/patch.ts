// A variant is a JSON merge patch (RFC 7386) over the base body: apply one, and make the smallest one that turns a body into another.
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** base ⊕ patch: objects merge key by key, `null` removes a key, anything else (arrays included) replaces. */
export function applyMergePatch(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isObject(value)) out[key] = applyMergePatch(isObject(base[key]) ? base[key] : {}, value);
    else out[key] = value;
  }
  return out;
}

function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => isEqual(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && isEqual(a[key], b[key]));
  }
  return false;
}

/**
 * The patch that turns `base` into `target` (applyMergePatch(base, result) equals target): changed keys, `null` for
 * removed ones, nested objects as nested patches. A `null` value inside `target` cannot be expressed by a merge patch and
 * is left out (the field is then unset, which the request schema treats the same).
 */
export function diffMergePatch(base: Json, target: Json): Json {
  const patch: Json = {};
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key) || target[key] === null) patch[key] = null;
  for (const [key, value] of Object.entries(target)) {
    if (value === null) continue;
    const before = base[key];
    if (isEqual(before, value)) continue;
    if (isObject(value) && isObject(before)) {
      const nested = diffMergePatch(before, value);
      if (Object.keys(nested).length > 0) patch[key] = nested;
    } else {
      patch[key] = isObject(value) ? stripNulls(value) : value;
    }
  }
  return patch;
}

function stripNulls(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null).map(([key, entry]) => [key, isObject(entry) ? stripNulls(entry) : entry]));
}

/** The top-level fields a patch touches, as `model`, `text.format`, ... (for a variant's one-line summary). */
export function describePatch(patch: Json, prefix = ''): string[] {
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isObject(value) && Object.keys(value).length > 0 ? describePatch(value, path) : [path];
  });
}
