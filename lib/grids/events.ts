// GET …/runs/{run_id}/events: a run's progress as SSE. A run of this process streams its events as they happen (text
// included); a run of another process is read from the database every POLL_MS (statuses, not text). Ends with `end`.
import 'server-only';
import type { Db } from '@/lib/db/open';
import type { GridDefinition } from '@/lib/schema/grid';
import { formatSseComment, formatSseRecord } from '@/lib/sse/format-sse';
import { readPrevious } from './read';
import { getLiveRun, getRunHub } from './runner';
import { ACTIVE_RUN_STATUSES, getRun, listCells, type RunRow } from './store';
import { toCells, toRun, toRunSummary } from './views';
import type { GridCell, GridRunEvent } from './wire';

const KEEPALIVE_MS = 15_000;
const POLL_MS = 1_000;

const encoder = new TextEncoder();

/** Cells compare by what a page shows of a settled or started cell; text is not polled. */
const cellVersion = (cell: GridCell) => `${cell.status}|${cell.attempts}|${cell.ended_at}|${cell.rate_limit_retries}`;

export function streamRunEvents(db: Db, run: RunRow, signal: AbortSignal): ReadableStream<Uint8Array> {
  const definition = run.definition as GridDefinition;
  const cleanups: (() => void)[] = [];
  let isClosed = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: GridRunEvent) => {
        if (isClosed) return;
        controller.enqueue(encoder.encode(formatSseRecord(event.event, event.data)));
        if (event.event === 'end') close();
      };
      const close = () => {
        if (isClosed) return;
        isClosed = true;
        for (const cleanup of cleanups.splice(0)) cleanup();
        controller.close();
      };
      signal.addEventListener('abort', close, { once: true });
      const keepAlive = setInterval(() => !isClosed && controller.enqueue(encoder.encode(formatSseComment('keep-alive'))), KEEPALIVE_MS);
      cleanups.push(() => clearInterval(keepAlive));

      const previous = await readPrevious(db, run).catch(() => null);
      if (isClosed) return;
      // From here to the subscription nothing awaits: the snapshot and the events after it are one consistent sequence.
      const live = getLiveRun(run.id);
      if (live) {
        cleanups.push(getRunHub().subscribe(run.id, send));
        const snapshot = toRun(live.summary(), definition, live.cells(), previous);
        send({ event: 'snapshot', data: snapshot });
        if (!ACTIVE_RUN_STATUSES.includes(snapshot.status)) send({ event: 'end', data: { status: snapshot.status } });
        return;
      }
      let stored = (await getRun(db, run.id)) ?? run;
      let cells = toCells(await listCells(db, run.id), stored);
      send({ event: 'snapshot', data: toRun(toRunSummary(stored, cells), definition, cells, previous) });
      if (!ACTIVE_RUN_STATUSES.includes(stored.status as never)) return send({ event: 'end', data: { status: stored.status as never } });
      const poll = setInterval(() => {
        void (async () => {
          const next = await getRun(db, run.id);
          if (!next || isClosed) return;
          const nextCells = toCells(await listCells(db, run.id), next);
          const seen = new Map(cells.map((cell) => [`${cell.variant_index}:${cell.row_index}`, cellVersion(cell)]));
          for (const cell of nextCells) if (seen.get(`${cell.variant_index}:${cell.row_index}`) !== cellVersion(cell)) send({ event: 'cell', data: cell });
          if (next.status !== stored.status || next.endedAt?.getTime() !== stored.endedAt?.getTime()) send({ event: 'run', data: toRunSummary(next, nextCells) });
          stored = next;
          cells = nextCells;
          if (!ACTIVE_RUN_STATUSES.includes(next.status as never)) send({ event: 'end', data: { status: next.status as never } });
        })().catch((error: Error) => console.error(`[grids] polling run ${run.id} failed: ${error.name}`));
      }, POLL_MS);
      cleanups.push(() => clearInterval(poll));
    },
    cancel() {
      isClosed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  });
}
