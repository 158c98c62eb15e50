// The two gateway calls jobs need (retrieve, cancel) through callGateway, which owns the timeout and the error mapping.
import 'server-only';
import { callGateway } from '@/lib/gateway';
import { responsePath } from '@/lib/schema/response';
import { readGatewayReply, type ResponseGateway } from './gateway-reply';

export const defaultGateway: ResponseGateway = {
  async retrieve(responseId, onBehalfOf) {
    const response = await callGateway(responsePath(responseId), {
      method: 'GET',
      onBehalfOf: onBehalfOf ?? undefined,
    });
    return readGatewayReply(response);
  },
  async cancel(responseId, onBehalfOf) {
    const response = await callGateway(responsePath(responseId, 'cancel'), {
      method: 'POST',
      onBehalfOf: onBehalfOf ?? undefined,
    });
    return readGatewayReply(response);
  },
};
