// One temporary folder per test run that holds every other one (TMPDIR points into it), removed at the end, pass or fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RUN_TEMP_ROOT_ENV = 'PLAYGROUND_TEST_TEMP_ROOT';

/**
 * Creates the run's folder and points TMPDIR at it, so os.tmpdir() in this process, in test workers and in every
 * child process (apps, gateways, PostgreSQL, browsers) lands inside it. Idempotent within one run.
 */
export function enterRunTempRoot(label: string): string {
  const existing = process.env[RUN_TEMP_ROOT_ENV];
  if (existing && fs.existsSync(existing)) return existing;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `playground-${label}-run-`));
  // The PostgreSQL server runs as the postgres user when tests run as root: it must be able to pass through.
  fs.chmodSync(root, 0o755);
  process.env[RUN_TEMP_ROOT_ENV] = root;
  process.env.TMPDIR = root;
  return root;
}

export function removeRunTempRoot(root: string | undefined = process.env[RUN_TEMP_ROOT_ENV]): void {
  if (!root || !path.basename(root).startsWith('playground-')) return;
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
