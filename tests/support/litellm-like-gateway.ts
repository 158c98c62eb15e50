// A gateway with another vendor's habits, modelled on a LiteLLM proxy's Responses API: long base64url ids (often
// ending in `=`) that change in every event and every GET, data-only SSE with no sequence numbers ending in
// `[DONE]`, the backend's id echoed as `previous_response_id`, string `error`s, a traceback for a failing model.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './fake-upstream';

export const LITELLM_KEY = 'sk-litellm-master-0123456789';
/** Streams and answers normally. */
export const MOCK_MODEL = 'mock-model';
/** Answers create, but every GET of its responses is a 500 with a Python traceback. */
export const FLAKY_MODEL = 'flaky-model';
/** With tools: the function call appears only in `response.completed` (no item events), like a chat-completions bridge. */
export const BRIDGE_MODEL = 'bridge-model';

interface StoredResponse {
  backendId: string;
  model: string;
  status: 'queued' | 'in_progress' | 'completed' | 'cancelled';
  input: unknown;
  text: string;
  previousBackendId: string | null;
  background: boolean;
  createdAt: number;
  functionCall: { name: string; arguments: string } | null;
}

export interface LiteLlmLikeGateway {
  /** Use as GATEWAY_BASE_URL, with GATEWAY_API_PATH=/v1. */
  url: string;
  /** Every request's method and path, in order. */
  requests: string[];
  /** The backend id behind a public id (any of its aliases), or null. */
  backendIdOf(publicId: string): string | null;
  /** Ends every background response still running (they complete after `backgroundMs`). */
  close(): Promise<void>;
}

/** A fresh public id for a backend id: base64url of a LiteLLM-style descriptor with a nonce, padded with `=` (213+ characters). */
function publicIdFor(backendId: string, model: string): string {
  let descriptor = `litellm:custom_llm_provider:openai;model_id:${model};response_id:${backendId};nonce:${randomBytes(96).toString('hex')};`;
  while (descriptor.length % 3 === 0) descriptor += ';';
  return `resp_${Buffer.from(descriptor).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')}`;
}

function backendIdOf(publicId: string): string | null {
  if (!publicId.startsWith('resp_')) return null;
  const base64 = publicId.slice(5).replace(/-/g, '+').replace(/_/g, '/');
  const match = /response_id:([^;]+);/.exec(Buffer.from(base64, 'base64').toString('utf8'));
  return match?.[1] ?? null;
}

function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  return input
    .map((item: { content?: unknown }) => (typeof item?.content === 'string' ? item.content : Array.isArray(item?.content) ? item.content.map((part: { text?: string }) => part?.text ?? '').join('') : ''))
    .join(' ');
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  response.end(text);
}

/** The `error` as that gateway writes it: a plain string, with `None`s where another would write null. */
function stringError(response: ServerResponse, status: number, message: string) {
  send(response, status, { error: message, type: 'None', param: 'None', code: String(status) });
}

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/usr/lib/python3.11/site-packages/litellm/proxy/response_api_endpoints/endpoints.py", line 212, in get_response',
  '    response = await llm_router.aget_responses(**data)',
  'litellm.exceptions.APIConnectionError: litellm.APIConnectionError: backend responses API is not reachable',
].join('\n');

