// Operations on stored responses: retrieve (JSON or resumed SSE), delete, cancel, input_items; all owner-scoped.
import { INCLUDE_VALUES, isTerminalStatus } from '@/lib/schema';
import type { ContextItem, JsonObject } from './agent/contract';
import type { Caller } from './auth';
import { badRequest, jsonResponse, responseNotFound } from './errors';
import { abortResponse, type ResponseObject } from './response-object';
import type { GatewayRuntime } from './runtime';
import { findResponse, findResponseStatus, listEvents, markDeleted, saveResponseState, type StoredResponse } from './store';
import { sseResponse, type EventSink } from './stream';

const REPLAY_POLL_MS = 250;

async function requireStored(runtime: GatewayRuntime, id: string, caller: Caller): Promise<StoredResponse> {
  const row = await findResponse(await runtime.getDb(), id, caller.ownerKey);
  if (!row || !row.stored) throw responseNotFound(id);
  return row;
}

function currentResponse(runtime: GatewayRuntime, row: StoredResponse): ResponseObject {
  return runtime.runs.get(row.id)?.snapshot ?? (row.response as ResponseObject);
}

function checkInclude(url: URL): void {
  for (const value of [...url.searchParams.getAll('include[]'), ...url.searchParams.getAll('include')]) {
    if (!(INCLUDE_VALUES as readonly string[]).includes(value)) {
      throw badRequest(`Invalid value for 'include': '${value}'. Allowed values: ${INCLUDE_VALUES.join(', ')}.`, 'include', 'invalid_value');
    }
  }
}

function parseBooleanParam(url: URL, name: string): boolean {
  const value = url.searchParams.get(name);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(`Invalid value for '${name}': expected true or false.`, name, 'invalid_value');
}

export async function retrieveResponse(runtime: GatewayRuntime, request: Request, id: string, caller: Caller): Promise<Response> {
  const url = new URL(request.url);
  checkInclude(url);
  const row = await requireStored(runtime, id, caller);
  if (!parseBooleanParam(url, 'stream')) return jsonResponse(currentResponse(runtime, row));
  if (!row.background || !row.stream) {
    throw badRequest('This response cannot be streamed: only responses created with background: true and stream: true can be.', 'stream', 'invalid_value');
  }
  const rawAfter = url.searchParams.get('starting_after');
  const startingAfter = rawAfter === null ? -1 : Number(rawAfter);
  if (!Number.isInteger(startingAfter) || startingAfter < -1) {
    throw badRequest("Invalid value for 'starting_after': expected a whole number (a sequence_number).", 'starting_after', 'invalid_value');
  }
  const run = runtime.runs.get(id);
  if (run) return sseResponse((sink) => run.subscribe(sink, startingAfter), request.signal);
  return sseResponse((sink) => replayStored(runtime, id, startingAfter, sink), request.signal);
}

/** Replays persisted events; when the run lives in another process, keeps polling until it ends. */
function replayStored(runtime: GatewayRuntime, id: string, startingAfter: number, sink: EventSink): () => void {
  let stopped = false;
  void (async () => {
    let cursor = startingAfter;
    try {
      while (!stopped) {
        const db = await runtime.getDb();
        for (const event of await listEvents(db, id, cursor)) {
          sink.event(event);
          cursor = Number(event.sequence_number);
        }
        const live = runtime.runs.get(id);
        if (live) {
          if (!stopped) live.subscribe(sink, cursor);
          return;
        }
        const state = await findResponseStatus(db, id);
        if (!state || state.deleted || isTerminalStatus(state.status)) break;
        await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
      }
    } catch (error) {
      console.error(`local gateway: replaying ${id} failed: ${(error as Error).message}`);
    }
    sink.end();
  })();
  return () => {
    stopped = true;
  };
}

export async function deleteResponse(runtime: GatewayRuntime, id: string, caller: Caller): Promise<Response> {
  await requireStored(runtime, id, caller);
  const run = runtime.runs.get(id);
  if (run) {
    run.cancel();
    await run.flush();
  }
  await markDeleted(await runtime.getDb(), id);
  return jsonResponse({ id, object: 'response', deleted: true });
}

export async function cancelResponse(runtime: GatewayRuntime, id: string, caller: Caller): Promise<Response> {
  const row = await requireStored(runtime, id, caller);
  if (!row.background) throw badRequest('Only background responses can be cancelled; stop a foreground response by closing the connection.', null, 'invalid_request');
  const run = runtime.runs.get(id);
  if (run) {
    run.cancel();
    await run.flush();
    return jsonResponse(run.snapshot);
  }
  const response = row.response as ResponseObject;
  if (isTerminalStatus(response.status)) return jsonResponse(response);
  const cancelled = abortResponse(response, response.output ?? [], 'cancelled');
  await saveResponseState(await runtime.getDb(), id, cancelled);
  return jsonResponse(cancelled);
}

export async function listInputItems(runtime: GatewayRuntime, request: Request, id: string, caller: Caller): Promise<Response> {
  const url = new URL(request.url);
  checkInclude(url);
  const rawLimit = url.searchParams.get('limit');
  const limit = rawLimit === null ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest("Invalid 'limit': expected a whole number from 1 to 100.", 'limit', 'invalid_value');
  const order = url.searchParams.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw badRequest("Invalid 'order': expected 'asc' or 'desc'.", 'order', 'invalid_value');
  const row = await requireStored(runtime, id, caller);
  const items = [...(row.inputItems as ContextItem[])];
  if (order === 'desc') items.reverse();
  const after = url.searchParams.get('after');
  let start = 0;
  if (after !== null) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw badRequest(`No input item with id '${after}' in this response.`, 'after', 'invalid_value');
    start = index + 1;
  }
  const data = items.slice(start, start + limit) as JsonObject[];
  return jsonResponse({
    object: 'list',
    data,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data[data.length - 1]?.id as string | undefined) ?? null,
    has_more: start + limit < items.length,
  });
}
