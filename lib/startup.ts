// Server start-up work (Node.js runtime only): open the database and apply migrations before traffic (exit if impossible), then join the
// other instances (the leader keeps jobs current), end grid runs a stopped server left running (and interrupt its own on SIGTERM), and keep the audit log within AUDIT_KEEP_DAYS.
import 'server-only';
import { startAuditRetention } from '@/lib/audit/retention';
import { systemActor } from '@/lib/auth/identity';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { ensureRunner, interruptRunsOnShutdown } from '@/lib/grids/runner';
import { joinInstances } from '@/lib/instances/instance';
import { jobPorts } from '@/lib/job-ports';
import { startJobRefresher, stopJobRefresher } from '@/lib/jobs/refresher';

export async function startServer(): Promise<void> {
  try {
    await getDb();
  } catch (error) {
    console.error(`playground: database unavailable at start-up: ${(error as Error).message}`);
    process.exit(1);
  }
  // Several instances on one PostgreSQL: only the leader refreshes jobs; the lead moves when the leader dies.
  const refresherGateway = jobPorts.gatewayFor(systemActor('job-refresher'));
  joinInstances(getEnv().DATABASE_URL, { onLead: () => startJobRefresher(refresherGateway), onLose: stopJobRefresher });
  startAuditRetention();
  await ensureRunner(await getDb());
  interruptRunsOnShutdown();
}
