// Routes paths under /api/v1/llm to the gateway's operations; every failure becomes the JSON error envelope.
import { randomBytes } from 'node:crypto';
import { LOCAL_MODELS } from './agent';
import { authenticate, type Caller } from './auth';
import { createResponse } from './create';
import { LOCAL_GATEWAY_API_PATH } from '@/lib/env-schema';
import { ApiError } from '@/lib/schema/errors';
import { errorResponse, jsonResponse } from './errors';
import type { GatewayReply, GatewayRequest } from './exchange';
import type { GatewayRuntime } from './runtime';
import { cancelResponse, deleteResponse, listInputItems, retrieveResponse } from './stored';

function listModels(): Response {
  return jsonResponse({
    object: 'list',
    data: LOCAL_MODELS.map((model) => ({ id: model.id, object: 'model', owned_by: 'local', description: model.description, context_window: model.contextWindow })),
  });
}

function methodNotAllowed(allowed: string[]): ApiError {
  return new ApiError(405, `Method not allowed here; use ${allowed.join(' or ')}.`, { code: 'method_not_allowed', headers: { allow: allowed.join(', ') } });
}

/** The caller, authenticated and counted against its key's request limit. */
function admit(runtime: GatewayRuntime, request: GatewayRequest): Caller {
  const caller = authenticate(request, runtime.options.apiKeys);
  runtime.limits.admit(caller.keyId);
  return caller;
}

/** A path segment decoded; null for a malformed escape (`%E0`), which decodeURIComponent would throw on. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The decoded path segments after the base path: a malformed escape is a 400 naming `id` in the id's place, else an unknown route. */
function readSegments(pathname: string, method: string): string[] {
  const at = pathname.indexOf(LOCAL_GATEWAY_API_PATH);
  const raw = (at >= 0 ? pathname.slice(at + LOCAL_GATEWAY_API_PATH.length) : pathname).split('/').filter(Boolean);
  const decoded = raw.map(decodeSegment);
  if (decoded.every((segment) => segment !== null)) return decoded as string[];
  if (decoded[0] === 'responses' && decoded[1] === null && decoded.slice(2).every((segment) => segment !== null)) {
    throw new ApiError(400, 'The response id in the path is not valid percent-encoding.', { param: 'id', code: 'invalid_id' });
  }
  throw new ApiError(404, `Unknown route ${method} ${LOCAL_GATEWAY_API_PATH}/${raw.join('/')}.`, { code: 'not_found' });
}

async function dispatch(runtime: GatewayRuntime, request: GatewayRequest): Promise<GatewayReply> {
  const method = request.method.toUpperCase();
  const segments = readSegments(new URL(request.url).pathname.replace(/\/+$/, ''), method);
  const [resource, id, action, ...rest] = segments;
  // Built only when thrown: an Error captures a stack, which every request paid for when this was made up front.
  const notFound = () => new ApiError(404, `Unknown route ${method} ${LOCAL_GATEWAY_API_PATH}/${segments.join('/')}.`, { code: 'not_found' });
  if (rest.length > 0) throw notFound();

  if (resource === 'models' && id === undefined) {
    if (method !== 'GET') throw methodNotAllowed(['GET']);
    admit(runtime, request);
    return listModels();
  }
  if (resource !== 'responses') throw notFound();
  if (id === undefined) {
    if (method !== 'POST') throw methodNotAllowed(['POST']);
    return createResponse(runtime, request, admit(runtime, request));
  }
  if (action === undefined) {
    if (method === 'GET') return retrieveResponse(runtime, request, id, admit(runtime, request));
    if (method === 'DELETE') return deleteResponse(runtime, id, admit(runtime, request));
    throw methodNotAllowed(['GET', 'DELETE']);
  }
  if (action === 'cancel') {
    if (method !== 'POST') throw methodNotAllowed(['POST']);
    return cancelResponse(runtime, id, admit(runtime, request));
  }
  if (action === 'input_items') {
    if (method !== 'GET') throw methodNotAllowed(['GET']);
    return listInputItems(runtime, request, id, admit(runtime, request));
  }
  throw notFound();
}

/** A fresh id for one request: sent back as `x-request-id` (the SDKs surface it as `request_id`) and logged with failures. */
export function makeRequestId(): string {
  return `req_${randomBytes(16).toString('hex')}`;
}

async function answer(runtime: GatewayRuntime, request: GatewayRequest, requestId: string): Promise<GatewayReply> {
  try {
    return await dispatch(runtime, request);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    console.error(`local gateway: ${request.method} failed (request ${requestId}): ${(error as Error).message}`);
    return errorResponse(new ApiError(500, `The local gateway failed to handle the request (request id ${requestId}).`, { code: 'server_error' }));
  }
}

/** Every reply, success, error or stream, carries `x-request-id` (see docs/protocol.md, "Request ids"). */
export async function routeRequest(runtime: GatewayRuntime, request: GatewayRequest, requestId = makeRequestId()): Promise<GatewayReply> {
  const reply = await answer(runtime, request, requestId);
  if (reply instanceof Response) reply.headers.set('x-request-id', requestId);
  else reply.headers['x-request-id'] = requestId;
  return reply;
}
