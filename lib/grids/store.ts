// Grids, runs and cells in the database (drizzle; takes the db so tests pass theirs). Cells are read without their turn
// (the event log) except one at a time for the transcript view.
import 'server-only';
import { and, asc, count, desc, eq, getTableColumns, inArray, lt, notInArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { compressText, decompressText } from '@/lib/db/compressed';
import type { Db } from '@/lib/db/open';
import { SHARED_VIEWER, visibleTo, type OwnerView, type Viewer } from '@/lib/db/owner';
import { gridCells, gridRuns, grids } from '@/lib/db/schema';
import type { GridDefinition, GridRunStatus } from '@/lib/schema/grid';
import { INTERRUPTED_ERROR } from './outcome';

export type GridRow = typeof grids.$inferSelect;
export type RunRow = typeof gridRuns.$inferSelect;
export type CellRow = Omit<typeof gridCells.$inferSelect, 'turn' | 'turnPacked'>;
export type CellFields = Partial<Omit<typeof gridCells.$inferInsert, 'runId' | 'variantIndex' | 'rowIndex'>>;
export type RunFields = Partial<Omit<typeof gridRuns.$inferInsert, 'id' | 'gridId'>>;

export const ACTIVE_RUN_STATUSES: readonly GridRunStatus[] = ['queued', 'running'];
const UNSETTLED_CELL_STATUSES = ['queued', 'running'];

/** Every cell column but the turn, so lists stay light. */
const CELL_COLUMNS = (() => {
  const { turn, turnPacked, ...columns } = getTableColumns(gridCells);
  void turn;
  void turnPacked;
  return columns;
})();

/**
 * A settled cell's turn as stored (`turn_packed`): its JSON, gzip-compressed off the main thread. JSON keeps every string
 * as it came (NUL and lone surrogates are escaped by JSON.stringify), so no text codec is needed.
 */
export async function packTurn(turn: unknown): Promise<Uint8Array> {
  return compressText(JSON.stringify(turn));
}

async function unpackTurn(packed: Uint8Array): Promise<unknown> {
  return JSON.parse(await decompressText(packed)) as unknown;
}

export async function insertGrid(db: Db, grid: { id: string; name: string; definition: GridDefinition; ownerId?: string | null }): Promise<GridRow> {
  const [row] = await db.insert(grids).values(grid).returning();
  return row!;
}

export async function updateGrid(db: Db, id: string, definition: GridDefinition): Promise<GridRow | null> {
  const [row] = await db.update(grids).set({ name: definition.name, definition, updatedAt: new Date() }).where(eq(grids.id, id)).returning();
  return row ?? null;
}

export async function deleteGrid(db: Db, id: string): Promise<boolean> {
  return (await db.delete(grids).where(eq(grids.id, id)).returning({ id: grids.id })).length > 0;
}

export async function getGrid(db: Db, id: string): Promise<GridRow | null> {
  const [row] = await db.select().from(grids).where(eq(grids.id, id));
  return row ?? null;
}

export const GRID_LIST_LIMIT = 200;

/** The grids `viewer` may see in `view` (lib/db/owner.ts), most recently changed first. */
export async function listGrids(db: Db, limit = GRID_LIST_LIMIT, viewer: Viewer = SHARED_VIEWER, view: OwnerView = 'all'): Promise<GridRow[]> {
  return db.select().from(grids).where(visibleTo(grids, viewer, view)).orderBy(desc(grids.updatedAt), desc(grids.id)).limit(limit);
}

export async function setGridShared(db: Db, id: string, shared: boolean): Promise<GridRow | null> {
  const [row] = await db.update(grids).set({ shared }).where(eq(grids.id, id)).returning();
  return row ?? null;
}

export interface NewCell {
  variantIndex: number;
  rowIndex: number;
  status: string;
  onBehalfOf: string | null;
  error?: unknown;
  passed?: boolean | null;
}

export async function insertRun(db: Db, run: typeof gridRuns.$inferInsert, cells: readonly NewCell[]): Promise<RunRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(gridRuns).values(run).returning();
    // Chunks keep each statement's parameter count far under PostgreSQL's limit (a 200 × 8 grid has 1,600 cells).
    for (let at = 0; at < cells.length; at += 200) {
      await tx.insert(gridCells).values(cells.slice(at, at + 200).map((cell) => ({ ...cell, runId: run.id })));
    }
    return row!;
  });
}

export async function getRun(db: Db, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(gridRuns).where(eq(gridRuns.id, runId));
  return row ?? null;
}

