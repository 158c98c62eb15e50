// Public surface of the wire schemas, shared by the request form, the proxy routes and the local gateway.
export * from './constants';
export { ApiError, apiErrorSchema, apiErrorBodySchema, defaultErrorType, makeApiError, parseOrThrow, toErrorBody, toErrorResponse, zodPathToParam, type ApiErrorBody, type ApiErrorFields, type ApiErrorOptions } from './errors';
export { integerInRange, decimalInRange, httpUrlSchema, imageUrlSchema, isHttpUrl, objectJsonSchemaSchema } from './fields';
export * from './tools';
export * from './input';
export * from './request';
export * from './response';
export * from './on-behalf-of';
export { formatZodIssues, type SchemaIssue } from './issues';
export * from './create-response-body';
export * from './credentials';
export * from './ownership';
