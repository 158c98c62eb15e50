// Server start-up work (Node.js runtime only): open the database and apply migrations before traffic (exit if impossible), then keep
// jobs current and end grid runs a stopped server left running.
import 'server-only';
import { getDb } from '@/lib/db';
import { ensureRunner } from '@/lib/grids/runner';
import { jobPorts } from '@/lib/job-ports';
import { startJobRefresher } from '@/lib/jobs/refresher';

export async function startServer(): Promise<void> {
  try {
    await getDb();
  } catch (error) {
    console.error(`playground: database unavailable at start-up: ${(error as Error).message}`);
    process.exit(1);
  }
  startJobRefresher(jobPorts.gateway);
  await ensureRunner(await getDb());
}
