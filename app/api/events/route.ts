// GET /api/events: live updates (webhook deliveries, job statuses) pushed to pages as SSE, from every instance.
import { handleLiveEvents } from '@/lib/instances/live-route';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleLiveEvents(request);
}
