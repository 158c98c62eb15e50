// Gateway replies as jobs read them: the retrieve/cancel interface, reading a reply body, and the response object's status (no upstream import).
import { retrievedResponseSchema } from '@/lib/schema/response';

export interface GatewayReply {
  httpStatus: number;
  body: unknown;
}

export interface ResponseGateway {
  retrieve(responseId: string, onBehalfOf: string | null): Promise<GatewayReply>;
  cancel(responseId: string, onBehalfOf: string | null): Promise<GatewayReply>;
}

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

/** The status and model of a response object (read by the shared lenient shape), if the body is one with a status. */
export function readResponseObject(body: unknown): { status: string; model: string | null } | null {
  const parsed = retrievedResponseSchema.safeParse(body);
  if (!parsed.success || typeof parsed.data.status !== 'string') return null;
  return { status: parsed.data.status, model: parsed.data.model ?? null };
}
