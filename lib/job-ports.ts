// The one composition point of lib/jobs: its gateway client (retrieve, cancel through callGateway) and its deliveries reader (lib/webhooks), so jobs import neither room.
import 'server-only';
import { gatewayResponsesFor } from '@/lib/gateway/responses';
import type { JobPorts } from '@/lib/jobs/ports';
import { listResponseDeliveryViews, type DeliveryView } from '@/lib/webhooks/deliveries';

/** What app/api/jobs/** and the refresher (lib/startup.ts) pass to lib/jobs. */
export const jobPorts: JobPorts<DeliveryView> = {
  gatewayFor: gatewayResponsesFor,
  listDeliveries: listResponseDeliveryViews,
};
