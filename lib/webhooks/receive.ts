// The capture receiver: limit, read the raw bytes, verify, store every delivery within the capture's caps before answering, feed jobs from valid ones.
// Deliveries arriving together are stored together (one transaction per batch, each answered once its batch is stored and its statuses fed on).
import 'server-only';
import { createKeyedWriteBatcher, type WriteBatcher } from '@/lib/db/batch';
import { isPgliteDb, type Db } from '@/lib/db/open';
import { publishLiveEvents } from '@/lib/instances/events';
import { applyResponseStatuses } from '@/lib/jobs/apply-status';
import { readBodyBytes } from '@/lib/http/body';
import { withRoute } from '@/lib/http/route';
import { ApiError } from '@/lib/schema';
import { getCapture, type CaptureRow } from './captures';
import { DEFAULT_CAPTURE_CAPS, type CaptureCaps, type NewDelivery, type StoredDelivery } from './deliveries';
import { readDeliveryEvent, type DeliveryEvent } from './event';
import { explainSignature, type SignatureExplanation } from './explain';
import { CaptureRateLimiter } from './rate-limit';
import { storeCaptureDeliveries } from './store';
import { toHeaderMap, type HeaderMap } from './signature';

export const MAX_DELIVERY_BYTES = 1024 * 1024;
const DELIVERY_LIMIT = { bytes: MAX_DELIVERY_BYTES, name: 'the 1 MiB limit of a webhook delivery; it was not stored' };

/**
 * How long a batch may keep gathering deliveries that keep arriving, on PGlite (whose writes block the event loop, so
 * nothing arrives while one runs): far below a sender's timeout, long enough for a burst. PostgreSQL's writes leave the
 * loop free, so deliveries queue behind a running write by themselves.
 */
const GATHER_MS = 20;

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
  body: Uint8Array;
  headers: HeaderMap;
  receivedAt: Date;
  event: DeliveryEvent;
  caps: CaptureCaps;
}

/** What the batch made of one delivery: the capture as read in its transaction, the verdict, the stored row (null: full). */
interface Outcome {
  capture: CaptureRow;
  explanation: SignatureExplanation;
  stored: StoredDelivery | null;
  /** The batch's statuses fed to jobs, history and chain index, and its live events sent (rejects if that failed). */
  followUp: Promise<void>;
}

type Storer = (captureId: string) => WriteBatcher<Arrived, Outcome | null>;

const storers = new WeakMap<Db, Storer>();
/** Captures this process has seen exist (they are never deleted), so only unknown ids wait for a read before the body is read. */
const knownCaptures = new WeakMap<Db, Map<string, Promise<boolean>>>();

function toDelivery(capture: CaptureRow, arrived: Arrived, explanation: SignatureExplanation): NewDelivery {
  const { headers, event } = arrived;
  return {
    captureId: capture.id,
    webhookId: headers['x-webhook-id'] ?? headers['webhook-id'] ?? headers['svix-id'] ?? null,
    body: arrived.body,
    headers: storedHeaders(headers),
    sourceAddress: readSourceAddress(headers),
    receivedAt: arrived.receivedAt,
    signatureValid: explanation.isValid,
    signatureScheme: explanation.encoding,
    signatureDetail: explanation,
    responseId: event.responseId,
    eventType: event.eventType,
    answeredStatus: capture.answerStatus ?? (explanation.isValid ? 200 : 401),
  };
}

/**
 * Stores a batch of one capture's deliveries: the capture read once under its lock (secret, scripted answer, owner),
 * each signature verified against it, the rows stored; then the statuses valid ones report are fed to the jobs, history
 * and chain index, and open pages told. Each delivery is answered only after both. That follow-up runs beside the next
 * batch's transaction on PostgreSQL (the capture's lock is held only while storing), one batch after another per
 * capture, so jobs still see statuses in arrival order.
 */
function storerFor(db: Db): Storer {
  let storer = storers.get(db);
  if (!storer) {
    const followUps = new Map<string, Promise<void>>();
    storer = createKeyedWriteBatcher<Arrived, Outcome | null>(async (captureId, arrived) => {
      let explanations: SignatureExplanation[] = [];
      const written = await storeCaptureDeliveries(
        db,
        captureId,
        (capture) => {
          explanations = arrived.map((entry) => explainSignature(entry.body, entry.headers, capture.secret, entry.receivedAt));
          return arrived.map((entry, at) => toDelivery(capture, entry, explanations[at]!));
        },
        arrived[0]!.caps,
      );
      if (!written) return arrived.map(() => null);
      const { capture, stored } = written;
      const learned = arrived.flatMap((entry, at) => {
        const row = stored[at];
        const { responseId, reportedStatus } = entry.event;
        return explanations[at]!.isValid && responseId && reportedStatus && row && !row.duplicate ? [{ responseId, status: reportedStatus, at: entry.receivedAt }] : [];
      });
      const events = stored.flatMap((row, at) =>
        row ? [{ type: 'webhook.delivery' as const, capture_id: captureId, delivery_id: row.id, response_id: arrived[at]!.event.responseId, owner_id: capture.ownerId, shared: capture.shared }] : [],
      );
      // After the previous batch's follow-up, whether it failed or not (its deliveries' answers carry its failure).
      const followUp = (followUps.get(captureId) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          await applyResponseStatuses(db, learned, 'webhook');
          publishLiveEvents(events);
        });
      followUps.set(captureId, followUp);
      followUp.catch(() => undefined).finally(() => followUps.get(captureId) === followUp && followUps.delete(captureId));
      // PGlite runs one statement at a time in this thread: overlapping gains nothing there, and the next batch gathers better after it.
      if (isPgliteDb(db)) await followUp.catch(() => undefined);
      return stored.map((row, at) => ({ capture, explanation: explanations[at]!, stored: row, followUp }));
    }, { gatherMs: isPgliteDb(db) ? GATHER_MS : 0 });
    storers.set(db, storer);
  }
  return storer;
}

/** Whether the capture exists: read once per process (captures are never deleted); the batch reads it again for the rest. */
function captureExists(db: Db, captureId: string): Promise<boolean> {
  let known = knownCaptures.get(db);
  if (!known) knownCaptures.set(db, (known = new Map()));
  const cached = known.get(captureId);
  if (cached) return cached;
  // Deliveries arriving while it is read share the read; only found ids stay, so guessed ids cannot grow this.
  const read = getCapture(db, captureId).then((row) => !!row);
  if (known.size >= 10_000) known.clear();
  known.set(captureId, read);
  read.then(
    (isFound) => isFound || known.delete(captureId),
    () => known.delete(captureId),
  );
  return read;
}

function captureNotFound(captureId: string): ApiError {
  return new ApiError(404, `No webhook capture ${captureId}.`, { code: 'capture_not_found' });
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
  if (!(await captureExists(db, captureId))) throw captureNotFound(captureId);
  const body = await readBodyBytes(request, DELIVERY_LIMIT);
  const caps = options.caps ?? DEFAULT_CAPTURE_CAPS;
  const receivedAt = options.now?.() ?? new Date();
  const outcome = await storerFor(db)(captureId).add({ body, headers: toHeaderMap(request.headers), receivedAt, event: readDeliveryEvent(body), caps });
  if (!outcome) throw captureNotFound(captureId);
  const { capture, explanation, stored, followUp } = outcome;
  await followUp;
  if (!stored) throw captureFull(caps);
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
