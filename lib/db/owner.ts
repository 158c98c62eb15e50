// Who may see and change a row that belongs to someone: the one rule every store applies (history, presets, jobs,
// webhook captures, the chain index, grids, recordings). Rows made before personal sign-in have no owner: everyone's, shown as team.
import { and, eq, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { OwnerView } from '@/lib/schema/ownership';

/** Whose data a request reads: a signed-in user's subject, or null without personal sign-in (one shared playground). */
export interface Viewer {
  ownerId: string | null;
}

export const SHARED_VIEWER: Viewer = { ownerId: null };

export type { OwnerView };

export interface OwnedColumns {
  ownerId: AnyColumn;
  shared: AnyColumn;
}

/** The rows `viewer` may read in `view` (undefined: no condition, everything, without personal sign-in). */
export function visibleTo(columns: OwnedColumns, viewer: Viewer, view: OwnerView = 'all'): SQL | undefined {
  if (viewer.ownerId === null) return undefined;
  const mine = eq(columns.ownerId, viewer.ownerId);
  const team = or(eq(columns.shared, true), isNull(columns.ownerId));
  if (view === 'mine') return mine;
  if (view === 'team') return team;
  return or(mine, team);
}

/** The rows `viewer` may change (share, delete, cancel, replay): their own, and rows from before sign-in. */
export function changeableBy(columns: OwnedColumns, viewer: Viewer): SQL | undefined {
  if (viewer.ownerId === null) return undefined;
  return or(eq(columns.ownerId, viewer.ownerId), isNull(columns.ownerId));
}

/** `condition` and the owner rule together. */
export function withOwner(condition: SQL | undefined, owner: SQL | undefined): SQL | undefined {
  if (!condition) return owner;
  return owner ? and(condition, owner) : condition;
}

/** What a reply says about a row's owner, for the browser's Mine/Team lists and share toggle. */
export interface Ownership {
  ownerId: string | null;
  shared: boolean;
  /** The viewer may share, delete or act on it: theirs, or from before sign-in (everyone's). */
  isChangeable: boolean;
}

export function ownershipOf(row: { ownerId: string | null; shared: boolean }, viewer: Viewer): Ownership {
  return { ownerId: row.ownerId, shared: row.shared, isChangeable: viewer.ownerId === null || row.ownerId === null || row.ownerId === viewer.ownerId };
}
