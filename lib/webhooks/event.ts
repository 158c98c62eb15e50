// Reads what a delivery body says about a response: its id, event type, reported status and event time (pure, defensive).
export interface DeliveryEvent {
  responseId: string | null;
  eventType: string | null;
  reportedStatus: string | null;
  eventCreatedAtMs: number | null;
}

const EMPTY: DeliveryEvent = { responseId: null, eventType: null, reportedStatus: null, eventCreatedAtMs: null };

function asString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : null;
}

/** Accepts the thin event `{type, created_at, data:{id,status}}` and a full Response object `{object:"response", id, status}`. */
export function readDeliveryEvent(body: Uint8Array): DeliveryEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return EMPTY;
  }
  if (typeof parsed !== 'object' || parsed === null) return EMPTY;
  const root = parsed as Record<string, unknown>;
  const data = typeof root.data === 'object' && root.data !== null ? (root.data as Record<string, unknown>) : null;
  const eventType = asString(root.type);
  if (root.object === 'response') {
    return { responseId: asString(root.id), eventType, reportedStatus: asString(root.status), eventCreatedAtMs: null };
  }
  const typeStatus = eventType?.startsWith('response.') ? eventType.slice('response.'.length) : null;
  const createdAt = typeof root.created_at === 'number' && Number.isFinite(root.created_at) ? root.created_at * 1000 : null;
  return {
    responseId: asString(data?.id),
    eventType,
    reportedStatus: asString(data?.status) ?? typeStatus,
    eventCreatedAtMs: createdAt,
  };
}
