// The built app as a process (Playwright only as the runner): clear exits when its database is unreachable or locked, and what survives a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runAppUntilExit, startApp } from '../support/app-process';
import { findFreePort } from '../support/ports';

const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';

test.describe.configure({ timeout: 240_000 });

const made: string[] = [];
test.afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-faults-'));
  made.push(dir);
  return dir;
}

test('exits non-zero naming the PostgreSQL database when DATABASE_URL points at a closed port', async () => {
  const port = await findFreePort(); // nothing listens there
  const exit = await runAppUntilExit(await findFreePort(), { NEXT_DIST_DIR: DIST_DIR, DATABASE_URL: `postgres://playground@127.0.0.1:${port}/playground` });
  expect(exit.timedOut, exit.stderr).toBe(false);
  expect(exit.code).not.toBe(0);
  expect(exit.stderr).toContain('database unavailable at start-up');
  expect(exit.stderr).toContain(`Could not open the PostgreSQL database at postgres://playground@127.0.0.1:${port}/playground`);
  expect(exit.stderr).toContain('ECONNREFUSED');
});

test('exits non-zero with "in use by another process" when the PGlite folder is locked by a live process', async () => {
  const dir = path.join(tempDir(), 'pglite');
  fs.writeFileSync(`${dir}.lock`, String(process.pid));
  const exit = await runAppUntilExit(await findFreePort(), { NEXT_DIST_DIR: DIST_DIR, PGLITE_DIR: dir });
  expect(exit.timedOut, exit.stderr).toBe(false);
  expect(exit.code).not.toBe(0);
  expect(exit.stderr).toContain(`The embedded database folder ${dir} is in use by another process (pid ${process.pid})`);
  expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
  expect(fs.existsSync(dir)).toBe(false);
});

test('a stored response, its history entry and a webhook capture survive a restart; the lock is released on exit', async () => {
  const dir = path.join(tempDir(), 'pglite');
  const env = { NEXT_DIST_DIR: DIST_DIR, PGLITE_DIR: dir, LOCAL_GATEWAY_TOKENS_PER_SECOND: '0' };
  const appPort = await findFreePort();
  const first = await startApp(appPort, env);
  const created = await fetch(`${first.url}/api/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-on-behalf-of': 'restart-user' },
    body: JSON.stringify({ model: 'local-echo', input: 'kept across a restart' }),
  });
  expect(created.status).toBe(200);
  const { id, output_text: answer } = (await created.json()) as { id: string; output_text: string };
  const capture = (await (await fetch(`${first.url}/api/webhooks`, { method: 'POST' })).json()) as { id: string };
  const stopped = await first.stop();
  expect(stopped.timedOut).toBe(false);
  expect(fs.existsSync(`${dir}.lock`)).toBe(false);

  const second = await startApp(appPort, env);
  try {
    const again = await fetch(`${second.url}/api/responses/${id}`, { headers: { 'x-on-behalf-of': 'restart-user' } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, status: 'completed', output_text: answer });
    const history = (await (await fetch(`${second.url}/api/history?q=${encodeURIComponent('kept across a restart')}`)).json()) as { data: { response_id: string }[] };
    expect(history.data.map((entry) => entry.response_id)).toEqual([id]);
    expect((await fetch(`${second.url}/api/webhooks/${capture.id}`)).status).toBe(200);
  } finally {
    await second.stop();
  }
});
