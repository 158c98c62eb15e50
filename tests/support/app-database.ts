// The app's test database for a file or block of tests (vitest hooks); the handle itself is in app-db-handle.ts.
import { afterAll, beforeAll } from 'vitest';
import { closeAppDatabase, openAppDatabase, useAppDatabase } from './app-db-handle';
import { makeDatabaseOptions, type DatabaseKind } from './databases';

export { closeAppDatabase, openAppDatabase, useAppDatabase };

/**
 * The app's database for the tests of a file or block: a fresh one of `kind` (PGlite unless told) opened before them,
 * after `prepare` (e.g. loading route modules, which read the settings), and closed after them, pass or fail, with the
 * environment put back as it was before.
 */
export function setUpTestAppDatabase(options: { kind?: DatabaseKind; prepare?: () => Promise<void> | void } = {}): void {
  let saved: NodeJS.ProcessEnv | undefined;
  beforeAll(async () => {
    saved = { ...process.env };
    await useAppDatabase(await makeDatabaseOptions(options.kind ?? 'pglite'));
    await options.prepare?.();
    await openAppDatabase();
  });
  afterAll(async () => {
    await closeAppDatabase();
    if (saved) process.env = saved;
  });
}
