// Response status rules for jobs: forward-only transitions, time per state, stall detection, poll backoff (pure).
import type { SnakeCased } from '@/lib/http/snake-case';
import { isTerminalStatus } from '@/lib/schema/constants';

export const POLL_FIRST_DELAY_MS = 1_000;
export const POLL_MAX_DELAY_MS = 30_000;

export interface StatusEntry {
  status: string;
  source: string;
  at: Date;
}

export interface StateDuration {
  status: string;
  since: string;
  /** null for a terminal state: it does not end. */
  ms: number | null;
  isCurrent: boolean;
}

export interface StallFlag {
  isStalled: true;
  since: string;
  elapsedMs: number;
  reason: string;
}

function rank(status: string): number {
  if (status === 'queued') return 0;
  return isTerminalStatus(status) ? 2 : 1;
}

/** Statuses only move forward (a late `queued` webhook never undoes `in_progress`) and terminal ones never change. */
export function shouldApplyStatus(current: string, next: string): boolean {
  if (current === next || isTerminalStatus(current)) return false;
  return rank(next) >= rank(current);
}

/** A poll this far past its time was not made by any refresher (none leads, or it is stuck): the status shown may be stale. */
export const POLL_OVERDUE_AFTER_MS = 10_000;

/** When an open job's poll fell due, if it is overdue by more than POLL_OVERDUE_AFTER_MS; null while its status is being kept current. */
export function findPollOverdue(status: string, nextPollAt: Date | null, now: Date): string | null {
  if (isTerminalStatus(status) || !nextPollAt) return null;
  return now.getTime() - nextPollAt.getTime() > POLL_OVERDUE_AFTER_MS ? nextPollAt.toISOString() : null;
}

/** 1 s doubling to 30 s by attempt number. */
export function nextPollDelayMs(attempts: number): number {
  return Math.min(POLL_MAX_DELAY_MS, POLL_FIRST_DELAY_MS * 2 ** Math.min(attempts, 16));
}

export function computeStateDurations(history: StatusEntry[], now: Date): StateDuration[] {
  const ordered = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
  const states = ordered.filter((entry, index) => index === 0 || entry.status !== ordered[index - 1]!.status);
  return states.map((entry, index) => {
    const next = states[index + 1];
    const isCurrent = next === undefined;
    const end = next?.at ?? (isTerminalStatus(entry.status) ? null : now);
    return { status: entry.status, since: entry.at.toISOString(), ms: end ? Math.max(0, end.getTime() - entry.at.getTime()) : null, isCurrent };
  });
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A queued or in_progress job past the limit in its current state is flagged, with a reason a person can act on. */
export function detectStall(status: string, history: StatusEntry[], createdAt: Date, now: Date, stallAfterMs: number): StallFlag | null {
  if (isTerminalStatus(status)) return null;
  const entered = history.filter((entry) => entry.status === status).map((entry) => entry.at.getTime());
  const since = entered.length ? Math.min(...entered) : createdAt.getTime();
  const elapsedMs = now.getTime() - since;
  if (elapsedMs <= stallAfterMs) return null;
  const hint = status === 'queued' ? 'it may have been lost after an early disconnect' : 'the gateway may have stopped working on it';
  return {
    isStalled: true,
    since: new Date(since).toISOString(),
    elapsedMs,
    reason: `${status} for ${formatDuration(elapsedMs)}, over the ${formatDuration(stallAfterMs)} limit (JOB_STALL_AFTER_MS): ${hint}; cancel it or check the gateway.`,
  };
}

/** As the jobs API sends them. */
export type StallFlagReply = SnakeCased<StallFlag>;
export type StateDurationReply = SnakeCased<StateDuration>;
