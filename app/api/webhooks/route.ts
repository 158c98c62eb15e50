// POST /api/webhooks creates a webhook capture (id, url, secret); GET lists captures and unmatched deliveries.
import { handleCreateCapture, handleListCaptures } from '@/lib/webhooks/http';

export const dynamic = 'force-dynamic';

export const POST = () => handleCreateCapture();
export const GET = () => handleListCaptures();
