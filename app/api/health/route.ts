// GET /api/health: the app (version, database; 503 when the database does not answer) and, apart, the gateway (reachable, latency, key accepted).
import { getHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const health = await getHealth();
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
