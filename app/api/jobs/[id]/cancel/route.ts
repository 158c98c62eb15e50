// POST /api/jobs/{id}/cancel: cancel a queued or in_progress job through the gateway.
import { jobPorts } from '@/lib/job-ports';
import { handleCancelJob } from '@/lib/jobs/http';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleCancelJob(request, (await params).id, jobPorts);
}
