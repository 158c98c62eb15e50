// Demo mode end to end: a streamed run recorded and exported here replays in a second app whose gateway is unreachable,
// item for item and at its recorded pace; pause, seek, bad files, and presentation view without ids or raw JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app-process';
import { findFreePort } from '../support/ports';
import { PlaygroundPage } from './pages/playground-page';
import { RecordingsPage, ReplayPage } from './pages/recordings-page';

test.describe.configure({ mode: 'serial' });

const SERVER_KEY = 'sk-e2e-server-key-do-not-leak-7f3a';
// 1,000 deltas at the e2e gateway's 400 tokens a second: a run of about 2.5 s to replay at 1×.
const LONG_RUN = { model: 'local-agent', input: 'Please stream 1000 words for the demo', stream: true };

let root: string;
let offline: RunningApp;
let exportedFile: string;
let liveTexts: string[] = [];
let liveOutput = '';
let replayId = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-recordings-'));
  // Nothing listens on this port: every gateway call of the second app fails to connect.
  const closedPort = await findFreePort();
  offline = await startApp(await findFreePort(), {
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    PGLITE_DIR: path.join(root, 'offline-pglite'),
    GATEWAY_BASE_URL: `http://127.0.0.1:${closedPort}`,
  });
});

test.afterAll(async () => {
  await offline?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test('a streamed run is recorded as it arrives, kept, and exported as one file', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.sendBody(LONG_RUN);
  const turn = playground.lastTurn();
  await expect(turn).toHaveAttribute('data-turn-status', 'completed', { timeout: 30_000 });
  liveTexts = await turn.getByTestId('output-items').locator(':scope > li').allInnerTexts();
  liveOutput = (await turn.getByTestId('output-text').allInnerTexts()).join('\n');
  expect(liveOutput.split(/\s+/).length).toBeGreaterThan(900);

  await page.getByTestId('keep-recording').click();
  await expect(page.getByTestId('recording-kept')).toBeVisible();
  await page.getByTestId('recording-kept-replay').click();
  await expect(page.getByTestId('replay-name')).toHaveText(LONG_RUN.input);

  const recordings = new RecordingsPage(page);
  await recordings.open();
  const row = recordings.row(LONG_RUN.input);
  await expect(row.getByTestId('recording-pinned')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('recording-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.recording\.json$/);
  exportedFile = path.join(root, download.suggestedFilename());
  await download.saveAs(exportedFile);

  const file = JSON.parse(fs.readFileSync(exportedFile, 'utf8')) as { format: string; version: number; model: string; ended_by: string; duration_ms: number; events: Array<{ at_ms: number; raw: string }> };
  expect(file).toMatchObject({ format: 'responses-playground.recording', version: 1, model: 'local-agent', ended_by: 'stream_end' });
  expect(file.events.length).toBeGreaterThan(1000);
  expect(file.duration_ms).toBeGreaterThan(1000);
  expect(fs.readFileSync(exportedFile, 'utf8')).not.toContain(SERVER_KEY);
});

test('the replay page leads back to the playground: the recorded request opens as the draft, Continue opens its response as the thread', async ({ page }) => {
  const recordings = new RecordingsPage(page);
  await recordings.open();
  await recordings.row(LONG_RUN.input).getByTestId('recording-name').click();
  await expect(page.getByTestId('replay-name')).toHaveText(LONG_RUN.input);
  const continueHref = await page.getByTestId('replay-continue').getAttribute('href');
  expect(continueHref).toMatch(/^\/\?previous_response_id=resp_/);

  await page.getByTestId('replay-open-request').click();
  await page.getByTestId('import-confirm').click();
  const playground = new PlaygroundPage(page);
  await expect(playground.composer).toHaveValue(LONG_RUN.input);

  await page.goto(continueHref ?? '/');
  await expect(playground.chip('chip-continuing')).toContainText('continuing resp_');
});

test('a file that is not a recording, truncated, or of an unknown version gets its error, and nothing is stored', async ({ page }) => {
  const recordings = new RecordingsPage(page);
  await recordings.open(offline.url);
  await expect(page.getByTestId('recordings-empty')).toBeVisible();
  const good = fs.readFileSync(exportedFile, 'utf8');
  const pretty = JSON.stringify(JSON.parse(good), null, 2);

  await recordings.importFile({ name: 'cut.json', text: pretty.slice(0, Math.floor(pretty.length / 2)) });
  await expect(recordings.importError).toContainText(/cut\.json was not imported: The file ends in the middle of its JSON at line \d+: it is truncated/);
  await recordings.importFile({ name: 'future.json', text: JSON.stringify({ ...JSON.parse(good), version: 2 }) });
  await expect(recordings.importError).toContainText('Unknown recording version 2: this playground reads version 1. (field version)');
  await recordings.importFile({ name: 'response.json', text: JSON.stringify({ id: 'resp_1', object: 'response', output: [] }) });
  await expect(recordings.importError).toContainText('This file is not a recording');
  await expect(recordings.importError).toContainText('Nothing was stored.');

  const list = await page.request.get(`${offline.url}/api/recordings`);
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  await expect(page.getByTestId('recordings-empty')).toBeVisible();
});

test('the second app, its gateway unreachable, imports the file and replays it at 1×: the same items, the recorded duration', async ({ page }) => {
  const gatewayCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(responses|models|v1)\b/.test(new URL(request.url()).pathname)) gatewayCalls.push(request.url());
  });
  const unreachable = await page.request.get(`${offline.url}/api/models`);
  expect(unreachable.status()).toBe(502);
  expect(((await unreachable.json()) as { error: { code: string } }).error.code).toBe('gateway_unreachable');

  const recordings = new RecordingsPage(page);
  await recordings.open(offline.url);
  await recordings.importFile(exportedFile);
  await expect(page).toHaveURL(/\/recordings\/rec_[0-9a-f]{24}$/);
  replayId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const replay = new ReplayPage(page);
  await expect(replay.controls).toHaveAttribute('data-speed', '1');
  await replay.expectEnded();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'completed');
  expect(await replay.itemTexts()).toEqual(liveTexts);

  // Measured by the page's own replay clock (wall time while playing, against the recording's duration).
  const playedMs = Number(await replay.controls.getAttribute('data-played-ms'));
  const recordedMs = Number(await replay.controls.getAttribute('data-recorded-ms'));
  expect(recordedMs).toBeGreaterThan(1000);
  // Paced, not instant (at most 15 % early). Late is bounded loosely: only a busy machine makes the page late, and the
  // clock's pacing itself is tested with a fake clock (tests/unit/run/replay-clock.test.ts).
  expect(playedMs / recordedMs).toBeGreaterThanOrEqual(0.85);
  expect(playedMs / recordedMs).toBeLessThanOrEqual(1.6);
  await expect(page.getByTestId('replay-timing')).toContainText('the recording took');

  // The event log and metrics replayed too.
  await expect(page.getByTestId('event-count')).toHaveText(String(await replay.controls.getAttribute('data-event-count')));
  await expect(replay.turn.getByTestId('metric-chip').first()).toBeVisible();
  expect(gatewayCalls).toEqual([]);
});

