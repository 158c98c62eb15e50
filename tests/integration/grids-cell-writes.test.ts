// A run's cell changes are written together (updateCells: one statement per set of columns): the rows must end as writing
// each change in turn leaves them, every column type as sent; a change that cannot be made fails alone; and a cell that
// just settled shows its turn before the write.
import { describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { gridCells } from '@/lib/db/schema';
import { createCellWrites } from '@/lib/grids/cell-writes';
import { parseGridDefinition } from '@/lib/grids/definition';
import { getLiveRun, getRunHub, startGridRun } from '@/lib/grids/runner';
import { getCellTurn, insertGrid, insertRun, updateCells, type CellWrite } from '@/lib/grids/store';
import type { Turn } from '@/lib/transcript/run-types';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';
import { MESSAGE, streamingTransport } from '../unit/run/helpers';

// NUL, a lone surrogate, U+E000 (the text codec's own escape mark), a quote and a backslash.
const ODD_TEXT = 'nul\u0000 lone\ud800 mark\ue000 "quoted" back\\slash';

/** Changes as a run makes them: cells starting, settling (some twice in one batch), waiting on a 429, cleared again. */
const WRITES: CellWrite[] = [
  { variantIndex: 0, rowIndex: 0, fields: { status: 'running', attempts: 1, startedAt: new Date('2026-11-26T10:00:00.000Z'), endedAt: null, outputText: '', turn: null, turnPacked: null } },
  { variantIndex: 1, rowIndex: 0, fields: { status: 'running', attempts: 1, startedAt: new Date('2026-11-26T10:00:00.250Z'), endedAt: null, outputText: '', turn: null, turnPacked: null } },
  { variantIndex: 0, rowIndex: 1, fields: { rateLimitRetries: 1 } },
  {
    variantIndex: 0,
    rowIndex: 0,
    fields: {
      status: 'completed',
      passed: true,
      outputText: ODD_TEXT,
      responseId: 'resp_1',
      model: `model ${ODD_TEXT}`,
      error: null,
      checks: [{ type: 'contains', value: ODD_TEXT, pass: true }],
      ttftMs: 12.5,
      totalMs: 40.25,
      inputTokens: 3,
      outputTokens: 17,
      totalTokens: 20,
      turn: null,
      turnPacked: new Uint8Array([0, 1, 2, 255, 92, 120]),
      endedAt: new Date('2026-11-26T10:00:01.125Z'),
    },
  },
  {
    variantIndex: 1,
    rowIndex: 0,
    fields: { status: 'failed', passed: false, error: { message: ODD_TEXT, type: 'server_error', code: null, param: null, http_status: 500 }, checks: [], endedAt: new Date('2026-11-26T10:00:02.000Z') },
  },
  { variantIndex: 1, rowIndex: 1, fields: { status: 'interrupted', passed: false, endedAt: new Date('2026-11-26T10:00:03.000Z'), responseId: undefined } },
];

describe.each(DATABASE_KINDS)('grid cell writes on %s', (kind) => {
  const db = useTestDatabase(kind);

  const definition = parseGridDefinition({
    name: 'writes',
    base: { model: 'local-agent', stream: true },
    variants: [
      { label: 'a', patch: {} },
      { label: 'b', patch: {} },
    ],
    rows: [
      { label: 'r0', input: 'one' },
      { label: 'r1', input: 'two' },
    ],
  });

  async function makeRun(gridId: string, runId: string) {
    await insertGrid(db(), { id: gridId, name: definition.name, definition });
    const cells = [0, 1].flatMap((variantIndex) => [0, 1].map((rowIndex) => ({ variantIndex, rowIndex, status: 'queued', onBehalfOf: null })));
    await insertRun(db(), { id: runId, gridId, status: 'completed', concurrency: 2, cellTimeoutMs: 60_000, definition }, cells);
  }

  const rowsOf = async (runId: string) =>
    (await db().select().from(gridCells).where(eq(gridCells.runId, runId)).orderBy(asc(gridCells.variantIndex), asc(gridCells.rowIndex))).map(({ runId: _runId, ...row }) => row);

  it('leaves every row as writing each change in turn does, whatever the columns and characters', async () => {
    await makeRun(`grid_each_${kind}`, `run_each_${kind}`);
    await makeRun(`grid_together_${kind}`, `run_together_${kind}`);
    // One drizzle update per change, in order: what the run wrote before changes were gathered.
    for (const write of WRITES) {
      const { variantIndex, rowIndex, fields } = write;
      await db().update(gridCells).set(fields).where(and(eq(gridCells.runId, `run_each_${kind}`), eq(gridCells.variantIndex, variantIndex), eq(gridCells.rowIndex, rowIndex)));
    }
    await updateCells(db(), `run_together_${kind}`, WRITES);

    const each = await rowsOf(`run_each_${kind}`);
    const together = await rowsOf(`run_together_${kind}`);
    expect(together).toEqual(each);
    // The values a cell dialog and the CSV show, as sent.
    expect(together[0]).toMatchObject({ status: 'completed', passed: true, outputText: ODD_TEXT, model: `model ${ODD_TEXT}`, ttftMs: 12.5, totalMs: 40.25, totalTokens: 20, attempts: 1 });
    expect(together[0]!.checks).toEqual([{ type: 'contains', value: ODD_TEXT, pass: true }]);
    expect([...together[0]!.turnPacked!]).toEqual([0, 1, 2, 255, 92, 120]);
    expect(together[0]!.startedAt?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(together[0]!.endedAt?.toISOString()).toBe('2026-11-26T10:00:01.125Z');
    expect(together[1]).toMatchObject({ status: 'queued', rateLimitRetries: 1 });
    expect(together[2]).toMatchObject({ status: 'failed', passed: false, error: { message: ODD_TEXT, http_status: 500 }, attempts: 1 });
    expect(together[3]).toMatchObject({ status: 'interrupted', responseId: null });
  });

  it("changes only the named run's cells", async () => {
    await makeRun(`grid_other_${kind}`, `run_other_${kind}`);
    await makeRun(`grid_target_${kind}`, `run_target_${kind}`);
    const before = await rowsOf(`run_other_${kind}`);
    await updateCells(db(), `run_target_${kind}`, WRITES);
    expect(await rowsOf(`run_other_${kind}`)).toEqual(before);
    expect((await rowsOf(`run_target_${kind}`))[0]!.status).toBe('completed');
  });

  it('writes queued changes in order; a change whose fields cannot be made fails alone, logged by names only', async () => {
    const runId = `run_queue_${kind}`;
    await makeRun(`grid_queue_${kind}`, runId);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const writes = createCellWrites(db(), runId);
      writes.queue({ variantIndex: 0, rowIndex: 0, stored: { status: 'running', attempts: 1, outputText: '' } });
      writes.queue({ variantIndex: 1, rowIndex: 0, stored: () => Promise.reject(new TypeError(`cannot pack ${ODD_TEXT}`)) });
      writes.queue({ variantIndex: 0, rowIndex: 0, stored: async () => ({ status: 'completed', outputText: ODD_TEXT }) });
      writes.queue({ variantIndex: 0, rowIndex: 1, stored: { rateLimitRetries: 2 } });
      await writes.flush();
      const rows = await rowsOf(runId);
      expect(rows.map(({ status, attempts, outputText, rateLimitRetries }) => ({ status, attempts, outputText, rateLimitRetries }))).toEqual([
        { status: 'completed', attempts: 1, outputText: ODD_TEXT, rateLimitRetries: 0 },
        { status: 'queued', attempts: 0, outputText: '', rateLimitRetries: 2 },
        { status: 'queued', attempts: 0, outputText: '', rateLimitRetries: 0 },
        { status: 'queued', attempts: 0, outputText: '', rateLimitRetries: 0 },
      ]);
      expect(logged.mock.calls).toEqual([[`[grids] cell ${runId}/1/0 not saved: TypeError`]]);
    } finally {
      logged.mockRestore();
    }
  });

  it('keeps an unwritten turn until the change that set it is written or has failed, not an earlier one', async () => {
    const runId = `run_turns_${kind}`;
    await makeRun(`grid_turns_${kind}`, runId);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const writes = createCellWrites(db(), runId);
      const cleared = { turn: null };
      const settled = { turn: { events: [] } };
      let release: () => void = () => undefined;
      const isReleased = new Promise<void>((resolve) => (release = resolve));
      writes.queue({ variantIndex: 0, rowIndex: 0, stored: () => isReleased.then(() => ({ status: 'running' })) }, cleared);
      expect(writes.unwrittenTurn(0, 0)).toBe(cleared);
      const firstWritten = writes.flush();
      // The next change comes while that write runs (its fields wait for the release).
      await new Promise((resolve) => setImmediate(resolve));
      writes.queue({ variantIndex: 0, rowIndex: 0, stored: async () => ({ status: 'completed' }) }, settled);
      release();
      await firstWritten;
      expect(writes.unwrittenTurn(0, 0)).toBe(settled);
      await writes.flush();
      expect(writes.unwrittenTurn(0, 0)).toBeNull();
      // A change that fails clears the turn it set too: the database keeps its older one.
      const failed = { turn: { events: [] } };
      writes.queue({ variantIndex: 1, rowIndex: 1, stored: () => Promise.reject(new Error('not packed')) }, failed);
      expect(writes.unwrittenTurn(1, 1)).toBe(failed);
      await writes.flush();
      expect(writes.unwrittenTurn(1, 1)).toBeNull();
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });

  it('shows a settled cell its turn before the turn is written, and the written one after', async () => {
    const transport = streamingTransport(MESSAGE);
    const grid = await insertGrid(db(), { id: `grid_unwritten_${kind}`, name: definition.name, definition });
    const seen: Array<{ status: string; unwritten: Turn | null | undefined; stored: unknown }> = [];
    const reads: Promise<void>[] = [];
    const run = await startGridRun(db(), grid, { request: { concurrency: 1 }, apiKey: null, transportFor: () => transport });
    const runId = run.id;
    const stop = getRunHub().subscribe(runId, (event) => {
      if (event.event !== 'cell' || event.data.variant_index !== 0 || event.data.row_index !== 0) return;
      const status = event.data.status;
      // Read at once, as the cell dialog's request would right after the page is told.
      const unwritten = getLiveRun(runId)?.unwrittenTurn(0, 0)?.turn as Turn | null | undefined;
      reads.push(getCellTurn(db(), runId, 0, 0).then((found) => void seen.push({ status, unwritten, stored: found?.turn ?? null })));
    });
    try {
      await getLiveRun(runId)?.done;
      await Promise.all(reads);
    } finally {
      stop();
    }
    const settled = seen.find((entry) => entry.status === 'completed');
    // What the cell dialog's request answers (lib/grids/http.ts): the turn in memory until it is written (CELL_WRITE_MS later).
    expect(settled?.unwritten?.events.map((event) => event.data)).toEqual(MESSAGE.map((event) => JSON.stringify(event)));
    expect(seen.find((entry) => entry.status === 'running')?.unwritten).toBeNull();
    // Once written, the database's turn is the one, and memory holds none.
    expect(getLiveRun(runId)?.unwrittenTurn(0, 0) ?? null).toBeNull();
    const stored = (await getCellTurn(db(), runId, 0, 0))?.turn as Turn;
    expect(stored.events.map((event) => event.data)).toEqual(MESSAGE.map((event) => JSON.stringify(event)));
  });
});
