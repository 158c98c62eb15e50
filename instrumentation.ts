// Start-up hook: open the database and apply migrations before the server takes traffic.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { getDb } = await import('@/lib/db');
  try {
    await getDb();
  } catch (error) {
    console.error(`playground: database unavailable at start-up: ${(error as Error).message}`);
    process.exit(1);
  }
}
