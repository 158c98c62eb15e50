// The one place a recording's owner is checked: a recording is its maker's (runs made without personal sign-in are
// everyone's); a shared one is readable by the team and changeable only by its maker. Every route goes through it.
import 'server-only';
import { requireViewer } from '@/lib/auth/current-actor';
import type { Db } from '@/lib/db/open';
import type { Viewer } from '@/lib/db/owner';
import { ApiError } from '@/lib/schema/errors';
import { getRecordingSummary, type RecordingSummary } from './store';

export type RecordingAccess = 'read' | 'change';

export function recordingNotFound(id: string): ApiError {
  return new ApiError(404, `No recording ${id.slice(0, 200)}.`, { type: 'not_found_error', param: 'id', code: 'recording_not_found' });
}

/**
 * The recording `id` once the caller of `request` may use it so: another user's private one answers 404 as if absent; one
 * shared with them answers 403 to a change (rename, keep, share, delete). Returns it with the viewer.
 */
export async function loadRecording(db: Db, request: Request, id: string, access: RecordingAccess = 'read'): Promise<{ summary: RecordingSummary; viewer: Viewer }> {
  const viewer = await requireViewer(request);
  const summary = await getRecordingSummary(db, id, viewer);
  if (!summary) throw recordingNotFound(id);
  if (access === 'change' && !summary.isChangeable) {
    throw new ApiError(403, 'This recording was shared with you; only the person who made it may rename, keep, share or delete it (export and import it to have your own).', {
      type: 'permission_error',
      param: 'id',
      code: 'not_owner',
    });
  }
  return { summary, viewer };
}
