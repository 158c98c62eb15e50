// Records, in order, the statements a test database is sent and the moments the test notes (e.g. an answer), to check that writes are batched.
import pg from 'pg';
import type { DatabaseHandle } from '@/lib/db/open';

export interface StatementLog {
  /** Statements (their SQL) and noted moments, in the order they happened. */
  readonly entries: string[];
  note(entry: string): void;
  statements(): string[];
  stop(): void;
}

/** PGlite: every Parse or simple Query message (one per statement); node-postgres: every query (the pool's included), logged once it has finished. */
export function recordStatements(handle: DatabaseHandle): StatementLog {
  const entries: string[] = [];
  const statementPrefix = 'sql: ';
  let stop: () => void;
  if (handle.kind === 'pglite') {
    // execProtocolRawSync is the one door of PGlite's wire protocol (queries and transactions alike).
    const client = (handle.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
    const original = client.execProtocolRawSync!;
    client.execProtocolRawSync = function (message: unknown, ...rest: unknown[]) {
      const bytes = message as Uint8Array;
      if (bytes[0] === 0x50 || bytes[0] === 0x51) {
        const text = Buffer.from(bytes.subarray(5)).toString('utf8').split('\0');
        entries.push(statementPrefix + (bytes[0] === 0x50 ? text[1] : text[0]));
      }
      return original.call(this, message, ...rest);
    };
    stop = () => {
      client.execProtocolRawSync = original;
    };
  } else {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text?: string }).text ?? '';
      // The pool's own queries (drizzle outside a transaction) pass a callback instead of awaiting a promise.
      const callbackAt = rest.findIndex((arg) => typeof arg === 'function');
      if (callbackAt >= 0) {
        const callback = rest[callbackAt] as (error: unknown, ...results: unknown[]) => void;
        rest[callbackAt] = (error: unknown, ...results: unknown[]) => {
          if (!error) entries.push(statementPrefix + text);
          callback(error, ...results);
        };
      }
      const result = original.call(this, config, ...rest);
      if (result instanceof Promise) void result.then(() => entries.push(statementPrefix + text), () => undefined);
      return result;
    };
    stop = () => {
      prototype.query = original;
    };
  }
  return {
    entries,
    note: (entry) => entries.push(entry),
    statements: () => entries.filter((entry) => entry.startsWith(statementPrefix)).map((entry) => entry.slice(statementPrefix.length)),
    stop,
  };
}