export async function listCells(db: Db, runId: string): Promise<CellRow[]> {
  return db.select(CELL_COLUMNS).from(gridCells).where(eq(gridCells.runId, runId)).orderBy(asc(gridCells.rowIndex), asc(gridCells.variantIndex));
}

export async function getCellTurn(db: Db, runId: string, variantIndex: number, rowIndex: number): Promise<{ cell: CellRow; turn: unknown } | null> {
  const [row] = await db
    .select()
    .from(gridCells)
    .where(and(eq(gridCells.runId, runId), eq(gridCells.variantIndex, variantIndex), eq(gridCells.rowIndex, rowIndex)));
  if (!row) return null;
  // Cells settled before turn_packed keep their turn in the jsonb column.
  const { turn, turnPacked, ...cell } = row;
  return { cell, turn: turnPacked ? await unpackTurn(turnPacked) : turn };
}

/** Runs of a grid, newest first. */
export async function listRuns(db: Db, gridId: string, limit = 50): Promise<RunRow[]> {
  return db.select().from(gridRuns).where(eq(gridRuns.gridId, gridId)).orderBy(desc(gridRuns.createdAt), desc(gridRuns.id)).limit(limit);
}

/** The newest run of each grid named. */
export async function latestRuns(db: Db, gridIds: readonly string[]): Promise<RunRow[]> {
  if (gridIds.length === 0) return [];
  const rows = await db.select().from(gridRuns).where(inArray(gridRuns.gridId, [...gridIds])).orderBy(desc(gridRuns.createdAt), desc(gridRuns.id));
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.gridId) && seen.add(row.gridId));
}

/** The run of the same grid made just before this one (the regression view compares with it). */
export async function previousRun(db: Db, run: RunRow): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(gridRuns)
    .where(and(eq(gridRuns.gridId, run.gridId), or(lt(gridRuns.createdAt, run.createdAt), and(eq(gridRuns.createdAt, run.createdAt), lt(gridRuns.id, run.id)))))
    .orderBy(desc(gridRuns.createdAt), desc(gridRuns.id))
    .limit(1);
  return row ?? null;
}

/** Cells of several runs at once (the list pages' totals). */
export async function listCellsOfRuns(db: Db, runIds: readonly string[]): Promise<CellRow[]> {
  if (runIds.length === 0) return [];
  return db.select(CELL_COLUMNS).from(gridCells).where(inArray(gridCells.runId, [...runIds]));
}

export async function updateRun(db: Db, runId: string, fields: RunFields, onlyIfStatus?: readonly GridRunStatus[]): Promise<RunRow | null> {
  const where: SQL[] = [eq(gridRuns.id, runId)];
  if (onlyIfStatus) where.push(inArray(gridRuns.status, [...onlyIfStatus]));
  const [row] = await db.update(gridRuns).set(fields).where(and(...where)).returning();
  return row ?? null;
}

/** One cell's change: the columns it sets. */
export interface CellWrite {
  variantIndex: number;
  rowIndex: number;
  fields: CellFields;
}

const CELL_TABLE_COLUMNS: Record<string, Column> = getTableColumns(gridCells);
/** Rows per statement: far under PostgreSQL's parameter limit with every column set. */
const CELLS_PER_STATEMENT = 200;

/**
 * Several cells' changes of one run written together, as writing them one after another would leave the rows: a cell named
 * twice gets its changes merged in order (the later value of a column wins). One `UPDATE … FROM (VALUES …)` per set of
 * columns changed (a cell starting, a cell settling), all in one transaction: on PGlite each statement costs about a
 * millisecond of the event loop whatever it does, and a run of 80 cells made 160 of them.
 */
export async function updateCells(db: Db, runId: string, writes: readonly CellWrite[]): Promise<void> {
  const merged = new Map<string, CellWrite>();
  for (const write of writes) {
    const key = `${write.variantIndex}:${write.rowIndex}`;
    const before = merged.get(key);
    merged.set(key, before ? { ...write, fields: { ...before.fields, ...write.fields } } : write);
  }
  const groups = new Map<string, { names: string[]; writes: CellWrite[] }>();
  for (const write of merged.values()) {
    const names = Object.keys(write.fields).filter((name) => (write.fields as Record<string, unknown>)[name] !== undefined).sort();
    if (names.length === 0) continue;
    const signature = names.join(',');
    const group = groups.get(signature) ?? { names, writes: [] };
    group.writes.push(write);
    groups.set(signature, group);
  }
  const statements: SQL[] = [];
  for (const { names, writes: grouped } of groups.values()) {
    for (let at = 0; at < grouped.length; at += CELLS_PER_STATEMENT) statements.push(updateCellsStatement(runId, names, grouped.slice(at, at + CELLS_PER_STATEMENT)));
  }
  if (statements.length === 1) await db.execute(statements[0]!);
  else if (statements.length > 1) {
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  }
}

