// A webhook capture made for the request being built (POST /api/webhooks): its URL and secret fill webhook_url and webhook_secret.
import { fetchJson } from '@/lib/http/client';
import type { CaptureReply } from '@/lib/webhooks/captures';

/** What a request needs of a capture. */
export type WebhookCapture = Pick<CaptureReply, 'url' | 'secret'>;

export function createWebhookCapture(): Promise<CaptureReply> {
  return fetchJson<CaptureReply>('/api/webhooks', { method: 'POST', json: {} });
}
