// The one place a grid's owner is checked: a grid is its maker's (rows from before personal sign-in are everyone's);
// shared ones are readable by the team and changeable only by their maker. Every route goes through it.
import 'server-only';
import { requireViewer } from '@/lib/auth/current-actor';
import { ownershipOf, type Viewer } from '@/lib/db/owner';
import { ApiError } from '@/lib/schema/errors';
import type { GridRow } from './store';

export type GridAccess = 'read' | 'change';

/** Whether `viewer` may see `grid` (`read`) or also change, run or delete it (`change`). */
export function canUseGrid(viewer: Viewer, grid: Pick<GridRow, 'ownerId' | 'shared'>, access: GridAccess): boolean {
  const ownership = ownershipOf(grid, viewer);
  if (access === 'change') return ownership.isChangeable;
  return ownership.isChangeable || grid.shared;
}

/**
 * Checks the caller of `request` against `grid`: another user's private grid answers 404 as if absent; a grid shared
 * with them answers 403 to a change. Returns the viewer for the route's own use.
 */
export async function checkGridAccess(request: Request, grid: GridRow, access: GridAccess = 'read'): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!canUseGrid(viewer, grid, 'read')) throw new ApiError(404, `No grid with id ${JSON.stringify(grid.id)}.`, { type: 'not_found_error', param: 'id', code: 'grid_not_found' });
  if (access === 'change' && !canUseGrid(viewer, grid, 'change')) {
    throw new ApiError(403, 'This grid was shared with you; only the person who made it may change, run or delete it (duplicate it to make your own).', {
      type: 'permission_error',
      param: 'id',
      code: 'not_owner',
    });
  }
  return viewer;
}
