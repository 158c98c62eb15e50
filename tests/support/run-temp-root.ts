// One temporary folder per test run that holds every other one (TMPDIR points into it), removed at the end, pass or fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../lib/db/pglite-lock';

export const RUN_TEMP_ROOT_ENV = 'PLAYGROUND_TEST_TEMP_ROOT';
const OWNER_FILE = 'owner.pid';
const RUN_ROOT_NAME = /^playground-.+-run-/;

/**
 * Removes the run folders under `base` whose run was killed outright (SIGKILL skips every teardown and exit hook): those
 * naming an owner process that no longer exists. A folder without an owner file, or whose owner lives, is left alone.
 */
export function sweepAbandonedRunRoots(base: string = os.tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(base)) {
    if (!RUN_ROOT_NAME.test(name)) continue;
    const folder = path.join(base, name);
    let pid: number;
    try {
      pid = Number(fs.readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid)) continue;
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    removed.push(folder);
  }
  return removed;
}

/**
 * Creates the run's folder and points TMPDIR at it, so os.tmpdir() in this process, in test workers and in every
 * child process (apps, gateways, PostgreSQL, browsers) lands inside it. Idempotent within one run.
 */
export function enterRunTempRoot(label: string): string {
  const existing = process.env[RUN_TEMP_ROOT_ENV];
  if (existing && fs.existsSync(existing)) return existing;
  sweepAbandonedRunRoots();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `playground-${label}-run-`));
  fs.writeFileSync(path.join(root, OWNER_FILE), String(process.pid));
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
