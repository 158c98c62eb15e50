// GET /api/health: app version, gateway mode and database status; 503 when the database does not answer.
import { getHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const health = await getHealth();
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