test('a file dropped on the page is imported; ?speed=5 and the speed buttons set the pace, and every speed ends on the same items', async ({ page }) => {
  const recordings = new RecordingsPage(page);
  await recordings.open(offline.url);
  await recordings.dropFile({ name: 'dropped.recording.json', text: fs.readFileSync(exportedFile, 'utf8') });
  await expect(page).toHaveURL(/\/recordings\/rec_[0-9a-f]{24}$/);
  const dropped = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(dropped).not.toBe(replayId);

  const replay = new ReplayPage(page);
  await replay.open(offline.url, dropped, '?speed=5');
  await expect(replay.controls).toHaveAttribute('data-speed', '5');
  await replay.expectEnded();
  await expect(page.getByTestId('replay-timing')).toContainText('at 5×');
  expect(await replay.itemTexts()).toEqual(liveTexts);

  await replay.chooseSpeed('2×');
  await expect(replay.controls).toHaveAttribute('data-speed', '2');
  await replay.chooseSpeed('Instant');
  await expect(replay.controls).toHaveAttribute('data-speed', 'instant');
  await page.getByTestId('replay-restart').click();
  await replay.expectEnded();
  await expect(replay.controls).toHaveAttribute('data-delivered', String(await replay.controls.getAttribute('data-event-count')));
  await expect(page.getByTestId('replay-timing')).toContainText('at Instant');
  expect(await replay.itemTexts()).toEqual(liveTexts);
});

