// One timeline per job: submitted, each status change with its source, and webhook deliveries grouped by X-Webhook-Id (pure).
import type { StatusEntry } from './status';
import type { SnakeCased } from '@/lib/http/snake-case';

export interface TimelineDeliveryInput {
  id: number;
  webhookId: string | null;
  receivedAt: Date;
  signatureValid: boolean;
  eventType: string | null;
  reportedStatus: string | null;
  /** The event's own created_at (the sender's time of the status change), in ms. */
  eventCreatedAtMs: number | null;
}

export interface DeliveryAttempt {
  deliveryId: number;
  at: string;
  signatureValid: boolean;
}

export type TimelineEntry =
  | { kind: 'submitted'; at: string }
  | { kind: 'status'; at: string; status: string; source: string }
  | {
      kind: 'delivery';
      at: string;
      deliveryId: number;
      webhookId: string | null;
      eventType: string | null;
      reportedStatus: string | null;
      signatureValid: boolean;
      /** Received time minus the earliest known time of the status it reports; null when that status was never seen. */
      delayMs: number | null;
      /** Every arrival with this X-Webhook-Id, first one included; more than one means the sender retried. */
      attempts: DeliveryAttempt[];
    };

function statusStartMs(history: StatusEntry[], delivery: TimelineDeliveryInput): number | null {
  const known = history.filter((entry) => entry.status === delivery.reportedStatus && entry.source !== 'webhook').map((entry) => entry.at.getTime());
  if (delivery.eventCreatedAtMs !== null) known.push(delivery.eventCreatedAtMs);
  return known.length ? Math.min(...known) : null;
}

export function groupDeliveries<T extends TimelineDeliveryInput>(deliveries: T[]): T[][] {
  const ordered = [...deliveries].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id);
  const groups = new Map<string, T[]>();
  const list: T[][] = [];
  for (const delivery of ordered) {
    const group = delivery.webhookId === null ? undefined : groups.get(delivery.webhookId);
    if (group) {
      group.push(delivery);
      continue;
    }
    const created = [delivery];
    if (delivery.webhookId !== null) groups.set(delivery.webhookId, created);
    list.push(created);
  }
  return list;
}

export function buildTimeline(createdAt: Date, history: StatusEntry[], deliveries: TimelineDeliveryInput[]): TimelineEntry[] {
  const entries: (TimelineEntry & { sortMs: number; order: number })[] = [{ kind: 'submitted', at: createdAt.toISOString(), sortMs: createdAt.getTime(), order: 0 }];
  for (const entry of history) {
    entries.push({ kind: 'status', at: entry.at.toISOString(), status: entry.status, source: entry.source, sortMs: entry.at.getTime(), order: 1 });
  }
  for (const group of groupDeliveries(deliveries)) {
    const first = group[0]!;
    const start = statusStartMs(history, first);
    entries.push({
      kind: 'delivery',
      at: first.receivedAt.toISOString(),
      deliveryId: first.id,
      webhookId: first.webhookId,
      eventType: first.eventType,
      reportedStatus: first.reportedStatus,
      signatureValid: first.signatureValid,
      delayMs: start === null ? null : first.receivedAt.getTime() - start,
      attempts: group.map((delivery) => ({ deliveryId: delivery.id, at: delivery.receivedAt.toISOString(), signatureValid: delivery.signatureValid })),
      sortMs: first.receivedAt.getTime(),
      order: 2,
    });
  }
  entries.sort((a, b) => a.sortMs - b.sortMs || a.order - b.order);
  return entries.map(({ sortMs: _sortMs, order: _order, ...entry }) => entry as TimelineEntry);
}

/** A timeline entry as GET /api/jobs/{id} sends it. */
export type TimelineEntryReply = SnakeCased<TimelineEntry>;
