// The audit writer holds its flush while a proxied stream waits for its first byte (on PGlite), at most HOLD_MAX_MS, and loses nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@/lib/audit/entry';
import { HOLD_MAX_MS } from '@/lib/db/batch';

const db = vi.hoisted(() => ({ held: false, written: [] as string[][] }));

vi.mock('@/lib/db', () => ({ getDb: async () => ({}), holdsWrites: () => db.held }));
vi.mock('@/lib/audit/store', () => ({
  insertAuditEntries: async (_db: unknown, entries: AuditEntry[]) => {
    db.written.push(entries.map((entry) => entry.path));
  },
}));

function entry(path: string): AuditEntry {
  return { at: new Date(), userId: null, actor: 'shared', method: 'POST', path, model: null, onBehalfOf: null, responseId: null, status: 200, durationMs: 1, errorCode: null, requestBody: null };
}

async function loadWriter() {
  vi.resetModules();
  const holder = globalThis as typeof globalThis & { __playgroundAuditQueue?: unknown };
  delete holder.__playgroundAuditQueue;
  return import('@/lib/audit/writer');
}

describe('the audit writer and the first-byte hold', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    db.held = false;
    db.written = [];
  });
  afterEach(() => vi.useRealTimers());

  it('flushes on its timer when nothing holds it', async () => {
    const { recordAudit } = await loadWriter();
    recordAudit(entry('/responses'));
    await vi.advanceTimersByTimeAsync(250);
    expect(db.written).toEqual([['/responses']]);
  });

  it('waits while a stream awaits its first byte, then writes everything queued meanwhile in one batch', async () => {
    const { recordAudit } = await loadWriter();
    db.held = true;
    recordAudit(entry('/responses'));
    await vi.advanceTimersByTimeAsync(300);
    expect(db.written).toEqual([]);
    recordAudit(entry('/responses/resp_1'));
    await vi.advanceTimersByTimeAsync(50);
    expect(db.written).toEqual([]);
    db.held = false;
    await vi.advanceTimersByTimeAsync(5);
    expect(db.written).toEqual([['/responses', '/responses/resp_1']]);
  });

  it('is late by at most HOLD_MAX_MS however long the hold lasts', async () => {
    const { recordAudit } = await loadWriter();
    db.held = true;
    recordAudit(entry('/responses'));
    await vi.advanceTimersByTimeAsync(250 + HOLD_MAX_MS - 10);
    expect(db.written).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(db.written).toEqual([['/responses']]);
  });

  it('does not hold an explicit flush (a clean stop)', async () => {
    const { recordAudit, flushAudit } = await loadWriter();
    db.held = true;
    recordAudit(entry('/responses'));
    await flushAudit();
    expect(db.written).toEqual([['/responses']]);
  });
});
