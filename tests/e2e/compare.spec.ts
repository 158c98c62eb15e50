// Compare grids in Chromium: a 3 × 3 grid built from the playground, run with live progress, one check failing on one
// column, a stopped run, its failed cells run again, the results after a reload and a CSV export; then a server restart;
// and a saved variant the schema refuses, summarised as such in its editor before any edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startApp } from '../support/app-process';
import { findFreePort } from '../support/ports';
import { ComparePage } from './pages/compare-page';
import { PlaygroundPage } from './pages/playground-page';

test.describe.configure({ timeout: 240_000 });

test('a 3 × 3 grid from the playground: run, a failing column, stop, re-run the failed cells, reload, export CSV', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.fill('hello there');
  await page.getByTestId('open-compare').click();
  await page.waitForURL(/\/compare\/grid_/);
  const grid = new ComparePage(page);
  await expect(grid.workspace).toBeVisible();
  // The playground's request is the base and the first variant; its input the first row.
  await expect(grid.variantCard(0).getByTestId('variant-label')).toHaveValue('local-agent');
  await expect(page.getByTestId('row-input').first()).toHaveValue('hello there');

  await grid.addVariant();
  await grid.setVariantModel(1, 'local-echo');
  await grid.renameVariant(1, 'echo');
  await grid.addVariant();
  await grid.setVariantModel(2, 'local-fail');
  await grid.renameVariant(2, 'broken');
  await grid.pasteRows('label,input\nsum,what is 2 + 3\nagain,hello again');
  await expect(page.getByTestId('row-line')).toHaveCount(3);
  await grid.addCheck('status');
  await expect(page.getByTestId('check-words')).toHaveText('status is completed');
  await grid.expectSaved();

  await grid.run();
  await grid.expectRunStatus('completed');
  await expect(grid.progressBar).toHaveAttribute('aria-valuenow', '9');
  await expect(grid.progressText).toContainText('9 of 9 cells done');
  await expect(grid.cell(0, 1).getByTestId('cell-text')).toContainText('The answer is 2 + 3 = 5.');
  for (let row = 0; row < 3; row += 1) {
    await expect(grid.cell(0, row)).toHaveAttribute('data-pass', 'true');
    await expect(grid.cell(1, row)).toHaveAttribute('data-pass', 'true');
    await expect(grid.cell(2, row)).toHaveAttribute('data-pass', 'false');
    await expect(grid.cell(2, row).getByTestId('cell-check-failed')).toHaveText('✗ status is completed: status failed, not completed');
  }
  await expect(grid.summaryPassRate(0)).toHaveText('100% (3/3)');
  await expect(grid.summaryPassRate(2)).toHaveText('0% (0/3)');

  // The run is stored: a reload shows the same run, cell by cell.
  await page.reload();
  await grid.expectRunStatus('completed');
  await expect(grid.cell(2, 1)).toHaveAttribute('data-status', 'failed');
  await expect(grid.cell(1, 2).getByTestId('cell-text')).toContainText('hello again');

  const csv = await grid.exportCsv();
  expect(csv.name).toMatch(/^gridrun_.+\.csv$/);
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines).toHaveLength(10);
  expect(lines[0]).toBe('variant,row,status,pass,output_text,response_id,model,on_behalf_of,ttft_ms,total_ms,input_tokens,output_tokens,total_tokens,attempts,error,check 1: status is completed');
  expect(lines.filter((line) => line.startsWith('broken,'))).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('broken,row 1,'))).toMatch(/^broken,row 1,failed,false,.*,"fail: status failed, not completed"$/);

  // A fourth row that waits before its first token, at one cell at a time: Stop while it runs.
  await grid.pasteRows('label,input\nslow,please simulate slow start');
  await grid.expectSaved();
  await grid.run(1);
  await expect(grid.cell(0, 3)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await page.getByTestId('stop-run').click();
  await grid.expectRunStatus('cancelled');
  await expect(grid.cell(0, 3)).toHaveAttribute('data-status', 'cancelled');
  await expect(grid.cell(1, 3)).toHaveAttribute('data-status', 'cancelled');
  await expect(grid.cell(1, 3).getByTestId('cell-error')).toHaveText('The run was stopped before this cell started.');
  await expect(grid.cell(0, 0)).toHaveAttribute('data-pass', 'true');

  // Re-run failed: the cancelled cells and the failing column, in place.
  await page.getByTestId('rerun-failed').click();
  await grid.expectRunStatus('completed', 60_000);
  await expect(grid.cell(0, 3)).toHaveAttribute('data-pass', 'true');
  await expect(grid.cell(1, 3)).toHaveAttribute('data-pass', 'true');
  await expect(grid.cell(2, 3)).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('run-pass-count')).toHaveText('8 passed · 4 failed');
  // The first run is still there, unchanged, and the list says how each run went.
  await expect(page.getByTestId('run-select').locator('option')).toHaveCount(2);

  // A cell opens in the full transcript view, and can be continued in the playground.
  await grid.cell(1, 0).getByTestId('cell-open').click();
  const dialog = page.getByTestId('cell-dialog');
  await expect(dialog.getByTestId('turn')).toHaveAttribute('data-turn-status', 'completed');
  await expect(dialog.getByTestId('turn-heading')).toHaveText('hello there');
  await dialog.getByTestId('cell-dialog-events').getByText(/Raw events/).click();
  const log = dialog.getByTestId('event-log');
  await expect(log.getByTestId('event-type').first()).toHaveText('response.created');
  expect(Number(await log.getByTestId('event-count').textContent())).toBeGreaterThan(3);
  await dialog.getByTestId('cell-continue').click();
  await expect(page).toHaveURL(/\/\?response=resp_/);
  await expect(playground.turns).toHaveCount(1);
  await expect(playground.turns.first()).toContainText('Hello!');
});

