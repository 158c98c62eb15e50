// Credentials in a create body are used, never echoed or stored: the response object and the stored request keep a marker instead.
import type { JsonObject } from './agent/contract';

/** Stands in for a credential that was set (docs/protocol.md, "Credentials in requests"). */
export const REDACTED = '<redacted>';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An MCP tool's `authorization` and every `headers` value become the marker; header names stay, so the user sees what was sent. */
function redactTool(tool: unknown): unknown {
  if (!isObject(tool) || tool.type !== 'mcp') return tool;
  const redacted: JsonObject = { ...tool };
  if (typeof tool.authorization === 'string') redacted.authorization = REDACTED;
  if (isObject(tool.headers)) redacted.headers = Object.fromEntries(Object.keys(tool.headers).map((name) => [name, REDACTED]));
  return redacted;
}

/** The body as it may be echoed or stored: MCP credentials replaced by the marker, `webhook_secret` kept as the marker. */
export function redactCredentials(body: JsonObject): JsonObject {
  const redacted: JsonObject = { ...body };
  if (Array.isArray(body.tools)) redacted.tools = body.tools.map(redactTool);
  if (typeof body.webhook_secret === 'string') redacted.webhook_secret = REDACTED;
  return redacted;
}
