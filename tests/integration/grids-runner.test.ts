// The grid runner with a scripted transport (no gateway): a 429 frees its slot and the cell is sent again after Retry-After,
// until it gives up saying so; Stop cancels a background response a cell started on the gateway; results are stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/open';
import { parseGridDefinition } from '@/lib/grids/definition';
import { readRun } from '@/lib/grids/read';
import { getLiveRun, startGridRun } from '@/lib/grids/runner';
import { insertGrid, type GridRow } from '@/lib/grids/store';
import type { RunTransport } from '@/lib/run/transport';
import { openTestDatabase } from '../support/databases';
import { BACKGROUND, MESSAGE, rateLimited, sseReply } from '../unit/run/helpers';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase('pglite');
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

let counter = 0;
async function makeGrid(rows = 1): Promise<GridRow> {
  counter += 1;
  const definition = parseGridDefinition({
    name: `runner ${counter}`,
    base: { model: 'local-agent', stream: true },
    variants: [{ label: 'only', patch: {} }],
    rows: Array.from({ length: rows }, (_, index) => ({ label: `r${index}`, input: `question ${index}` })),
  });
  return insertGrid(db, { id: `grid_runner_${counter}`, name: definition.name, definition });
}

/** Every create answered by the next reply; every call recorded. */
function transportOf(replies: ((signal: AbortSignal) => Response)[], cancels: string[] = []): { transport: RunTransport; creates: number[] } {
  const creates: number[] = [];
  const transport: RunTransport = {
    create: async (_body, _headers, signal) => {
      creates.push(Date.now());
      const reply = replies.shift();
      if (!reply) throw new Error('no scripted reply left');
      return reply(signal);
    },
    retrieve: async () => new Response('{}', { status: 404 }),
    stream: async () => new Response('{}', { status: 404 }),
    cancel: async (id) => {
      cancels.push(id);
      return Response.json({ id, object: 'response', status: 'cancelled', background: true, output: [] });
    },
  };
  return { transport, creates };
}

async function runToEnd(grid: GridRow, transport: RunTransport) {
  const run = await startGridRun(db, grid, { request: { concurrency: 2 }, apiKey: null, transportFor: () => transport });
  await getLiveRun(run.id)?.done;
  return (await readRun(db, run.id))!;
}

describe('the grid runner', () => {
  it('a 429 is waited out (Retry-After) and the cell sent again; the retries are counted', async () => {
    const { transport, creates } = transportOf([() => rateLimited('1'), () => sseReply(MESSAGE)]);
    const run = await runToEnd(await makeGrid(), transport);
    const [cell] = run.cells;
    expect(cell).toMatchObject({ status: 'completed', pass: true, attempts: 2, rate_limit_retries: 1 });
    expect(creates[1]! - creates[0]!).toBeGreaterThanOrEqual(950);
    expect(run.status).toBe('completed');
  });

  it('a cell still rate limited after 5 retries ends as an error that says so', async () => {
    const { transport, creates } = transportOf(Array.from({ length: 6 }, () => () => rateLimited('0')));
    const run = await runToEnd(await makeGrid(), transport);
    expect(creates).toHaveLength(6);
    expect(run.cells[0]).toMatchObject({ status: 'error', pass: false, attempts: 6, rate_limit_retries: 5 });
    expect(run.cells[0]!.error).toMatchObject({ http_status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded' });
  });

  it('Stop cancels on the gateway the background response a running cell started, and keeps what arrived', async () => {
    const cancels: string[] = [];
    const opening = BACKGROUND.slice(0, 3);
    const { transport } = transportOf([(signal) => sseReply(opening, { holdUntil: signal }), (signal) => sseReply(opening, { holdUntil: signal })], cancels);
    const grid = await makeGrid(3);
    const run = await startGridRun(db, grid, { request: { concurrency: 2 }, apiKey: null, transportFor: () => transport });
    const live = getLiveRun(run.id)!;
    for (let tries = 0; live.cells().filter((cell) => cell.response_id !== null).length < 2 && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    live.cancel();
    await live.done;
    const ended = (await readRun(db, run.id))!;
    expect(ended.status).toBe('cancelled');
    const id = String((BACKGROUND[0]!.response as { id: string }).id);
    expect(cancels).toEqual([id, id]);
    expect(ended.cells.map((cell) => cell.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(ended.cells[0]!.response_id).toBe(id);
    expect(ended.cells[2]!.attempts).toBe(0);
  });
});
