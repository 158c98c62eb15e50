// Server start-up work (Node.js runtime only): open the database and apply migrations before traffic; exit if impossible.
import 'server-only';
import { getDb } from '@/lib/db';

export async function startServer(): Promise<void> {
  try {
    await getDb();
  } catch (error) {
    console.error(`playground: database unavailable at start-up: ${(error as Error).message}`);
    process.exit(1);
  }
}
