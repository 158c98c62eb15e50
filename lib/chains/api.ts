// Request handling of /api/chains (index as a forest, record a lookup, one entry, mark deleted); each takes the db.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/open';
import { parseOnBehalfOf } from '@/lib/schema/on-behalf-of';
import { normalizeUser } from './broken-link';
import { buildForest, groupConversations } from './forest';
import { getSeenResponse, listSeenResponses, markResponseDeleted, upsertSeenResponse } from './index-store';
import { chainIndexQuerySchema, recordSeenBodySchema, responseIdParamSchema, type ChainIndex } from './schema';

type ErrorFields = { type?: string; param?: string | null; code?: string | null };

export function errorResponse(status: number, message: string, fields: ErrorFields = {}): Response {
  const type = fields.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
  return Response.json({ error: { message, type, param: fields.param ?? null, code: fields.code ?? null } }, { status });
}

/** Runs a handler; an unexpected failure becomes a 500 envelope, logged with a request id (never a body). */
export async function withErrors(name: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    const requestId = randomUUID();
    console.error(`chains ${name} failed (request ${requestId}): ${(error as Error).message}`);
    return errorResponse(500, `The chain index failed (request ${requestId}).`, { code: 'chain_index_error' });
  }
}

/** The X-On-Behalf-Of header under the proxy's rules (trimmed, bounded, printable ASCII); a bad one is a 400. */
function onBehalfOfFrom(request: Request): { ok: true; value: string | null } | { ok: false; response: Response } {
  const parsed = parseOnBehalfOf(request.headers.get('x-on-behalf-of'));
  if (parsed.ok) return parsed;
  return { ok: false, response: Response.json(parsed.error, { status: 400 }) };
}

function parseId(raw: string): { ok: true; id: string } | { ok: false; response: Response } {
  const parsed = responseIdParamSchema.safeParse(raw);
  if (parsed.success) return { ok: true, id: parsed.data };
  return { ok: false, response: errorResponse(400, `id ${parsed.error.issues[0]?.message ?? 'is invalid'}`, { param: 'id' }) };
}

export async function getChainIndex(db: Db, request: Request): Promise<Response> {
  const query = chainIndexQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    return errorResponse(400, `${issue?.path.join('.')} ${issue?.message}`, { param: issue?.path.join('.') ?? null });
  }
  const filter = query.data.on_behalf_of === undefined ? {} : { onBehalfOf: normalizeUser(query.data.on_behalf_of) };
  const entries = await listSeenResponses(db, filter);
  const index: ChainIndex = { object: 'chain_index', roots: buildForest(entries), conversations: groupConversations(entries) };
  return Response.json(index, { headers: { 'Cache-Control': 'no-store' } });
}

export async function recordLookup(db: Db, request: Request): Promise<Response> {
  const json: unknown = await request.json().catch(() => undefined);
  if (json === undefined) return errorResponse(400, 'The body is not valid JSON.', { code: 'invalid_json' });
  const body = recordSeenBodySchema.safeParse(json);
  if (!body.success) {
    const issue = body.error.issues[0];
    const param = issue?.path.join('.') || null;
    return errorResponse(400, `${param ?? 'body'} ${issue?.message ?? 'is invalid'}`, { param });
  }
  const user = onBehalfOfFrom(request);
  if (!user.ok) return user.response;
  const { conversation } = body.data;
  await upsertSeenResponse(db, {
    id: body.data.id,
    previousResponseId: body.data.previous_response_id ?? null,
    conversationId: typeof conversation === 'string' ? conversation : (conversation?.id ?? null),
    model: body.data.model ?? null,
    status: body.data.status ?? null,
    onBehalfOf: user.value,
    stored: body.data.store ?? null,
  });
  const entry = await getSeenResponse(db, body.data.id);
  return Response.json(entry, { status: 200 });
}

export async function getChainEntry(db: Db, rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (!id.ok) return id.response;
  const entry = await getSeenResponse(db, id.id);
  if (!entry) return errorResponse(404, `The chain index has never seen response '${id.id}'.`, { code: 'not_in_index', param: 'id' });
  return Response.json(entry, { headers: { 'Cache-Control': 'no-store' } });
}

export async function markDeleted(db: Db, request: Request, rawId: string): Promise<Response> {
  const id = parseId(rawId);
  if (!id.ok) return id.response;
  const user = onBehalfOfFrom(request);
  if (!user.ok) return user.response;
  return Response.json(await markResponseDeleted(db, id.id, user.value));
}
