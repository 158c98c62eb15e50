// A run's cell changes on their way to the database: written together every CELL_WRITE_MS (a batcher of lib/db/batch),
// and the turns of cells whose latest change is not written yet, for the cell dialog.
import 'server-only';
import { createWriteBatcher } from '@/lib/db/batch';
import type { Db } from '@/lib/db/open';
import { updateCells, type CellFields } from './store';

/**
 * How long a batch of cell changes waits from its first change for other cells' (updateCells: one statement for many).
 * Pages are told at once; a reader of the database sees the change this much later, and `unwrittenTurn` covers the cell
 * dialog.
 */
export const CELL_WRITE_MS = 50;

export interface CellChange {
  variantIndex: number;
  rowIndex: number;
  /** A function is called when the change's write comes (a settled cell's turn is compressed then). */
  stored: CellFields | (() => Promise<CellFields>);
}

/** A cell's turn as its queued change will leave it (null: cleared as the cell started again). */
export interface UnwrittenTurn {
  turn: unknown;
}

export interface CellWrites {
  /** Queues a change; `unwritten` when it sets the cell's turn, shown by `unwrittenTurn` until this change is written or has failed. */
  queue(change: CellChange, unwritten?: UnwrittenTurn): void;
  unwrittenTurn(variantIndex: number, rowIndex: number): UnwrittenTurn | null;
  /** Writes what is queued without waiting out the window; settles once all of it is written or has failed (logged). */
  flush(): Promise<void>;
}

interface PendingChange {
  variantIndex: number;
  rowIndex: number;
  /** Made once: a batch that fails is written again change by change. */
  fields: () => Promise<CellFields>;
}

const keyOf = (variantIndex: number, rowIndex: number) => `${variantIndex}:${rowIndex}`;

function logUnsaved(runId: string, change: CellChange, error: unknown): void {
  console.error(`[grids] cell ${runId}/${change.variantIndex}/${change.rowIndex} not saved: ${error instanceof Error ? error.name : 'unknown error'}`);
}

/**
 * One run's cell writes, in order; a cell changed twice in a batch gets both, in order (`updateCells` merges them). A change
 * whose fields cannot be made fails the batch's joint write, so each change is then written alone and only it fails.
 */
export function createCellWrites(db: Db, runId: string): CellWrites {
  const unwrittenTurns = new Map<string, UnwrittenTurn>();
  const batcher = createWriteBatcher<PendingChange, void>(
    async (changes) => {
      const writes = await Promise.all(changes.map(async ({ variantIndex, rowIndex, fields }) => ({ variantIndex, rowIndex, fields: await fields() })));
      await updateCells(db, runId, writes);
      return changes.map(() => undefined);
    },
    { windowMs: CELL_WRITE_MS },
  );
  let lastWrite: Promise<void> = Promise.resolve();
  return {
    queue(change, unwritten) {
      const key = keyOf(change.variantIndex, change.rowIndex);
      if (unwritten) unwrittenTurns.set(key, unwritten);
      const { stored } = change;
      let made: Promise<CellFields> | null = null;
      const fields = () => (made ??= Promise.resolve().then(() => (typeof stored === 'function' ? stored() : stored)));
      lastWrite = batcher
        .add({ variantIndex: change.variantIndex, rowIndex: change.rowIndex, fields })
        .catch((error: unknown) => logUnsaved(runId, change, error))
        .finally(() => {
          // Only the change that set the turn clears it, written or failed: a turn set since stays until its own write.
          if (unwritten && unwrittenTurns.get(key) === unwritten) unwrittenTurns.delete(key);
        });
    },
    unwrittenTurn(variantIndex, rowIndex) {
      return unwrittenTurns.get(keyOf(variantIndex, rowIndex)) ?? null;
    },
    flush() {
      void batcher.flush();
      return lastWrite;
    },
  };
}
