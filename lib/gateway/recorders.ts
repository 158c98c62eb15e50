// Calls the jobs, chains and history recorders for what the proxy sees; their failures never break a reply.
import 'server-only';
import { recordResponseAliases, recordSeenResponse, recordSeenStatus, resolveRecordedId } from '@/lib/chains/record';
import { recordSentRequest, recordSentRequestStatus } from '@/lib/history/record';
import { recordBackgroundJob, recordJobStatus } from '@/lib/jobs/record';
import { conversationIdOf, retrievedResponseSchema } from '@/lib/schema/response';

const GATE_LIMIT_MS = 2_000;

export interface ResponseInfo {
  id: string;
  status: string | null;
  model: string | null;
  previousResponseId: string | null;
  conversationId: string | null;
  /** The response's `background` echo, when the gateway sends it. */
  background: boolean | null;
  /** The response's `store` echo, when the gateway sends it. */
  stored: boolean | null;
}

/**
 * Only the fields read here, each by the retrieved response's own rule. The whole schema parsed the output items too: for
 * each lifecycle event, and a long answer's `response.completed` holds all of them.
 */
const responseInfoSchema = retrievedResponseSchema.pick({ id: true, status: true, model: true, previous_response_id: true, conversation: true, background: true, store: true });

/** Reads the fields we record from a Response object (the shared lenient shape); null when it has no id. */
export function readResponseInfo(value: unknown): ResponseInfo | null {
  const parsed = responseInfoSchema.safeParse(value);
  if (!parsed.success) return null;
  const response = parsed.data;
  return {
    id: response.id,
    status: response.status ?? null,
    model: response.model ?? null,
    previousResponseId: response.previous_response_id ?? null,
    conversationId: conversationIdOf(response),
    background: response.background ?? null,
    stored: response.store ?? null,
  };
}

async function safely(label: string, responseId: string | null, work: () => Promise<void>, limitMs?: number): Promise<void> {
  try {
    const run = work();
    if (limitMs === undefined) return await run;
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), limitMs);
    });
    await Promise.race([run, cap]).finally(() => clearTimeout(timer));
  } catch (error) {
    const reason = error instanceof Error ? (((error as { code?: unknown }).code as string | undefined) ?? error.name) : 'unknown';
    console.warn(`[gateway] ${label} failed response=${responseId ?? 'none'} reason=${reason}`);
  }
}

/** The run id `id` stands for (an alias resolves to its response); `id` itself when unknown or the index cannot answer. Never rejects. */
export async function resolveRunId(id: string): Promise<string> {
  try {
    return await resolveRecordedId(id);
  } catch {
    return id;
  }
}

export interface CreateContext {
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  /** Who sent it: their history entry, job and chain-index entry are theirs (null without personal sign-in). */
  ownerId: string | null;
  /** false for a grid's cells: the history lists what people sent by hand, the grid keeps its own cells. */
  recordsHistory?: boolean;
}

/**
 * Whether a created response runs in the background: its `background` echo, else (a gateway that does not echo it)
 * the request's word while the response is queued or in progress.
 */
export function isBackgroundResponse(info: ResponseInfo, sent: Record<string, unknown>): boolean {
  if (info.background !== null) return info.background;
  return sent.background === true && (info.status === 'queued' || info.status === 'in_progress');
}

/** A background job is recorded (and awaited, within a cap) before the browser hears of it. Returns whether it was one. */
export async function recordAcceptedBackground(info: ResponseInfo, context: CreateContext): Promise<boolean> {
  if (!isBackgroundResponse(info, context.body)) return false;
  await safely(
    'recordBackgroundJob',
    info.id,
    () => recordBackgroundJob({ responseId: info.id, model: info.model, status: info.status ?? 'queued', onBehalfOf: context.onBehalfOf, ownerId: context.ownerId }),
    GATE_LIMIT_MS,
  );
  return true;
}

/**
 * The chain index and the history learn about a created response (not awaited by the reply). The returned promise
 * settles when both are written (never rejects), so a later status of the same response is recorded after them.
 */
export function recordCreated(info: ResponseInfo | null, context: CreateContext): Promise<void> {
  // The parent is the id the playground sent: a gateway may echo another (its backend's) id, filed as an alias of it.
  const sentParent = typeof context.body.previous_response_id === 'string' ? context.body.previous_response_id : null;
  const seen = info
    ? safely('recordSeenResponse', info.id, async () => {
        await recordSeenResponse({
          id: info.id,
          previousResponseId: sentParent ?? info.previousResponseId,
          conversationId: info.conversationId,
          model: info.model,
          status: info.status,
          onBehalfOf: context.onBehalfOf,
          ownerId: context.ownerId,
          stored: info.stored,
        });
        if (sentParent && info.previousResponseId && info.previousResponseId !== sentParent) {
          await recordResponseAliases(await resolveRunId(sentParent), [info.previousResponseId]);
        }
      })
    : Promise.resolve();
  const sent =
    context.recordsHistory === false
      ? Promise.resolve()
      : safely('recordSentRequest', info?.id ?? null, () =>
          recordSentRequest({ body: context.body, onBehalfOf: context.onBehalfOf, ownerId: context.ownerId, responseId: info?.id ?? null, status: info?.status ?? null }),
        );
  return Promise.all([seen, sent]).then(() => undefined);
}

/** Files `aliases` (other ids the gateway gave the response) under its run id, once `after` settled. */
export function recordAliasesOf(runId: string, aliases: readonly string[], after: Promise<void> = Promise.resolve()): Promise<void> {
  return after.then(() => safely('recordResponseAliases', runId, () => recordResponseAliases(runId, aliases)));
}

/**
 * A later status of a response (a terminal stream event, a poll, a cancel), given its run id (the caller resolved an
 * alias once): the history entry and the chain index move to it once `after` (the create's records) has settled.
 * Statuses only move forward there.
 */
export function recordLaterStatus(runId: string, status: string, after: Promise<void> = Promise.resolve()): Promise<void> {
  return after.then(async () => {
    await Promise.all([
      safely('recordSentRequestStatus', runId, () => recordSentRequestStatus(runId, status)),
      safely('recordSeenStatus', runId, () => recordSeenStatus(runId, status)),
    ]);
  });
}

/** A background job's later status, given its run id; settles (never rejects) once it is written. */
export function recordStatus(runId: string, status: string, source: 'poll' | 'stream'): Promise<void> {
  return safely('recordJobStatus', runId, () => recordJobStatus(runId, status, source));
}