/** Each value goes through its column's own encoding (the text codec, jsonb, timestamps) and is cast to its column's type. */
function updateCellsStatement(runId: string, names: readonly string[], writes: readonly CellWrite[]): SQL {
  const columns = names.map((name) => CELL_TABLE_COLUMNS[name]!);
  const rows = writes.map((write) => {
    const values = columns.map((column, at) => sql`${sql.param((write.fields as Record<string, unknown>)[names[at]!] ?? null, column)}::${sql.raw(column.getSQLType())}`);
    return sql`(${write.variantIndex}::integer, ${write.rowIndex}::integer, ${sql.join(values, sql`, `)})`;
  });
  const targets = sql.join(columns.map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`), sql`, `);
  const aliases = sql.join(columns.map((column) => sql.identifier(column.name)), sql`, `);
  return sql`UPDATE ${gridCells} SET ${targets}
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(variant_index, row_index, ${aliases})
    WHERE ${gridCells.runId} = ${sql.param(runId, gridCells.runId)} AND ${gridCells.variantIndex} = v.variant_index AND ${gridCells.rowIndex} = v.row_index`;
}

export async function countSettledCells(db: Db, runId: string): Promise<number> {
  const [row] = await db
    .select({ settled: count() })
    .from(gridCells)
    .where(and(eq(gridCells.runId, runId), notInArray(gridCells.status, UNSETTLED_CELL_STATUSES)));
  return row?.settled ?? 0;
}

/** Puts cells back in the queue for a re-run: their results are replaced when they settle again. */
export async function requeueCells(db: Db, runId: string, cells: readonly { variantIndex: number; rowIndex: number }[]): Promise<void> {
  for (let at = 0; at < cells.length; at += 200) {
    const pairs = cells.slice(at, at + 200).map((cell) => and(eq(gridCells.variantIndex, cell.variantIndex), eq(gridCells.rowIndex, cell.rowIndex))!);
    await db
      .update(gridCells)
      .set({ status: 'queued', passed: null, error: null, checks: [], rateLimitRetries: 0 })
      .where(and(eq(gridCells.runId, runId), or(...pairs)));
  }
}

export async function touchRuns(db: Db, runIds: readonly string[], now = new Date()): Promise<void> {
  if (runIds.length === 0) return;
  await db.update(gridRuns).set({ heartbeatAt: now }).where(inArray(gridRuns.id, [...runIds]));
}

/** Of the runs named, those someone asked (through another process) to stop. */
export async function findCancelRequested(db: Db, runIds: readonly string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await db.select({ id: gridRuns.id }).from(gridRuns).where(and(inArray(gridRuns.id, [...runIds]), eq(gridRuns.isCancelRequested, true)));
  return rows.map((row) => row.id);
}

/**
 * Ends runs left queued or running by a process that is gone: those quiet since `quietSince`, or (`anyRunner`: PGlite,
 * which one process at a time holds) every one not running here. Their unsettled cells end `interrupted`. Returns their ids.
 */
export async function interruptOrphanRuns(db: Db, options: { quietSince: Date; runningHere: readonly string[]; anyRunner: boolean }): Promise<string[]> {
  const where: SQL[] = [inArray(gridRuns.status, [...ACTIVE_RUN_STATUSES])];
  if (options.runningHere.length > 0) where.push(notInArray(gridRuns.id, [...options.runningHere]));
  if (!options.anyRunner) where.push(or(sql`${gridRuns.heartbeatAt} is null`, lt(gridRuns.heartbeatAt, options.quietSince))!);
  return db.transaction(async (tx) => {
    const now = new Date();
    const ended = await tx.update(gridRuns).set({ status: 'interrupted', endedAt: now }).where(and(...where)).returning({ id: gridRuns.id });
    const ids = ended.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .update(gridCells)
        .set({
          status: 'interrupted',
          passed: false,
          endedAt: now,
          error: INTERRUPTED_ERROR,
        })
        .where(and(inArray(gridCells.runId, ids), inArray(gridCells.status, UNSETTLED_CELL_STATUSES)));
    }
    return ids;
  });
}
