import { describe, expect, it } from 'vitest';
import { computeStateDurations, detectStall, findPollOverdue, nextPollDelayMs, POLL_OVERDUE_AFTER_MS, shouldApplyStatus } from '@/lib/jobs/status';
import { buildTimeline } from '@/lib/jobs/timeline';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe('job status rules', () => {
  it('moves forward only and never leaves a terminal status', () => {
    expect(shouldApplyStatus('queued', 'in_progress')).toBe(true);
    expect(shouldApplyStatus('queued', 'failed')).toBe(true);
    expect(shouldApplyStatus('in_progress', 'queued')).toBe(false);
    expect(shouldApplyStatus('completed', 'failed')).toBe(false);
    expect(shouldApplyStatus('queued', 'queued')).toBe(false);
  });

  it('backs off from 1 s doubling to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(nextPollDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('measures the time spent in each state, the current one up to now', () => {
    const history = [
      { status: 'queued', source: 'create', at: at(0) },
      { status: 'in_progress', source: 'poll', at: at(3) },
    ];
    expect(computeStateDurations(history, at(10)).map((state) => [state.status, state.ms, state.isCurrent])).toEqual([
      ['queued', 3_000, false],
      ['in_progress', 7_000, true],
    ]);
  });

  it('flags a stall past the limit only for a running job', () => {
    const history = [{ status: 'in_progress', source: 'poll', at: at(0) }];
    expect(detectStall('in_progress', history, at(0), at(100), 120_000)).toBeNull();
    expect(detectStall('in_progress', history, at(0), at(200), 120_000)?.reason).toContain('in_progress for 3m 20s, over the 2m 0s limit');
    expect(detectStall('completed', history, at(0), at(999), 1)).toBeNull();
  });
});

describe('buildTimeline', () => {
  it('orders submitted, statuses and deliveries; groups retries by X-Webhook-Id; measures the delay after the status change', () => {
    const history = [
      { status: 'queued', source: 'create', at: at(0) },
      { status: 'completed', source: 'poll', at: at(5) },
    ];
    const delivery = (id: number, webhookId: string, seconds: number, status: string, isValid = true) => ({
      id,
      webhookId,
      receivedAt: at(seconds),
      signatureValid: isValid,
      eventType: `response.${status}`,
      reportedStatus: status,
      eventCreatedAtMs: null,
    });
    const timeline = buildTimeline(at(0), history, [delivery(1, 'evt_q', 1, 'queued'), delivery(3, 'evt_c', 6, 'completed'), delivery(2, 'evt_q', 2, 'queued')]);
    expect(timeline.map((entry) => entry.kind + (entry.kind === 'delivery' ? `:${entry.webhookId}` : ''))).toEqual(['submitted', 'status', 'delivery:evt_q', 'status', 'delivery:evt_c']);
    const queued = timeline.find((entry) => entry.kind === 'delivery' && entry.webhookId === 'evt_q');
    expect(queued).toMatchObject({ delayMs: 1_000, attempts: [{ deliveryId: 1 }, { deliveryId: 2 }] });
    expect(timeline.find((entry) => entry.kind === 'delivery' && entry.webhookId === 'evt_c')).toMatchObject({ delayMs: 1_000 });
  });
});

describe('findPollOverdue (the jobs page says "may be stale")', () => {
  const due = new Date('2026-01-01T00:00:00.000Z');
  const after = (ms: number) => new Date(due.getTime() + ms);

  it('names when the poll fell due once no refresher has made it for longer than POLL_OVERDUE_AFTER_MS', () => {
    expect(findPollOverdue('in_progress', due, after(POLL_OVERDUE_AFTER_MS + 1))).toBe('2026-01-01T00:00:00.000Z');
    expect(findPollOverdue('queued', due, after(60_000))).toBe('2026-01-01T00:00:00.000Z');
  });

  it('says nothing while the poll is on time (or only just due), for an ended job, or for one no longer polled', () => {
    expect(findPollOverdue('in_progress', due, after(POLL_OVERDUE_AFTER_MS))).toBeNull();
    expect(findPollOverdue('in_progress', due, after(-1_000))).toBeNull();
    expect(findPollOverdue('completed', due, after(60_000))).toBeNull();
    expect(findPollOverdue('in_progress', null, after(60_000))).toBeNull();
  });
});
