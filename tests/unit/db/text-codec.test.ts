import { describe, expect, it } from 'vitest';
import { decodeJson, decodeText, encodeJsonText, encodeText } from '@/lib/db/text-codec';

// Characters PostgreSQL cannot hold, the escape character itself, and neighbours that must pass through untouched.
const PIECES = ['\u0000', '\ud800', '\udfff', '\ud83d\ude00', '\uE000', '\uE0000', '\uE000u0041', '\\', '\\u0000', '"', 'a', 'é', '\n', '\u001f', '0', 'u'];

function randomString(seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  return Array.from({ length: next() % 12 }, () => PIECES[next() % PIECES.length]).join('');
}

const hasUnstorable = (text: string) => /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => [key, ...allStrings(entry)]);
  return [];
}

describe('text codec', () => {
  it('leaves ordinary text unchanged, so ids and searches keep working', () => {
    for (const text of ['resp_123', 'hello world', 'émoji \ud83d\ude00', '100% _x_', 'back\\slash']) {
      expect(encodeText(text)).toBe(text);
      expect(encodeJsonText({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
    }
  });

  it('round-trips 2,000 generated strings, and the stored form never holds NUL or a lone surrogate', () => {
    for (let seed = 1; seed <= 2_000; seed += 1) {
      const text = randomString(seed);
      const stored = encodeText(text);
      expect(hasUnstorable(stored)).toBe(false);
      expect(decodeText(stored)).toBe(text);
    }
  });

  it('round-trips JSON values with such strings in keys and values (as jsonb would parse them back)', () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const value = { [randomString(seed)]: [randomString(seed + 1), { nested: randomString(seed + 2), [randomString(seed + 3)]: 1 }], plain: null, n: 3 };
      const stored = encodeJsonText(value);
      expect(allStrings(JSON.parse(stored)).filter(hasUnstorable)).toEqual([]);
      expect(decodeJson(JSON.parse(stored))).toEqual(value);
    }
  });

  it('keeps a __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__": "a\\u0000b", "x": {"__proto__": {"y": "\\ud800"}}}') as Record<string, unknown>;
    const decoded = decodeJson(JSON.parse(encodeJsonText(value))) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe('a\u0000b');
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(value));
  });
});
