// POST /api/webhooks/{capture_id}/deliveries/{delivery_id}/replay: resend a stored delivery, raw bytes and signature headers.
import { handleReplay } from '@/lib/webhooks/http';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ captureId: string; deliveryId: string }> }) {
  const { captureId, deliveryId } = await params;
  return handleReplay(captureId, deliveryId, request);
}
