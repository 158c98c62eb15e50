// The two calls lib/jobs makes at the gateway (retrieve, cancel) through callGateway, which owns the timeout, the scrub and the error mapping.
import 'server-only';
import type { Actor } from '@/lib/auth/identity';
import type { GatewayReply, ResponseGateway } from '@/lib/jobs/ports';
import { responsePath } from '@/lib/schema/response';
import { callGateway } from './upstream';

/** A gateway reply read whole: its status and its JSON body (a non-JSON body as its text). */
export async function readGatewayReply(response: Response): Promise<GatewayReply> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a non-JSON body is passed on as text
  }
  return { httpStatus: response.status, body };
}

/** Retrieve and cancel made for `actor` (the audit log names them). */
export function gatewayResponsesFor(actor: Actor): ResponseGateway {
  return {
    async retrieve(responseId, onBehalfOf) {
      return readGatewayReply(await callGateway(responsePath(responseId), { actor, method: 'GET', onBehalfOf: onBehalfOf ?? undefined }));
    },
    async cancel(responseId, onBehalfOf) {
      return readGatewayReply(await callGateway(responsePath(responseId, 'cancel'), { actor, method: 'POST', onBehalfOf: onBehalfOf ?? undefined }));
    },
  };
}
