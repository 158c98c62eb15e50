// Replays a captured delivery, original raw bytes and signature headers, to the capture itself or an allowed URL.
import 'server-only';
import type { Db } from '@/lib/db/open';
import { getDelivery } from './deliveries';
import type { SnakeCased } from '@/lib/http/snake-case';

/** Headers a sender's signature depends on, plus the content type; nothing else is resent. */
const REPLAYED_HEADERS = [
  'content-type',
  'user-agent',
  'x-webhook-id',
  'x-webhook-timestamp',
  'x-webhook-signature',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'svix-id',
  'svix-timestamp',
  'svix-signature',
  'stripe-signature',
  'x-slack-signature',
  'x-slack-request-timestamp',
  'x-hub-signature-256',
];

const REPLAY_TIMEOUT_MS = 15_000;

export interface ReplayResult {
  deliveryId: number;
  target: string;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

export async function replayDelivery(db: Db, captureId: string, deliveryId: number, target: URL): Promise<ReplayResult | null> {
  const delivery = await getDelivery(db, captureId, deliveryId);
  if (!delivery) return null;
  const stored = delivery.headers as Record<string, string>;
  const headers = new Headers({ 'x-playground-replay-of': String(deliveryId) });
  for (const name of REPLAYED_HEADERS) if (stored[name] !== undefined) headers.set(name, stored[name]);
  const started = performance.now();
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers,
      body: Buffer.from(delivery.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(REPLAY_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return { deliveryId, target: target.toString(), httpStatus: response.status, durationMs: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return { deliveryId, target: target.toString(), httpStatus: null, durationMs: Math.round(performance.now() - started), error: (error as Error).message.slice(0, 200) };
  }
}

/** POST /api/webhooks/{id}/deliveries/{delivery_id}/replay as the browser reads it. */
export type ReplayReply = SnakeCased<ReplayResult>;
