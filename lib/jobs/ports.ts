// What lib/jobs needs from rooms it may not import, passed in by its one composition point (lib/job-ports.ts): the gateway's retrieve and cancel, and the webhook deliveries naming a response.
import type { Actor } from '@/lib/auth/identity';
import type { Db } from '@/lib/db/open';
import type { TimelineDeliveryInput } from './timeline';

export interface GatewayReply {
  httpStatus: number;
  body: unknown;
}

/** Retrieve and cancel at the gateway as `onBehalfOf` (lib/gateway implements it with callGateway). */
export interface ResponseGateway {
  retrieve(responseId: string, onBehalfOf: string | null): Promise<GatewayReply>;
  cancel(responseId: string, onBehalfOf: string | null): Promise<GatewayReply>;
}

/** A stored webhook delivery as a job's detail and timeline read it; the reader's own fields ride along unchanged. */
export type JobDelivery = Omit<TimelineDeliveryInput, 'receivedAt'> & { receivedAt: string };

/** The deliveries whose body names `responseId`, oldest first (lib/webhooks implements it). */
export type ListJobDeliveries<D extends JobDelivery = JobDelivery> = (db: Db, responseId: string) => Promise<D[]>;

export interface JobPorts<D extends JobDelivery = JobDelivery> {
  /** The gateway as `actor` calls it (the audit log names them): a user on the jobs page, or the job refresher. */
  gatewayFor: (actor: Actor) => ResponseGateway;
  listDeliveries: ListJobDeliveries<D>;
}
