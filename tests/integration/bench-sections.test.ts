// `npm run bench`'s plumbing, without timing anything: a section runs in its own process and hands back its table as the
// last line of JSON, and the runner refuses a section it does not know, naming the ones it does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SECTIONS } from '../../scripts/bench/section';
import type { BenchSection } from '../../scripts/bench/types';

const ROOT = path.resolve(__dirname, '..', '..');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench', script), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, timeout: 120_000 });

it('runs a section in its own process and prints its table as JSON on the last line', () => {
  const child = run('section.ts', ['transcript']);
  expect(child.status, child.stderr).toBe(0);
  const section = JSON.parse(child.stdout.trim().split('\n').pop()!) as BenchSection;
  expect(section.title).toBe('Transcript pipeline, 50004 events');
  expect(section.rows.map((row) => row.step)).toEqual(['JSON.parse of every data line (baseline)', 'SSE parse, one chunk', 'SSE parse, 64-byte chunks', 'reduceEvents over all events']);
  for (const row of section.rows) expect(Number(row.events_per_s)).toBeGreaterThan(0);
});

it('refuses an unknown section before running anything, and names the known ones', () => {
  const child = run('index.ts', ['transcript', 'no-such-section']);
  expect(child.status).toBe(2);
  expect(child.stderr).toContain('unknown bench section(s): no-such-section');
  expect(child.stderr).toContain(`known: ${Object.keys(SECTIONS).join(', ')}`);
  expect(child.stdout).not.toContain('Figures written');
});
