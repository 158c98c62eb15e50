// Mounts the embedded local gateway under /api/v1/llm when no remote gateway is configured.
import { handleLocalGatewayRequest } from '@/lib/local-gateway/next-mount';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export { handleLocalGatewayRequest as GET, handleLocalGatewayRequest as POST, handleLocalGatewayRequest as DELETE };
