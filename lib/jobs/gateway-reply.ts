// A gateway reply as jobs read it: the response object's status and model (the shared lenient shape; no upstream import).
import { retrievedResponseSchema } from '@/lib/schema/response';

/** The status and model of a response object (read by the shared lenient shape), if the body is one with a status. */
export function readResponseObject(body: unknown): { status: string; model: string | null } | null {
  const parsed = retrievedResponseSchema.safeParse(body);
  if (!parsed.success || typeof parsed.data.status !== 'string') return null;
  return { status: parsed.data.status, model: parsed.data.model ?? null };
}
