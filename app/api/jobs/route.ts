import { handleListJobs, handleTrackJob } from '@/lib/jobs/http';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handleListJobs(request);
export const POST = (request: Request) => handleTrackJob(request);
