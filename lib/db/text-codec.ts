// Reversible escaping of text PostgreSQL cannot hold (NUL and lone UTF-16 surrogates), for text and jsonb columns.
//
// PostgreSQL refuses U+0000 in text and jsonb and cannot represent an unpaired surrogate, so such text is stored
// as U+E000 followed by a tag, and U+E000 itself is doubled so the mapping stays reversible:
//   U+0000 -> U+E000 '0';   a lone surrogate \uD83D -> U+E000 'u' 'd83d';   U+E000 -> U+E000 U+E000.
// Text without these characters is stored unchanged, so ids, keys and searches on ordinary text are unaffected.

export const ESCAPE_CHAR = '\uE000';

const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const NEEDS_ESCAPE = new RegExp(`[\\u0000\\uE000]|${LONE_SURROGATE}`);
const NEEDS_ESCAPE_ALL = new RegExp(NEEDS_ESCAPE.source, 'g');
const ESCAPED_ALL = /\uE000(0|\uE000|u[0-9a-f]{4})/g;
/** In JSON.stringify output a lone surrogate is always written as a \udXXX escape (pairs are written raw); `\\.` keeps escaped backslashes paired. */
const JSON_NEEDS_ESCAPE_ALL = /\\u(0000|d[89a-f][0-9a-f]{2})|\\.|\uE000/g;
/** Whether JSON.stringify output may hold any of them: a NUL or surrogate escape, or the escape character. */
const JSON_MAY_NEED_ESCAPE = /\\u(0000|d[89a-f])|\uE000/;

function escapeChar(char: string): string {
  if (char === '\u0000') return `${ESCAPE_CHAR}0`;
  if (char === ESCAPE_CHAR) return ESCAPE_CHAR + ESCAPE_CHAR;
  return `${ESCAPE_CHAR}u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function unescapeTag(tag: string): string {
  if (tag === '0') return '\u0000';
  if (tag === ESCAPE_CHAR) return ESCAPE_CHAR;
  return String.fromCharCode(Number.parseInt(tag.slice(1), 16));
}

/** The stored form of a string (unchanged unless it holds NUL, a lone surrogate or the escape character). */
export function encodeText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(NEEDS_ESCAPE_ALL, escapeChar) : value;
}

/** The original string back from its stored form. */
export function decodeText(value: string): string {
  return value.includes(ESCAPE_CHAR) ? value.replace(ESCAPED_ALL, (_match, tag: string) => unescapeTag(tag)) : value;
}

/** JSON text of a value with every string (keys included) in its stored form, ready for a jsonb parameter. */
export function encodeJsonText(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return 'null';
  // Most JSON needs nothing: skip the replace, whose callback would run for every escaped character (each \" of a
  // JSON text held in a string, as in an event log).
  if (!JSON_MAY_NEED_ESCAPE.test(json)) return json;
  return json.replace(JSON_NEEDS_ESCAPE_ALL, (match: string, code: string | undefined) => {
    if (match === ESCAPE_CHAR) return ESCAPE_CHAR + ESCAPE_CHAR;
    if (code === undefined) return match;
    return code === '0000' ? `${ESCAPE_CHAR}0` : `${ESCAPE_CHAR}u${code}`;
  });
}

/** A value read from a jsonb column with every string (keys included) back in its original form. Mutates fresh driver values in place. */
export function decodeJson(value: unknown): unknown {
  if (typeof value === 'string') return decodeText(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = decodeJson(value[index]);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.some((key) => key.includes(ESCAPE_CHAR))) {
    return Object.fromEntries(keys.map((key) => [decodeText(key), decodeJson(record[key])]));
  }
  for (const key of keys) {
    const before = record[key];
    const after = decodeJson(before);
    // defineProperty, not assignment: a `__proto__` key is data here, not the prototype.
    if (after !== before) Object.defineProperty(record, key, { value: after, writable: true, enumerable: true, configurable: true });
  }
  return record;
}
