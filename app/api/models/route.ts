// GET /api/models: the gateway's models, or a labelled fallback list; also says whether browser keys are allowed.
import { proxyListModels } from '@/lib/gateway';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return proxyListModels(request);
}
