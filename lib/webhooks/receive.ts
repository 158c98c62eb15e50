// The capture receiver: limit, read the raw bytes, verify, store every delivery within the capture's caps before answering, feed jobs from valid ones.
// Deliveries arriving together are stored together (one transaction per batch, each answered once its batch is stored).
import 'server-only';
import { createKeyedWriteBatcher, type WriteBatcher } from '@/lib/db/batch';
import type { Db } from '@/lib/db/open';
import { publishLiveEvent } from '@/lib/instances/events';
import { applyResponseStatuses } from '@/lib/jobs/apply-status';
import { readBodyBytes } from '@/lib/http/body';
import { withRoute } from '@/lib/http/route';
import { ApiError } from '@/lib/schema';
import { getCapture, type CaptureRow } from './captures';
import { DEFAULT_CAPTURE_CAPS, insertDeliveries, type CaptureCaps, type NewDelivery, type StoredDelivery } from './deliveries';
import { readDeliveryEvent } from './event';
import { explainSignature } from './explain';
import { CaptureRateLimiter } from './rate-limit';
import { toHeaderMap, type HeaderMap } from './signature';

export const MAX_DELIVERY_BYTES = 1024 * 1024;
const DELIVERY_LIMIT = { bytes: MAX_DELIVERY_BYTES, name: 'the 1 MiB limit of a webhook delivery; it was not stored' };

const REDACTED_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|x-playground-access-token)$/;

const holder = globalThis as typeof globalThis & { __playgroundCaptureLimiter?: CaptureRateLimiter };

export interface ReceiveOptions {
  limiter?: CaptureRateLimiter;
  caps?: CaptureCaps;
  now?: () => Date;
}

export function readSourceAddress(headers: HeaderMap): string {
  const forwarded = headers['x-forwarded-for']?.split(',')[0]?.trim();
  return forwarded || headers['x-real-ip']?.trim() || 'unknown';
}

function storedHeaders(headers: HeaderMap): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, REDACTED_HEADERS.test(name) ? '[redacted]' : value]));
}

interface Arrived {
  delivery: NewDelivery;
  caps: CaptureCaps;
  /** The status it reports, applied to the job, history and chain index once stored (valid, not a repeat). */
  reported: { responseId: string; status: string } | null;
}

type Storer = (captureId: string) => WriteBatcher<Arrived, StoredDelivery | null>;

const storers = new WeakMap<Db, Storer>();
const captureReads = new WeakMap<Db, Map<string, Promise<CaptureRow | null>>>();

/** Stores a batch of one capture's deliveries, then feeds the statuses they report to the jobs, history and chain index. */
function storerFor(db: Db): Storer {
  let storer = storers.get(db);
  if (!storer) {
    storer = createKeyedWriteBatcher<Arrived, StoredDelivery | null>(async (captureId, arrived) => {
      const rows = await insertDeliveries(db, captureId, arrived.map((entry) => entry.delivery), arrived[0]!.caps);
      const learned = arrived.flatMap((entry, at) => {
        const row = rows[at];
        return entry.reported && row && !row.duplicate ? [{ ...entry.reported, at: entry.delivery.receivedAt ?? new Date() }] : [];
      });
      await applyResponseStatuses(db, learned, 'webhook');
      return rows;
    });
    storers.set(db, storer);
  }
  return storer;
}

/** The capture, read once for the deliveries that arrive at the same moment. */
function readCapture(db: Db, captureId: string): Promise<CaptureRow | null> {
  let reads = captureReads.get(db);
  if (!reads) captureReads.set(db, (reads = new Map()));
  const pending = reads.get(captureId);
  if (pending) return pending;
  const read = getCapture(db, captureId).finally(() => reads.delete(captureId));
  reads.set(captureId, read);
  return read;
}

function captureFull(caps: CaptureCaps): ApiError {
  return new ApiError(
    507,
    `This capture is full (it keeps at most ${caps.maxDeliveries} deliveries and ${caps.maxBytes} bytes: WEBHOOK_CAPTURE_MAX_DELIVERIES, WEBHOOK_CAPTURE_MAX_BYTES). A delivery without a valid signature never evicts stored ones, so it was not stored.`,
    { param: 'x-webhook-signature', code: 'capture_full' },
  );
}

/** POST /api/webhooks/{id}: every refusal is an error reply (the sender sees it), so this answers its own throws. */
export const receiveDelivery = withRoute('POST /api/webhooks/{id}', async (db: Db, captureId: string, request: Request, options: ReceiveOptions = {}): Promise<Response> => {
  const limiter = options.limiter ?? (holder.__playgroundCaptureLimiter ??= new CaptureRateLimiter());
  const decision = limiter.take(captureId);
  if (!decision.isAllowed) {
    throw new ApiError(429, 'Too many deliveries to this capture; this one was not stored.', {
      code: 'rate_limit_exceeded',
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    });
  }
  const capture = await readCapture(db, captureId);
  if (!capture) throw new ApiError(404, `No webhook capture ${captureId}.`, { code: 'capture_not_found' });
  const body = await readBodyBytes(request, DELIVERY_LIMIT);

  const receivedAt = options.now?.() ?? new Date();
  const headers = toHeaderMap(request.headers);
  const explanation = explainSignature(body, headers, capture.secret, receivedAt);
  const event = readDeliveryEvent(body);
  const answeredStatus = capture.answerStatus ?? (explanation.isValid ? 200 : 401);
  const caps = options.caps ?? DEFAULT_CAPTURE_CAPS;
  const delivery: NewDelivery = {
    captureId,
    webhookId: headers['x-webhook-id'] ?? headers['webhook-id'] ?? headers['svix-id'] ?? null,
    body,
    headers: storedHeaders(headers),
    sourceAddress: readSourceAddress(headers),
    receivedAt,
    signatureValid: explanation.isValid,
    signatureScheme: explanation.encoding,
    signatureDetail: explanation,
    responseId: event.responseId,
    eventType: event.eventType,
    answeredStatus,
  };
  const reported = explanation.isValid && event.responseId && event.reportedStatus ? { responseId: event.responseId, status: event.reportedStatus } : null;
  const stored = await storerFor(db)(captureId).add({ delivery, caps, reported });
  if (!stored) throw captureFull(caps);
  publishLiveEvent({ type: 'webhook.delivery', capture_id: captureId, delivery_id: stored.id, response_id: event.responseId, owner_id: capture.ownerId, shared: capture.shared });
  if (capture.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, capture.answerDelayMs ?? 0));
  if (capture.answerStatus !== null) {
    const isBodyless = [204, 205, 304].includes(capture.answerStatus);
    return isBodyless ? new Response(null, { status: capture.answerStatus }) : Response.json({ delivery_id: stored.id, scripted: true }, { status: capture.answerStatus });
  }
  if (!explanation.isValid) {
    throw new ApiError(401, 'The webhook signature does not match this capture\'s secret; the delivery was stored.', {
      param: explanation.header ?? 'X-Webhook-Signature',
      code: 'invalid_signature',
    });
  }
  return Response.json({ delivery_id: stored.id, duplicate: stored.duplicate, encoding: explanation.encoding });
});
