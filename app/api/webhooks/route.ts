// POST /api/webhooks creates a webhook capture (id, url, secret); GET lists captures and unmatched deliveries.
import { handleCreateCapture, handleListCaptures } from '@/lib/webhooks/http';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => handleCreateCapture(request);
export const GET = (request: Request) => handleListCaptures(request);
