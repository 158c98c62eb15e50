// The Response object: request echo with the spec's defaults, and its status transitions (snapshots for events and storage).
import type { ResponseStatus } from '@/lib/schema/constants';
import type { JsonObject, OutputItem, TurnOutcome, TurnPlan, Usage } from './agent/contract';
import { nowSeconds } from './ids';

export type ResponseObject = JsonObject & { id: string; status: ResponseStatus; output: OutputItem[] };

export interface ResponseSeed {
  id: string;
  body: JsonObject;
  plan: TurnPlan;
  status: Extract<ResponseStatus, 'queued' | 'in_progress'>;
  /** `prompt` echo with the version used, when a template was resolved. */
  prompt: JsonObject | null;
  conversationId: string | null;
}

const pick = <T>(value: unknown, fallback: T): T => (value === undefined || value === null ? fallback : (value as T));

export function buildResponse(seed: ResponseSeed): ResponseObject {
  const { body, plan } = seed;
  const reasoning = (body.reasoning ?? {}) as JsonObject;
  const metadata: JsonObject = { ...((body.metadata as JsonObject | undefined) ?? {}) };
  if (body.auto_routing_debug === true && plan.routingDebug !== undefined) metadata.auto_routing_debug = plan.routingDebug;
  const response: ResponseObject = {
    id: seed.id,
    object: 'response',
    created_at: nowSeconds(),
    status: seed.status,
    background: pick(body.background, false),
    completed_at: null,
    error: null,
    incomplete_details: null,
    instructions: pick(body.instructions, null),
    max_output_tokens: pick(body.max_output_tokens, null),
    max_tool_calls: pick(body.max_tool_calls, 64),
    model: plan.model,
    output: [],
    parallel_tool_calls: pick(body.parallel_tool_calls, true),
    previous_response_id: pick(body.previous_response_id, null),
    prompt: seed.prompt,
    prompt_cache_key: pick(body.prompt_cache_key, null),
    reasoning: { effort: pick(reasoning.effort, null), summary: pick(reasoning.summary, null) },
    safety_identifier: pick(body.safety_identifier, null),
    service_tier: pick(body.service_tier, 'auto'),
    store: pick(body.store, true),
    temperature: pick(body.temperature, 1),
    text: { format: { type: 'text' }, verbosity: 'medium', ...((body.text as JsonObject | undefined) ?? {}) },
    tool_choice: pick(body.tool_choice, 'auto'),
    tools: pick(body.tools, []),
    top_logprobs: pick(body.top_logprobs, 0),
    top_p: pick(body.top_p, 1),
    truncation: pick(body.truncation, 'auto'),
    usage: null,
    user: pick(body.user, null),
    metadata,
    output_text: '',
  };
  if (seed.conversationId) response.conversation = { id: seed.conversationId };
  for (const key of ['presence_penalty', 'frequency_penalty', 'context_management', 'modalities', 'audio', 'auto_routing', 'auto_routing_debug']) {
    if (body[key] !== undefined) response[key] = body[key];
  }
  return response;
}

/** Concatenated text of the assistant's output_text parts. */
export function collectOutputText(output: OutputItem[]): string {
  return output
    .filter((item) => item.type === 'message')
    .flatMap((item) => (Array.isArray(item.content) ? (item.content as JsonObject[]) : []))
    .filter((part) => part.type === 'output_text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

export function withStatus(response: ResponseObject, status: ResponseStatus): ResponseObject {
  return { ...response, status };
}

export function withOutput(response: ResponseObject, output: OutputItem[]): ResponseObject {
  return { ...response, output, output_text: collectOutputText(output) };
}

/** The terminal object for an outcome: status, error or incomplete_details, usage, completed_at. */
export function finishResponse(response: ResponseObject, output: OutputItem[], outcome: TurnOutcome, usage: Usage): ResponseObject {
  const finished: ResponseObject = { ...withOutput(response, output), status: outcome.status, usage };
  if (outcome.status === 'completed') finished.completed_at = nowSeconds();
  if (outcome.status === 'incomplete') finished.incomplete_details = { reason: outcome.reason };
  if (outcome.status === 'failed') finished.error = { code: outcome.error.code, message: outcome.error.message };
  return finished;
}

export type StopReason =
  | { status: 'cancelled' }
  | { status: 'incomplete'; reason: string }
  | { status: 'failed'; error: { code: string; message: string } };

/** Ends a response that did not run to its planned outcome (cancel, disconnect, restart), keeping the output generated so far. */
export function abortResponse(response: ResponseObject, output: OutputItem[], stop: StopReason): ResponseObject {
  const ended: ResponseObject = { ...withOutput(response, output), status: stop.status };
  if (stop.status === 'failed') ended.error = stop.error;
  if (stop.status === 'incomplete') ended.incomplete_details = { reason: stop.reason };
  return ended;
}

/** Unfinished items of a stored output (a run stopped elsewhere) marked `incomplete`. */
export function closeOutput(output: OutputItem[]): OutputItem[] {
  return output.map((item) => (item.status === 'in_progress' ? { ...item, status: 'incomplete' } : item));
}
