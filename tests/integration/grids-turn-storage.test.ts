// A settled cell's turn (the transcript view's request, items and event log) is stored gzip-compressed and read back as
// it came, whatever characters the gateway sent; a cell settled before that (its turn in the jsonb column) still opens.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gridCells } from '@/lib/db/schema';
import { parseGridDefinition } from '@/lib/grids/definition';
import { getLiveRun, startGridRun } from '@/lib/grids/runner';
import { getCellTurn, insertGrid } from '@/lib/grids/store';
import type { Turn } from '@/lib/transcript/run-types';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';
import { MESSAGE, streamingTransport } from '../unit/run/helpers';

// NUL, a lone surrogate, U+E000 (the text codec's own escape mark), a quote and a backslash.
const ODD_TEXT = 'nul\u0000 lone\ud800 mark\ue000 "quoted" back\\slash';
const isDelta = (event: { type: string }) => event.type === 'response.output_text.delta';
const DELTAS = MESSAGE.filter(isDelta).length;
/** The message scenario saying ODD_TEXT in each delta, and their sum wherever it gives the whole text (done events, the final response). */
const EVENTS = (() => {
  const whole = MESSAGE.filter(isDelta).map((event) => String(event.delta)).join('');
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const retold = JSON.parse(JSON.stringify(MESSAGE).split(inJson(whole)).join(inJson(ODD_TEXT.repeat(DELTAS)))) as typeof MESSAGE;
  return retold.map((event) => (isDelta(event) ? { ...event, delta: ODD_TEXT } : event));
})();

describe.each(DATABASE_KINDS)('a grid cell turn stored on %s', (kind) => {
  const db = useTestDatabase(kind);

  async function makeGrid(id: string) {
    const definition = parseGridDefinition({ name: id, base: { model: 'local-agent', stream: true }, variants: [{ label: 'only', patch: {} }], rows: [{ label: 'r0', input: 'question' }] });
    return insertGrid(db(), { id, name: definition.name, definition });
  }

  it('is stored compressed, not as jsonb, and read back with every event as the gateway sent it', async () => {
    const transport = streamingTransport(EVENTS);
    const grid = await makeGrid(`grid_turn_${kind}`);
    const run = await startGridRun(db(), grid, { request: { concurrency: 1 }, apiKey: null, transportFor: () => transport });
    await getLiveRun(run.id)?.done;

    const found = await getCellTurn(db(), run.id, 0, 0);
    expect(found?.cell.status).toBe('completed');
    const turn = found!.turn as Turn;
    expect(turn.events.map((event) => event.data)).toEqual(EVENTS.map((event) => JSON.stringify(event)));
    expect(turn.request.body).toEqual({ model: 'local-agent', stream: true, input: 'question' });
    expect(DELTAS).toBeGreaterThan(1);
    const message = turn.transcript.items[0] as unknown as { content: Array<{ text: string }> };
    expect(message.content[0]!.text).toBe(ODD_TEXT.repeat(DELTAS));

    const result = await db().execute(sql`select "turn" is null as "is_jsonb_empty", octet_length("turn_packed") as "packed_bytes" from "grid_cells" where "run_id" = ${run.id}`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ is_jsonb_empty: boolean; packed_bytes: number }>;
    expect(row!.is_jsonb_empty).toBe(true);
    expect(Number(row!.packed_bytes)).toBeGreaterThan(0);
    expect(Number(row!.packed_bytes)).toBeLessThan(JSON.stringify(turn).length / 2);
  });

  it('opens a cell whose turn was stored as jsonb before', async () => {
    const grid = await makeGrid(`grid_turn_old_${kind}`);
    const transport = streamingTransport(MESSAGE);
    const run = await startGridRun(db(), grid, { request: { concurrency: 1 }, apiKey: null, transportFor: () => transport });
    await getLiveRun(run.id)?.done;
    const earlier = { key: 'old', status: 'completed', events: [{ index: 0, sequenceNumber: 0, type: 'response.created', atMs: 1, data: `{"text":"${ODD_TEXT.replace(/["\\]/g, '\\$&')}"}` }] };
    await db().update(gridCells).set({ turn: earlier, turnPacked: null }).where(and(eq(gridCells.runId, run.id), eq(gridCells.variantIndex, 0), eq(gridCells.rowIndex, 0)));

    expect((await getCellTurn(db(), run.id, 0, 0))?.turn).toEqual(earlier);
  });
});
