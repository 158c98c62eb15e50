// A test run killed outright leaves its temporary folder behind: the next run removes it, and never a live run's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { sweepAbandonedRunRoots } from '../support/run-temp-root';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function runRoot(base: string, name: string, owner: string | null): string {
  const folder = path.join(base, name);
  fs.mkdirSync(path.join(folder, 'playground-pglite-x'), { recursive: true });
  if (owner !== null) fs.writeFileSync(path.join(folder, 'owner.pid'), owner);
  return folder;
}

it('removes the run folders of dead owners, keeps live runs, folders without an owner and other folders', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-sweep-'));
  made.push(base);
  const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const deadPid = exited.stdout;
  const dead = runRoot(base, 'playground-vitest-run-dead01', deadPid);
  const live = runRoot(base, 'playground-vitest-run-live01', String(process.pid));
  const legacy = runRoot(base, 'playground-e2e-run-legacy', null);
  const other = runRoot(base, 'playground-pglite-notarun', deadPid);

  expect(sweepAbandonedRunRoots(base)).toEqual([dead]);
  expect(fs.existsSync(dead)).toBe(false);
  expect(fs.existsSync(live)).toBe(true);
  expect(fs.existsSync(legacy)).toBe(true);
  expect(fs.existsSync(other)).toBe(true);
});
