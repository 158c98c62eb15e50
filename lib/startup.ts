// Server start-up work (Node.js runtime only): open the database and apply migrations before traffic (exit if impossible), then keep jobs current.
import 'server-only';
import { getDb } from '@/lib/db';
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
}
