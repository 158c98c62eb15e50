// Request handling of /api/chains (index as a forest, record a lookup, one entry, mark deleted); each takes the db and throws ApiError.
import 'server-only';
import { readOwnerView, requireActor, requireViewer } from '@/lib/auth/current-actor';
import { viewerOf } from '@/lib/auth/identity';
import { applyOnBehalfOfPolicy } from '@/lib/auth/on-behalf-of-policy';
import type { Db } from '@/lib/db/open';
import { getEnv } from '@/lib/env';
import { onBehalfOfPolicy } from '@/lib/env-schema';
import { readJsonBody, readQuery, withRoute } from '@/lib/http/route';
import { ApiError, parseOnBehalfOf, requireResponseId, shareBodySchema } from '@/lib/schema';
import { normalizeUser } from './broken-link';
import { buildForest, groupConversations } from './forest';
import { getSeenResponse, listSeenResponses, markResponseDeleted, setSeenShared, upsertSeenResponse } from './index-store';
import { chainIndexQuerySchema, recordSeenBodySchema, type ChainIndex } from './schema';

/** The X-On-Behalf-Of header under the proxy's rules (trimmed, bounded, printable ASCII, sent once) and ON_BEHALF_OF_POLICY; a bad one is a 400, a refused one a 403. */
async function onBehalfOfFrom(request: Request): Promise<string | null> {
  const parsed = parseOnBehalfOf(request.headers.get('x-on-behalf-of'));
  if (!parsed.ok) throw ApiError.fromBody(400, parsed.error);
  return applyOnBehalfOfPolicy(getEnv(), await requireActor(request), parsed.value);
}

export const getChainIndex = withRoute('GET /api/chains', async (db: Db, request: Request): Promise<Response> => {
  const query = readQuery(request, chainIndexQuerySchema);
  const requested = query.on_behalf_of === undefined ? undefined : normalizeUser(query.on_behalf_of);
  const actor = await requireActor(request);
  // Under self or claim the index is read as the user the policy allows, as the proxy would send it.
  const user = onBehalfOfPolicy(getEnv()) === 'free' || requested === undefined ? requested : applyOnBehalfOfPolicy(getEnv(), actor, requested, 'on_behalf_of');
  const filter = { ...(user === undefined ? {} : { onBehalfOf: user }), viewer: viewerOf(actor), view: readOwnerView(request) };
  const entries = await listSeenResponses(db, filter);
  const index: ChainIndex = { object: 'chain_index', roots: buildForest(entries), conversations: groupConversations(entries) };
  return Response.json(index, { headers: { 'Cache-Control': 'no-store' } });
});

export const recordLookup = withRoute('POST /api/chains', async (db: Db, request: Request): Promise<Response> => {
  const body = await readJsonBody(request, recordSeenBodySchema);
  const user = await onBehalfOfFrom(request);
  const viewer = await requireViewer(request);
  const { conversation } = body;
  await upsertSeenResponse(db, {
    ownerId: viewer.ownerId,
    id: body.id,
    previousResponseId: body.previous_response_id ?? null,
    conversationId: typeof conversation === 'string' ? conversation : (conversation?.id ?? null),
    model: body.model ?? null,
    status: body.status ?? null,
    onBehalfOf: user,
    stored: body.store ?? null,
  });
  const entry = await getSeenResponse(db, body.id, viewer);
  if (!entry) throw notInIndex(body.id);
  return Response.json(entry, { status: 200 });
});

/** Another user's private entry answers as one the index never saw. */
function notInIndex(id: string): ApiError {
  return new ApiError(404, `The chain index has never seen response '${id}'.`, { code: 'not_in_index', param: 'id' });
}

export const getChainEntry = withRoute('GET /api/chains/{id}', async (db: Db, request: Request, rawId: string): Promise<Response> => {
  const id = requireResponseId(rawId);
  const entry = await getSeenResponse(db, id, await requireViewer(request));
  if (!entry) throw notInIndex(id);
  return Response.json(entry, { headers: { 'Cache-Control': 'no-store' } });
});

/** PATCH /api/chains/{id} {"shared": …}: the maker shares an entry (and so its turns' place in the tree) with the team. */
export const shareChainEntry = withRoute('PATCH /api/chains/{id}', async (db: Db, request: Request, rawId: string): Promise<Response> => {
  const id = requireResponseId(rawId);
  const { shared } = await readJsonBody(request, shareBodySchema);
  const entry = await setSeenShared(db, id, shared, await requireViewer(request));
  if (!entry) throw notInIndex(id);
  return Response.json(entry, { headers: { 'Cache-Control': 'no-store' } });
});

export const markDeleted = withRoute('POST /api/chains/{id}/deleted', async (db: Db, request: Request, rawId: string): Promise<Response> => {
  const id = requireResponseId(rawId);
  const entry = await markResponseDeleted(db, id, await onBehalfOfFrom(request), await requireViewer(request));
  if (!entry) throw notInIndex(id);
  return Response.json(entry);
});
