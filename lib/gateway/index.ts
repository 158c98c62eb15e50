// Public surface of the gateway client: the upstream call, its error class and the proxy functions the routes use.
import 'server-only';

export { callGateway, type CallGatewayInit } from './upstream';
export { drainWritesOnStop } from './drain';
export { proxyCancelResponse, proxyCreateResponse, proxyDeleteResponse, proxyGetResponse, proxyListInputItems, proxyListModels, FALLBACK_MODELS } from './handlers';
export { createServerResponses, type ServerCaller, type ServerResponses } from './server-calls';
