// Operations on stored responses: retrieve (JSON or resumed SSE), delete, cancel, input_items; all owner-scoped.
import { INCLUDE_VALUES, isTerminalStatus } from '@/lib/schema';
import type { ContextItem, JsonObject } from './agent/contract';
import type { Caller } from './auth';
import { badRequest, jsonResponse, responseNotFound } from './errors';
import type { GatewayReply, GatewayRequest } from './exchange';
import { abortResponse, closeOutput, type ResponseObject } from './response-object';
import type { GatewayRuntime } from './runtime';
import { findResponse, findResponseStatus, listEvents, markDeleted, saveResponseState, type StoredResponse } from './store';
import { createPresenter } from './present';
import { sseReply, withObfuscation, type EventSink } from './stream';

const REPLAY_POLL_MS = 250;

async function requireStored(runtime: GatewayRuntime, id: string, caller: Caller): Promise<StoredResponse> {
  // A stream of this process stores its row in the batch after it starts: a read right after its first event waits for it.
  await runtime.runs.get(id)?.inserted;
  const row = await findResponse(await runtime.getDb(), id, caller.ownerKey);
  if (!row || !row.stored) throw responseNotFound(id);
  return row;
}

/**
 * The response as a poll sees it: a run of this process answers live while it runs; once it has ended (finished, or
 * stopped by a cancel made in another process) it answers after its final state is stored, so a poll of any process
 * sharing the database reads the same object next.
 */
async function currentResponse(runtime: GatewayRuntime, row: StoredResponse): Promise<ResponseObject> {
  const run = runtime.runs.get(row.id);
  if (!run) return row.response as ResponseObject;
  const live = run.live();
  if (live.status === 'queued' || live.status === 'in_progress') return live;
  await run.flush();
  return run.live();
}

function checkInclude(url: URL): void {
  for (const value of [...url.searchParams.getAll('include[]'), ...url.searchParams.getAll('include')]) {
    if (!(INCLUDE_VALUES as readonly string[]).includes(value)) {
      throw badRequest(`Invalid value for 'include': '${value}'. Allowed values: ${INCLUDE_VALUES.join(', ')}.`, 'include', 'invalid_value');
    }
  }
}

function parseBooleanParam(url: URL, name: string, fallback = false): boolean {
  const value = url.searchParams.get(name);
  if (value === null) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`Invalid value for '${name}': expected true or false.`, name, 'invalid_value');
}

/** A plain whole number written in digits (no sign unless allowed, no spaces, no exponent), or 400 naming the parameter. */
function parseWholeParam(url: URL, name: string, options: { fallback: number; min: number; max?: number; expected: string }): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return options.fallback;
  const value = /^-?\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < options.min || (options.max !== undefined && value > options.max)) {
    throw badRequest(`Invalid value for '${name}': expected ${options.expected}, got '${raw.slice(0, 40)}'.`, name, 'invalid_value');
  }
  return value;
}

function requestedIncludes(url: URL): Set<string> {
  return new Set([...url.searchParams.getAll('include[]'), ...url.searchParams.getAll('include')]);
}

export async function retrieveResponse(runtime: GatewayRuntime, request: GatewayRequest, id: string, caller: Caller): Promise<GatewayReply> {
  const url = new URL(request.url);
  checkInclude(url);
  const stream = parseBooleanParam(url, 'stream');
  const startingAfter = parseWholeParam(url, 'starting_after', { fallback: -1, min: -1, expected: 'the sequence_number of the last event received (a whole number, -1 for all)' });
  const obfuscation = parseBooleanParam(url, 'include_obfuscation', true);
  const row = await requireStored(runtime, id, caller);
  const presenter = createPresenter(requestedIncludes(url), row.response as JsonObject);
  if (!stream) return jsonResponse(presenter.response(await currentResponse(runtime, row)));
  if (!row.background || !row.stream) {
    throw badRequest('This response cannot be streamed: only responses created with background: true and stream: true can be.', 'stream', 'invalid_value');
  }
  const present = (sink: EventSink): EventSink => ({ ...sink, event: (event) => sink.event(withObfuscation(presenter.event(event), obfuscation)) });
  const hooks = { onClose: runtime.limits.openStream(caller.keyId) };
  const run = runtime.runs.get(id);
  if (run) return sseReply((sink) => run.subscribe(present(sink), startingAfter), hooks);
  return sseReply((sink) => replayStored(runtime, id, startingAfter, present(sink)), hooks);
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
  const cancelled = abortResponse(response, closeOutput(response.output ?? []), { status: 'cancelled' });
  await saveResponseState(await runtime.getDb(), id, cancelled);
  return jsonResponse(cancelled);
}

/** `after` and `before` are item ids in the listing order; with only `before`, the page is the `limit` items just before it. */
export async function listInputItems(runtime: GatewayRuntime, request: GatewayRequest, id: string, caller: Caller): Promise<Response> {
  const url = new URL(request.url);
  checkInclude(url);
  const limit = parseWholeParam(url, 'limit', { fallback: 20, min: 1, max: 100, expected: 'a whole number from 1 to 100' });
  const order = url.searchParams.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw badRequest("Invalid 'order': expected 'asc' or 'desc'.", 'order', 'invalid_value');
  const row = await requireStored(runtime, id, caller);
  const items = [...(row.inputItems as ContextItem[])];
  if (order === 'desc') items.reverse();
  const cursorIndex = (name: 'after' | 'before'): number | null => {
    const cursor = url.searchParams.get(name);
    if (cursor === null) return null;
    const index = items.findIndex((item) => item.id === cursor);
    if (index < 0) throw badRequest(`No input item with id '${cursor.slice(0, 100)}' in this response.`, name, 'invalid_value');
    return index;
  };
  const after = cursorIndex('after');
  const before = cursorIndex('before');
  const start = after === null ? 0 : after + 1;
  const end = before ?? items.length;
  const window = items.slice(start, Math.max(start, end));
  const data = (before !== null && after === null ? window.slice(-limit) : window.slice(0, limit)) as JsonObject[];
  return jsonResponse({
    object: 'list',
    data,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data[data.length - 1]?.id as string | undefined) ?? null,
    has_more: window.length > data.length,
  });
}