test('pause holds the replay however long the page waits, and the scrub bar seeks to any event, back and forth', async ({ page }) => {
  await page.clock.install();
  const replay = new ReplayPage(page);
  await replay.open(offline.url, replayId, '?speed=1');
  await expect.poll(() => replay.delivered()).toBeGreaterThan(20);
  await page.getByTestId('replay-pause').click();
  await expect(replay.controls).toHaveAttribute('data-paused', 'true');
  const held = await replay.delivered();
  // Ten seconds of page time go by at once (every timer fires): a paused replay delivers nothing more.
  await page.clock.runFor(10_000);
  await expect(replay.controls).toHaveAttribute('data-delivered', String(held));
  await expect(replay.controls).toHaveAttribute('data-ended', 'false');
  await page.clock.resume();

  const outputText = () => replay.turn.getByTestId('output-text').innerText();
  const seek = (index: number) => replay.seek(index);
  await seek(40);
  await expect(page.getByTestId('replay-position')).toHaveText('41');
  await expect(replay.controls).toHaveAttribute('data-delivered', '41');
  const early = await outputText();
  expect(early.length).toBeGreaterThan(0);
  expect(liveOutput.startsWith(early.trim())).toBe(true);

  const count = Number(await replay.controls.getAttribute('data-event-count'));
  await seek(count - 1);
  await expect(replay.controls).toHaveAttribute('data-delivered', String(count));
  await expect.poll(outputText).toBe(liveOutput);
  await seek(10);
  await expect(replay.controls).toHaveAttribute('data-delivered', '11');
  expect((await outputText()).length).toBeLessThan(early.length);

  await page.getByTestId('replay-play').click();
  await replay.expectEnded();
  await expect.poll(outputText).toBe(liveOutput);
});

test('presentation view shows the output in large type without ids, raw JSON or the event log, until asked', async ({ page }) => {
  const replay = new ReplayPage(page);
  await replay.open(offline.url, replayId, '?speed=instant&present=1');
  await replay.expectEnded();
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('site-header')).toBeHidden();
  await expect(replay.turn).toHaveAttribute('data-presented', 'true');
  await expect(page.getByTestId('presented-metrics')).toBeVisible();
  await expect(page.getByTestId('presented-model')).toHaveText('local-agent');
  const shown = await page.getByTestId('replay').innerText();
  expect(shown).not.toMatch(/\bresp_|\bmsg_|Raw JSON|"type"/);
  await expect(page.getByTestId('response-id')).toHaveCount(0);
  await expect(page.getByTestId('event-log')).toHaveCount(0);
  expect(await replay.itemTexts()).toHaveLength(liveTexts.length);

  await page.getByTestId('replay-show-log').click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.locator('body').press('p');
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('response-id')).toHaveCount(1);
});

test('the playground opens in presentation view with ?present=1 and a streamed turn shows no ids', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open('?present=1');
  await expect(page.getByTestId('site-header')).toBeHidden();
  await expect(page.getByTestId('present-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(playground.panel).toBeHidden();
  await playground.send('Say hello to the room');
  await expect(playground.lastTurn()).toHaveAttribute('data-turn-status', 'completed');
  await expect(playground.lastTurn()).toHaveAttribute('data-presented', 'true');
  await expect(playground.lastTurn().getByTestId('response-id')).toHaveCount(0);
  expect(await playground.conversation.innerText()).not.toMatch(/\bresp_|\bmsg_|Raw JSON/);
  await page.getByTestId('present-toggle').click();
  await expect(playground.lastTurn().getByTestId('response-id')).toHaveCount(1);
});
