// This instance among the others on one database: its id, and whether it leads (runs the work only one instance may run).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { startLeadership, type Leadership, type LeadershipHooks } from './leader';

interface InstanceState {
  id: string;
  leadership: Leadership | null;
}

const holder = globalThis as typeof globalThis & { __playgroundInstance?: InstanceState };

function state(): InstanceState {
  holder.__playgroundInstance ??= { id: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`, leadership: null };
  return holder.__playgroundInstance;
}

/** Joins the leader election once per process; `hooks` start and stop what only the leader runs. */
export function joinInstances(databaseUrl: string | undefined, hooks: LeadershipHooks): void {
  const current = state();
  current.leadership ??= startLeadership(databaseUrl, hooks);
}

/** For /api/health: which instance answered, and whether it leads. */
export function describeInstance(): { id: string; is_leader: boolean } {
  const current = state();
  return { id: current.id, is_leader: current.leadership?.isLeader() ?? false };
}