export async function startLiteLlmLikeGateway(options: { backgroundMs?: number } = {}): Promise<LiteLlmLikeGateway> {
  const backgroundMs = options.backgroundMs ?? 1_500;
  const stored = new Map<string, StoredResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const requests: string[] = [];

  const toObject = (entry: StoredResponse) => ({
    id: publicIdFor(entry.backendId, entry.model),
    object: 'response',
    created_at: entry.createdAt,
    status: entry.status,
    model: entry.model,
    // The backend's id, not the public one the caller sent.
    previous_response_id: entry.previousBackendId,
    output:
      entry.status === 'completed'
        ? [
            ...(entry.functionCall
              ? [{ type: 'function_call', id: `fc_${entry.backendId}`, call_id: `call_${entry.backendId}`, status: 'completed', ...entry.functionCall }]
              : [{ type: 'message', id: `msg_${entry.backendId}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: entry.text, annotations: [] }] }]),
          ]
        : [],
    usage: entry.status === 'completed' ? { input_tokens: 5, output_tokens: entry.text.split(' ').length, total_tokens: 5 + entry.text.split(' ').length } : null,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    temperature: null,
    top_p: null,
    text: { format: { type: 'text' } },
    error: null,
    incomplete_details: null,
    metadata: {},
  });

  const streamCreate = (response: ServerResponse, entry: StoredResponse) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    const data = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    data({ type: 'response.created', response: { ...toObject({ ...entry, status: 'in_progress' }) } });
    if (!entry.functionCall) {
      const itemId = `msg_${entry.backendId}`;
      data({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: itemId, role: 'assistant', status: 'in_progress', content: [] } });
      data({ type: 'response.content_part.added', item_id: itemId, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      entry.text.split(' ').forEach((word, index) => data({ type: 'response.output_text.delta', item_id: itemId, output_index: 0, content_index: 0, delta: index === 0 ? word : ` ${word}` }));
      data({ type: 'response.output_text.done', item_id: itemId, output_index: 0, content_index: 0, text: entry.text });
    }
    data({ type: 'response.completed', response: toObject(entry) });
    response.write('data: [DONE]\n\n');
    response.end();
  };

  const create = async (request: IncomingMessage, response: ServerResponse) => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      return stringError(response, 400, 'Invalid JSON body');
    }
    if (typeof body.model !== 'string' || body.model === '') return stringError(response, 400, 'model is required');
    let previousBackendId: string | null = null;
    let history = '';
    if (typeof body.previous_response_id === 'string') {
      previousBackendId = backendIdOf(body.previous_response_id);
      const previous = previousBackendId ? stored.get(previousBackendId) : undefined;
      if (!previous) return stringError(response, 404, `Response ${body.previous_response_id} not found`);
      history = ` (earlier you said: ${inputText(previous.input)})`;
    }
    const backendId = `resp_${randomBytes(12).toString('hex')}`;
    const tools = Array.isArray(body.tools) ? (body.tools as Array<{ name?: string }>) : [];
    const entry: StoredResponse = {
      backendId,
      model: body.model,
      status: body.background === true ? 'queued' : 'completed',
      input: body.input,
      text: `You said: ${inputText(body.input)}${history}`,
      previousBackendId,
      background: body.background === true,
      createdAt: Math.floor(Date.now() / 1000),
      functionCall: body.model === BRIDGE_MODEL && tools[0]?.name ? { name: tools[0].name, arguments: '{"city":"Paris"}' } : null,
    };
    stored.set(backendId, entry);
    if (entry.background) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (entry.status === 'queued' || entry.status === 'in_progress') entry.status = 'completed';
      }, backgroundMs);
      timers.add(timer);
      return send(response, 200, toObject(entry));
    }
    if (body.stream === true) return streamCreate(response, entry);
    return send(response, 200, toObject(entry));
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    requests.push(`${request.method} ${url.pathname}`);
    if (request.headers.authorization !== `Bearer ${LITELLM_KEY}`) return stringError(response, 401, 'Authentication Error, Invalid proxy server token passed');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] !== 'v1') return send(response, 404, { detail: 'Not Found' });
    const [, resource, publicId, action] = segments;
    if (resource === 'models' && request.method === 'GET') {
      return send(response, 200, { object: 'list', data: [MOCK_MODEL, FLAKY_MODEL, BRIDGE_MODEL].map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'openai' })) });
    }
    if (resource !== 'responses') return send(response, 404, { detail: 'Not Found' });
    if (!publicId && request.method === 'POST') return create(request, response);
    const backendId = publicId ? backendIdOf(publicId) : null;
    const entry = backendId ? stored.get(backendId) : undefined;
    if (!entry) return stringError(response, 404, `Response ${publicId ?? ''} not found`);
    if (!action && request.method === 'GET') {
      if (entry.model === FLAKY_MODEL) return send(response, 500, TRACEBACK);
      return send(response, 200, toObject(entry));
    }
    if (!action && request.method === 'DELETE') {
      stored.delete(entry.backendId);
      return send(response, 200, { id: publicId, object: 'response', deleted: true });
    }
    if (action === 'cancel' && request.method === 'POST') {
      if (entry.status === 'queued' || entry.status === 'in_progress') entry.status = 'cancelled';
      return send(response, 200, toObject(entry));
    }
    if (action === 'input_items' && request.method === 'GET') {
      const content = [{ type: 'input_text', text: inputText(entry.input) }];
      return send(response, 200, { object: 'list', data: [{ type: 'message', id: `msg_in_${entry.backendId}`, role: 'user', content }], first_id: null, last_id: null, has_more: false });
    }
    return send(response, 405, { detail: 'Method Not Allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    backendIdOf,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
