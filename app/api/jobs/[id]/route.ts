// GET /api/jobs/{id}: one job with its status history, webhook deliveries and timeline; PATCH {"shared": …}: its owner shares it.
import { jobPorts } from '@/lib/job-ports';
import { handleGetJob, handleShareJob } from '@/lib/jobs/http';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleGetJob(request, (await params).id, jobPorts);
}

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleShareJob(request, (await params).id, jobPorts);
}
