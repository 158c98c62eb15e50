// Leadership among the instances on one PostgreSQL: the holder of an advisory lock leads; it moves within seconds when the holder dies.
import 'server-only';
import type { Client } from 'pg';
import { openDedicatedClient } from '@/lib/db/dedicated';

/** Arbitrary constant shared by every instance of this playground (beside the migration lock's). */
const LEADER_LOCK_KEY = 7_261_554_020;
/** How often a follower asks for the lock and a leader checks its connection: a dead leader is replaced within this plus PostgreSQL noticing. */
export const LEADER_TRY_EVERY_MS = 2_000;

export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

export interface LeadershipHooks {
  onLead: () => void;
  onLose: () => void;
}

/** Without DATABASE_URL there is one process (PGlite allows no other): it leads at once. */
export function startLeadership(databaseUrl: string | undefined, hooks: LeadershipHooks): Leadership {
  if (!databaseUrl) {
    hooks.onLead();
    return { isLeader: () => true, stop: async () => hooks.onLose() };
  }
  let client: Client | null = null;
  let isLeader = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;

  const drop = (reason: string) => {
    const lost = client;
    client = null;
    lost?.end().catch(() => undefined);
    if (isLeader) {
      isLeader = false;
      console.warn(`[instances] leadership lost (${reason}); the job refresher stops here`);
      hooks.onLose();
    }
  };

  const attempt = async () => {
    try {
      if (!client) {
        const opened = await openDedicatedClient(databaseUrl);
        opened.on('error', () => drop('connection error'));
        client = opened;
      }
      if (isLeader) {
        await client.query('SELECT 1');
      } else {
        const result = await client.query<{ acquired: boolean }>('SELECT pg_try_advisory_lock($1) AS acquired', [LEADER_LOCK_KEY]);
        if (result.rows[0]?.acquired && !isStopped) {
          isLeader = true;
          console.warn('[instances] this instance leads: it runs the job refresher');
          hooks.onLead();
        }
      }
    } catch (error) {
      drop((error as Error).name);
    }
    if (!isStopped) timer = setTimeout(() => void attempt(), LEADER_TRY_EVERY_MS).unref();
  };
  void attempt();

  return {
    isLeader: () => isLeader,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      drop('stopped');
    },
  };
}
