// GET /api/jobs/{id}: one job with its status history, webhook deliveries and timeline.
import { jobPorts } from '@/lib/job-ports';
import { handleGetJob } from '@/lib/jobs/http';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleGetJob((await params).id, jobPorts);
}
