// POST /responses: validation beyond the schema, context assembly, the agent's plan, then JSON, SSE or a background job.
import { createResponseBodyBaseSchema, isTerminalStatus, parseCreateResponseBody, type CreateResponseBody } from '@/lib/schema';
import { findModel, LOCAL_MODELS, planTurn } from './agent';
import type { ContextItem, TurnPlan } from './agent/contract';
import type { Caller } from './auth';
import { assertToolOutputs, fitContext, loadChain, normalizeInput, resolveItemReferences, type FittedContext } from './context';
import { ApiError } from '@/lib/schema/errors';
import { badRequest, jsonResponse } from './errors';
import type { GatewayReply, GatewayRequest } from './exchange';
import { makeId } from './ids';
import { resolvePrompt, type ResolvedPrompt } from './prompts';
import { redactCredentials } from './redact';
import { checkJsonMode, checkRequestRules } from './rules';
import { checkStrictSchemas } from './strict-schema';
import { buildResponse, finishResponse, type ResponseObject } from './response-object';
import { Run, tombstoneOf } from './runner';
import { queuedDelayMs, type GatewayRuntime } from './runtime';
import { appendConversationItems, createConversation, findConversation, insertResponse, type NewStoredResponse } from './store';
import { sseReply } from './stream';
import { isWebhookTargetAllowed } from './webhooks';

const KNOWN_PARAMETERS = new Set(Object.keys(createResponseBodyBaseSchema.shape));

/** The body as the shared schema parsed it: fields below are read from its types, not re-checked. */
async function readBody(request: GatewayRequest): Promise<CreateResponseBody> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await request.text());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('We could not parse the JSON body of your request. Send a valid JSON object.', null, 'invalid_json');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('The request body must be a JSON object.', null, 'invalid_type');
  const unknown = Object.keys(parsed).find((key) => !KNOWN_PARAMETERS.has(key));
  if (unknown !== undefined) throw badRequest(`Unknown parameter: '${unknown}'.`, unknown, 'unknown_parameter');
  const result = parseCreateResponseBody(parsed);
  if (!result.ok) throw ApiError.fromBody(400, result.error);
  return result.data;
}

function conversationIdOf(conversation: CreateResponseBody['conversation']): string | null {
  if (conversation == null) return null;
  return typeof conversation === 'string' ? conversation : conversation.id;
}

/** Conversations are created on first use of an id (OpenAI requires creating them first; this gateway has no create endpoint). */
async function loadConversation(runtime: GatewayRuntime, id: string, caller: Caller): Promise<ContextItem[]> {
  const db = await runtime.getDb();
  const existing = await findConversation(db, id);
  if (existing && existing.ownerKey !== caller.ownerKey) throw badRequest(`Conversation with id '${id}' not found.`, 'conversation', 'conversation_not_found');
  if (!existing) await createConversation(db, id, caller.ownerKey);
  return existing?.items ?? [];
}

/**
 * A run of this process may not have stored its row yet, or, once ended, its final state: wait for them, so a chain
 * finds it, and sees it finished.
 */
async function settleLiveRun(runtime: GatewayRuntime, id: string): Promise<void> {
  const run = runtime.runs.get(id);
  if (!run) return;
  await run.inserted;
  if (isTerminalStatus(run.snapshot.status)) await run.flush();
}

/** An item reference may name an item of a response whose run has not stored its row yet. */
async function settleLiveInserts(runtime: GatewayRuntime, items: ContextItem[]): Promise<void> {
  if (items.some((item) => item.type === 'item_reference')) await Promise.all([...runtime.runs.values()].map((run) => run.inserted));
}

function faultError(plan: TurnPlan): ApiError | null {
  const fault = plan.fault;
  if (fault?.kind !== 'http') return null;
  if (fault.status === 429) {
    const headers: Record<string, string> = fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
    return new ApiError(429, fault.message, { type: 'rate_limit_error', code: 'rate_limit_exceeded', headers });
  }
  return new ApiError(500, fault.message, { type: 'server_error', code: 'server_error' });
}

function partialImagesOf(body: CreateResponseBody): number {
  const tool = body.tools?.find((entry) => entry.type === 'image_generation');
  return tool?.type === 'image_generation' ? (tool.partial_images ?? 0) : 0;
}

