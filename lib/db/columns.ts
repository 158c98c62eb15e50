// The column types every table uses: text and jsonb that store any string faithfully (see text-codec.ts), and bytea.
import { ilike, type Column, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import { decodeJson, decodeText, encodeJsonText, encodeText } from './text-codec';

/** A `text` column that keeps NUL and lone surrogates (stored escaped, read back as sent). */
export const text = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: encodeText,
  fromDriver: decodeText,
});

/** A `jsonb` column whose strings and keys may hold NUL and lone surrogates (stored escaped, read back as sent). */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: encodeJsonText,
  fromDriver: (value) => decodeJson(typeof value === 'string' ? JSON.parse(value) : value),
});

/** Raw bytes (webhook bodies as received, compressed recordings); PGlite and node-postgres both read back a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** Case-insensitive LIKE on a column of the types above: the pattern is put in the stored form first, as values are. */
export function ilikeText(column: Column, pattern: string): SQL {
  return ilike(column, encodeText(pattern));
}
