// Mounts the embedded local gateway under /api/v1/llm when no remote gateway is configured.
import { drainWritesOnStop } from '@/lib/gateway';
import { handleLocalGatewayRequest } from '@/lib/local-gateway/next-mount';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Its stored responses' rows are written in batches: a stop waits for them too. */
function handle(request: Request): Promise<Response> {
  drainWritesOnStop();
  return handleLocalGatewayRequest(request);
}

export { handle as GET, handle as POST, handle as DELETE };