test("a saved variant the schema refuses: its editor's summary names the problem before any edit, never 'passes the schema'", async ({ page }) => {
  const created = await page.request.post('/api/grids', {
    data: {
      name: 'a variant out of range',
      base: { model: 'local-agent' },
      variants: [{ label: 'fine', patch: {} }, { label: 'too random', patch: { top_p: 7 } }],
      rows: [{ label: 'hi', input: 'hello there' }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A new visit: the schema checker loads on first use, after the dialog's draft exists.
  const grid = new ComparePage(page);
  await grid.open('', id);
  await grid.openVariantEditor(1);
  const summary = grid.requestEditor.getByTestId('issue-summary');
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary).toContainText('1 problem block sending');
  await expect(summary).toContainText('top_p');
  await expect(summary).not.toContainText('passes the schema');
  await grid.requestEditor.getByTestId('request-editor-cancel').click();
  await expect(grid.requestEditor).toBeHidden();

  // The variant that keeps the base as it is passes.
  await grid.openVariantEditor(0);
  await expect(grid.requestEditor.getByTestId('issue-summary')).toHaveText('The body passes the schema.');
});

const made: string[] = [];
test.afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

test('results stay after a server restart, and a run cut by the restart ends interrupted', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-compare-'));
  made.push(dir);
  const env = { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next', PGLITE_DIR: path.join(dir, 'pglite'), LOCAL_GATEWAY_TOKENS_PER_SECOND: '400' };
  const port = await findFreePort();
  const first = await startApp(port, env);
  const api = async (pathname: string, body?: unknown) => {
    const reply = await fetch(`${first.url}${pathname}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json', origin: first.url }, body: JSON.stringify(body) });
    return (await reply.json()) as { id: string; status: string; cells: { status: string }[] };
  };
  const { id } = await api('/api/grids', {
    name: 'restart',
    base: { model: 'local-agent', stream: true },
    variants: [{ label: 'agent', patch: {} }, { label: 'slow', patch: { model: 'local-slow' } }],
    rows: [{ label: 'a', input: 'hello there' }, { label: 'b', input: 'what is 2 + 3' }, { label: 'c', input: 'hello again' }],
    checks: [{ type: 'status' }],
  });
  const done = await api(`/api/grids/${id}/runs`, {});
  await expect.poll(async () => (await api(`/api/grids/${id}/runs/${done.id}`)).status, { timeout: 60_000 }).toBe('completed');
  const cut = await api(`/api/grids/${id}/runs`, { concurrency: 1 });
  await expect.poll(async () => (await api(`/api/grids/${id}/runs/${cut.id}`)).cells.filter((cell) => cell.status === 'running').length).toBe(1);
  expect((await first.stop()).timedOut).toBe(false);

  const second = await startApp(port, env);
  try {
    const grid = new ComparePage(page);
    await grid.open(second.url, id, done.id);
    await grid.expectRunStatus('completed');
    await expect(grid.cell(0, 1).getByTestId('cell-text')).toContainText('The answer is 2 + 3 = 5.');
    await expect(grid.cell(1, 2)).toHaveAttribute('data-pass', 'true');
    await page.getByTestId('run-select').selectOption(cut.id);
    await grid.expectRunStatus('interrupted');
    await expect(page.locator('[data-testid^="cell-"][data-status="interrupted"]').first()).toBeVisible();
    await expect(page.locator('[data-testid^="cell-"][data-status="running"]')).toHaveCount(0);
    await expect(page.locator('[data-testid^="cell-"][data-status="queued"]')).toHaveCount(0);
  } finally {
    await second.stop();
  }
});
