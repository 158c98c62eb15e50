// Next.js start-up hook: runs the Node.js start-up work once per server process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServer } = await import('@/lib/startup');
  await startServer();
}
