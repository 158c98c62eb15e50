// Shared state of one gateway instance: options, database access, live runs, webhook sender, prompt cache.
import type { Db } from '@/lib/db/open';
import type { PromptCache } from './context';
import type { GatewayLimits } from './limits';
import type { Run } from './runner';
import type { WebhookPolicy, WebhookSender } from './webhooks';

export interface LocalGatewayOptions {
  getDb: () => Promise<Db>;
  apiKeys: string[];
  webhookAllow: string[];
  publicOrigin: string;
  /** Output tokens per second for streamed and background runs; 0 streams without delay. */
  tokensPerSecond: number;
  /** Requests per API key per minute (0 or unset: no limit). */
  rateLimitPerMinute?: number;
  /** Open SSE streams per API key (0 or unset: no limit). */
  maxConcurrentStreams?: number;
}

export interface GatewayRuntime {
  options: LocalGatewayOptions;
  getDb: () => Promise<Db>;
  /** Runs of this process that have not finished, by response id. */
  runs: Map<string, Run>;
  webhooks: WebhookSender;
  webhookPolicy: WebhookPolicy;
  promptCache: PromptCache;
  limits: GatewayLimits;
}

/** Background jobs wait this long in `queued` when paced, so the status can be watched. */
export function queuedDelayMs(tokensPerSecond: number): number {
  return tokensPerSecond > 0 ? 400 : 0;
}
