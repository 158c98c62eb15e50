// GET /api/jobs lists background jobs (?status=, ?q=); POST /api/jobs tracks a response created elsewhere by its id.
import { jobPorts } from '@/lib/job-ports';
import { handleListJobs, handleTrackJob } from '@/lib/jobs/http';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handleListJobs(request);
export const POST = (request: Request) => handleTrackJob(request, jobPorts);