export async function createResponse(runtime: GatewayRuntime, request: GatewayRequest, caller: Caller): Promise<GatewayReply> {
  const body = await readBody(request);
  const model = findModel(body.model);
  if (!model) {
    throw badRequest(`The model '${body.model.slice(0, 100)}' does not exist. Available models: ${LOCAL_MODELS.map((entry) => entry.id).join(', ')}.`, 'model', 'model_not_found');
  }
  checkRequestRules(body, model);
  checkStrictSchemas(body);
  const store = body.store !== false;
  const background = body.background === true;
  const stream = body.stream === true;
  const webhookUrl = body.webhook_url ?? null;
  if (webhookUrl && !isWebhookTargetAllowed(webhookUrl, runtime.webhookPolicy)) {
    throw badRequest(
      "webhook_url is not an allowed target: use the playground's own origin (PLAYGROUND_PUBLIC_URL) or a target listed in LOCAL_GATEWAY_WEBHOOK_ALLOW.",
      'webhook_url',
      'invalid_webhook_url',
    );
  }
  const prompt: ResolvedPrompt | null = body.prompt ? resolvePrompt(body.prompt) : null;
  const instructions = [prompt?.instructions, body.instructions].filter(Boolean).join('\n\n') || null;
  const normalized = normalizeInput(body.input);
  await settleLiveInserts(runtime, normalized);
  const inputItems = await resolveItemReferences(await runtime.getDb(), normalized, caller.ownerKey);
  const conversationId = conversationIdOf(body.conversation);
  let earlier: ContextItem[] = [];
  if (body.previous_response_id) {
    await settleLiveRun(runtime, body.previous_response_id);
    earlier = await loadChain(await runtime.getDb(), body.previous_response_id, caller.ownerKey);
  } else if (conversationId) earlier = await loadConversation(runtime, conversationId, caller);
  assertToolOutputs(earlier, inputItems);
  const context = [...earlier, ...inputItems];
  checkJsonMode(body, instructions, context);
  const fitted = fitContext(context, instructions, model.contextWindow, body.truncation === 'disabled' ? 'disabled' : 'auto');
  const cacheKey = body.prompt_cache_key != null ? `${caller.ownerKey}:${body.prompt_cache_key}` : null;
  const cachedTokens = cacheKey ? runtime.promptCache.lookup(cacheKey, instructions, fitted.context) : 0;

  const id = makeId('resp');
  const plan = planTurn({ responseId: id, body, instructions, context: fitted.context, inputTokens: fitted.inputTokens, cachedTokens });
  const fault = faultError(plan);
  if (fault) throw fault;

  // A stream takes one of the key's slots before anything is stored, so a refused request leaves nothing behind.
  const closeStream = stream ? runtime.limits.openStream(caller.keyId) : () => undefined;
  try {
    return await startResponse(runtime, { id, body, plan, prompt, conversationId, store, background, stream, webhookUrl, caller, fitted, inputItems, instructions, cacheKey }, closeStream);
  } catch (error) {
    closeStream();
    throw error;
  }
}

interface Accepted {
  id: string;
  body: CreateResponseBody;
  plan: TurnPlan;
  prompt: ResolvedPrompt | null;
  conversationId: string | null;
  store: boolean;
  background: boolean;
  stream: boolean;
  webhookUrl: string | null;
  caller: Caller;
  fitted: FittedContext;
  inputItems: ContextItem[];
  instructions: string | null;
  cacheKey: string | null;
}

/**
 * Stores the accepted request and answers it: one JSON object, a background job, or a stream (which releases its slot
 * when it closes). Each is one row write: a JSON answer is stored finished; a stream's run inserts its row in the
 * batch after it starts (in its final state when it has ended by then), and this process's reads of that response wait
 * for the row (`Run.inserted`); a background job is stored before it is answered, since its id may be polled or
 * cancelled through any process sharing the database.
 */
async function startResponse(runtime: GatewayRuntime, accepted: Accepted, closeStream: () => void): Promise<GatewayReply> {
  const { id, body, plan, prompt, conversationId, store, background, stream, webhookUrl, caller, fitted, inputItems, instructions, cacheKey } = accepted;
  const echo = redactCredentials(body);
  const initial = buildResponse({ id, body: echo, plan, status: background ? 'queued' : 'in_progress', prompt: prompt?.echo ?? null, conversationId });
  const db = await runtime.getDb();
  const rowOf = (snapshot: ResponseObject): NewStoredResponse => ({
    id,
    ownerKey: caller.ownerKey,
    status: snapshot.status,
    background,
    stream,
    stored: store,
    previousResponseId: body.previous_response_id ?? null,
    conversationId,
    request: store ? echo : {},
    response: store ? snapshot : tombstoneOf(snapshot),
    inputItems: store ? inputItems : [],
  });

  const onFinished = async (final: ResponseObject) => {
    if (cacheKey && final.status !== 'failed') runtime.promptCache.remember(cacheKey, instructions, [...fitted.context, ...final.output]);
    if (store && conversationId && (final.status === 'completed' || final.status === 'incomplete')) {
      await appendConversationItems(await runtime.getDb(), conversationId, [...inputItems, ...final.output]);
    }
  };

  if (!stream && !background) {
    const final = finishResponse(initial, plan.items, plan.outcome, plan.usage);
    await insertResponse(db, rowOf(final));
    await onFinished(final);
    return jsonResponse(final);
  }
  if (background) await insertResponse(db, rowOf(initial));

  const run = new Run({
    getDb: runtime.getDb,
    response: initial,
    plan,
    background,
    store,
    persistEvents: background && stream,
    obfuscation: body.stream_options?.include_obfuscation !== false,
    partialImages: partialImagesOf(body),
    tokensPerSecond: runtime.options.tokensPerSecond,
    queuedDelayMs: queuedDelayMs(runtime.options.tokensPerSecond),
    webhook: webhookUrl ? { url: webhookUrl, secret: body.webhook_secret ?? null } : null,
    webhooks: runtime.webhooks,
    onFinished,
    row: background ? undefined : rowOf,
  });
  runtime.runs.set(id, run);
  void run.flush().finally(() => runtime.runs.delete(id));
  if (!stream) return jsonResponse(initial);
  return sseReply((sink) => run.subscribe(sink), { onDisconnect: () => run.disconnect(), onClose: closeStream });
}
