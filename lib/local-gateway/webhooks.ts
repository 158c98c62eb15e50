// Webhook deliveries for background responses: allowed targets, signed thin event bodies, retries with backoff.
import { createHmac } from 'node:crypto';
import { RESPONSE_STATUSES } from '@/lib/schema/constants';
import { matchesAllowEntry } from '@/lib/http/allow-list';
import { makeId, nowSeconds } from './ids';

/** Every status but `cancelled` (the spec's list: docs/protocol.md, "Webhooks"). */
export const WEBHOOK_STATUSES = RESPONSE_STATUSES.filter((status) => status !== 'cancelled');
/** Waits before the 2nd, 3rd and 4th attempt. */
export const WEBHOOK_RETRY_DELAYS_MS = [500, 2_000, 8_000];
export const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookTarget {
  url: string;
  secret: string | null;
}

export interface WebhookPolicy {
  publicOrigin: string;
  /** Entries: an origin or URL prefix (`https://hooks.example.com`), a host name, or `*.example.com`. */
  allow: readonly string[];
}

/**
 * The playground's public origin and LOCAL_GATEWAY_WEBHOOK_ALLOW entries only (http(s), no credentials in the URL): other
 * loopback ports are refused too, so a webhook cannot probe or post to other services on this machine.
 */
export function isWebhookTargetAllowed(raw: string, policy: WebhookPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  try {
    if (url.origin === new URL(policy.publicOrigin).origin) return true;
  } catch {
    // an unparseable public origin allows nothing extra
  }
  return policy.allow.some((entry) => matchesAllowEntry(url, entry));
}

export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

export interface WebhookSender {
  /** Queues one delivery; deliveries of one response go out in order. */
  notify(responseId: string, target: WebhookTarget, status: string): void;
  close(): void;
}

/** Waits `ms` or until `signal` aborts; the abort listener is removed either way (a retry loop must not pile them up). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export function createWebhookSender(policy: WebhookPolicy, retryDelaysMs: readonly number[] = WEBHOOK_RETRY_DELAYS_MS): WebhookSender {
  const chains = new Map<string, Promise<void>>();
  const closing = new AbortController();

  async function attempt(target: WebhookTarget, body: string, deliveryId: string): Promise<boolean> {
    if (!isWebhookTargetAllowed(target.url, policy)) return false;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'local-gateway-webhooks/1',
      'x-webhook-id': deliveryId,
      'x-webhook-timestamp': String(nowSeconds()),
    };
    if (target.secret) headers['x-webhook-signature'] = signWebhookBody(target.secret, body);
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), closing.signal]),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.status >= 200 && response.status < 300;
    } catch {
      return false;
    }
  }

  async function deliver(responseId: string, target: WebhookTarget, status: string): Promise<void> {
    const timestamp = nowSeconds();
    const deliveryId = makeId('evt');
    const body = JSON.stringify({ id: deliveryId, object: 'event', type: `response.${status}`, created_at: timestamp, data: { id: responseId, status } });
    for (let index = 0; index <= retryDelaysMs.length && !closing.signal.aborted; index += 1) {
      if (index > 0) await sleep(retryDelaysMs[index - 1] ?? 0, closing.signal);
      if (closing.signal.aborted) break;
      if (await attempt(target, body, deliveryId)) return;
    }
    console.warn(`webhook ${deliveryId} for ${responseId} (${status}) not acknowledged; gave up`);
  }

  return {
    notify(responseId, target, status) {
      if (!(WEBHOOK_STATUSES as readonly string[]).includes(status)) return;
      const previous = chains.get(responseId) ?? Promise.resolve();
      const next = previous.then(() => deliver(responseId, target, status));
      chains.set(responseId, next);
      void next.finally(() => {
        if (chains.get(responseId) === next) chains.delete(responseId);
      });
    },
    close() {
      closing.abort();
    },
  };
}
