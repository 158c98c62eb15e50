// The embedded gateway: createLocalGateway(options) -> { handle(Request), serve(GatewayRequest), close() }, plus restart recovery of orphaned runs.
import { PromptCache } from './context';
import { fromWebRequest, toWebResponse, type GatewayReply, type GatewayRequest } from './exchange';
import { createGatewayLimits } from './limits';
import { abortResponse, closeOutput, type ResponseObject } from './response-object';
import { routeRequest } from './router';
import type { GatewayRuntime, LocalGatewayOptions } from './runtime';
import { findCancelled, findOrphans, saveResponseState, touchResponses } from './store';
import { createWebhookSender } from './webhooks';

export type { LocalGatewayOptions } from './runtime';
export { PROMPT_TEMPLATES } from './prompts';

export interface LocalGateway {
  handle(request: Request): Promise<Response>;
  /** The same without Web objects: a stream comes back unframed (the standalone server writes it to node:http itself). */
  serve(request: GatewayRequest): Promise<GatewayReply>;
  close(): Promise<void>;
}

/** Unfinished runs are kept fresh at this interval; rows older than ORPHAN_AFTER_MS belong to a dead process. */
const HEARTBEAT_MS = 5_000;
const ORPHAN_AFTER_MS = 15_000;

export const INTERRUPTED_ERROR = { code: 'server_error', message: 'The response was interrupted by a restart of the local gateway.' };

export function createLocalGateway(options: LocalGatewayOptions): LocalGateway {
  const webhookPolicy = { publicOrigin: options.publicOrigin, allow: options.webhookAllow };
  const runtime: GatewayRuntime = {
    options,
    getDb: options.getDb,
    runs: new Map(),
    webhooks: createWebhookSender(webhookPolicy),
    webhookPolicy,
    promptCache: new PromptCache(),
    limits: createGatewayLimits({ requestsPerMinute: options.rateLimitPerMinute, concurrentStreams: options.maxConcurrentStreams }),
  };

  /** Fails queued/in_progress responses no live process owns (the first sweep at start takes every one not running here). */
  async function recoverOrphans(before: Date): Promise<void> {
    const db = await runtime.getDb();
    for (const row of await findOrphans(db, before, [...runtime.runs.keys()])) {
      const response = row.response as ResponseObject;
      await saveResponseState(db, row.id, abortResponse(response, closeOutput(response.output ?? []), { status: 'failed', error: INTERRUPTED_ERROR }));
    }
  }

  let started: Promise<void> | null = null;
  const start = () => {
    started ??= recoverOrphans(new Date(Date.now() - ORPHAN_AFTER_MS)).catch((error: Error) => {
      started = null;
      console.error(`local gateway: recovery failed: ${error.message}`);
    });
    return started;
  };

  const heartbeat = setInterval(() => {
    void (async () => {
      const db = await runtime.getDb();
      const running = [...runtime.runs.keys()];
      await touchResponses(db, running);
      // A cancel made by another process only reaches the stored row; the run that lives here stops on it.
      for (const id of await findCancelled(db, running)) runtime.runs.get(id)?.cancel();
      for (const run of runtime.runs.values()) run.checkpoint();
      await recoverOrphans(new Date(Date.now() - ORPHAN_AFTER_MS));
    })().catch((error: Error) => console.error(`local gateway: heartbeat failed: ${error.message}`));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async handle(request) {
      await start();
      return toWebResponse(await routeRequest(runtime, fromWebRequest(request)), request.signal);
    },
    async serve(request) {
      await start();
      return routeRequest(runtime, request);
    },
    async close() {
      clearInterval(heartbeat);
      const runs = [...runtime.runs.values()];
      for (const run of runs) run.stop({ status: 'failed', error: INTERRUPTED_ERROR });
      await Promise.all(runs.map((run) => run.flush()));
      runtime.webhooks.close();
    },
  };
}
