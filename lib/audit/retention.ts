// AUDIT_KEEP_DAYS: entries older than that are deleted at start-up and every hour after (any instance may do it; it is idempotent).
import 'server-only';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { purgeAudit } from './store';

const PURGE_EVERY_MS = 60 * 60 * 1000;
const holder = globalThis as typeof globalThis & { __playgroundAuditRetention?: NodeJS.Timeout };

async function purgeOnce(): Promise<void> {
  try {
    const removed = await purgeAudit(await getDb(), getEnv().AUDIT_KEEP_DAYS);
    if (removed > 0) console.warn(`[audit] removed ${removed} entries older than ${getEnv().AUDIT_KEEP_DAYS} days (AUDIT_KEEP_DAYS)`);
  } catch (error) {
    console.error(`[audit] retention pass failed: ${(error as Error).name}`);
  }
}

/** Starts once per process. */
export function startAuditRetention(): void {
  if (holder.__playgroundAuditRetention) return;
  void purgeOnce();
  holder.__playgroundAuditRetention = setInterval(() => void purgeOnce(), PURGE_EVERY_MS).unref();
}
