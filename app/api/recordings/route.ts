// GET /api/recordings?q=&response_id=: recordings, newest first; POST imports a recording file (201 {id}).
import { handleImportRecording, handleListRecordings } from '@/lib/recordings/http';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handleListRecordings(request);
export const POST = (request: Request) => handleImportRecording(request);
