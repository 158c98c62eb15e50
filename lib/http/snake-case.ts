// The playground's own API speaks snake_case like the gateway: domain objects (camelCase in TypeScript) are renamed at the reply boundary.
type SnakeKey<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeKey<Tail>}` : S;

/** Keys whose values are data, not our fields: HTTP headers and stored request bodies keep their own names. */
const VERBATIM_KEYS = ['headers', 'body'] as const;
type VerbatimKey = (typeof VERBATIM_KEYS)[number];

/** The reply type of a domain type: every key renamed, deeply, except inside the verbatim keys. */
export type SnakeCased<T> = T extends readonly (infer Item)[]
  ? SnakeCased<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? SnakeKey<Key> : Key]: Key extends VerbatimKey ? T[Key] : SnakeCased<T[Key]> }
    : T;

export function toSnakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Renames keys deeply (`deliveryId` → `delivery_id`); what sits under `headers` or `body` is data and keeps its names. */
export function toSnakeCase<T>(value: T): SnakeCased<T> {
  if (Array.isArray(value)) return value.map((item: unknown) => toSnakeCase(item)) as SnakeCased<T>;
  if (value === null || typeof value !== 'object') return value as SnakeCased<T>;
  const renamed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) renamed[toSnakeKey(key)] = (VERBATIM_KEYS as readonly string[]).includes(key) ? item : toSnakeCase(item);
  return renamed as SnakeCased<T>;
}
