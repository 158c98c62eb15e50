import { handleCreateCapture, handleListCaptures } from '@/lib/webhooks/http';

export const dynamic = 'force-dynamic';

export const POST = () => handleCreateCapture();
export const GET = () => handleListCaptures();
