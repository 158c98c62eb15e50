// /api/admin/sessions: every live personal session for admins, and ending one (its cookie is refused on every instance from then on).
import 'server-only';
import { getDb } from '@/lib/db';
import { withRoute } from '@/lib/http/route';
import { toSnakeCase, type SnakeCased } from '@/lib/http/snake-case';
import { ApiError } from '@/lib/schema';
import { requireAdmin } from './current-actor';
import { endSessionByHandle, listUserSessions, type SessionListing } from './user-sessions';

const NO_STORE = { 'Cache-Control': 'no-store' };

export type SessionListingReply = SnakeCased<SessionListing> & { is_current: boolean };

export const handleListSessions = withRoute('GET /api/admin/sessions', async (request: Request) => {
  const admin = await requireAdmin(request);
  const current = admin.kind === 'user' ? admin.user.sessionHandle : null;
  const sessions = await listUserSessions(await getDb());
  const data = sessions.map((session) => ({ ...toSnakeCase(session), is_current: session.handle === current }));
  return Response.json({ data }, { headers: NO_STORE });
});

export const handleEndSession = withRoute('DELETE /api/admin/sessions/{handle}', async (request: Request, handle: string) => {
  await requireAdmin(request);
  const ended = await endSessionByHandle(await getDb(), handle);
  if (!ended) throw new ApiError(404, `No live session ${handle}.`, { param: 'handle', code: 'session_not_found' });
  console.warn(`[auth] session ended by an admin handle=${handle}`);
  return new Response(null, { status: 204, headers: NO_STORE });
});
