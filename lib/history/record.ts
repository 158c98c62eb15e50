// Recording every request sent through the proxy into the searchable history (contract used by lib/gateway).
import 'server-only';

export interface SentRequest {
  body: Record<string, unknown>;
  onBehalfOf: string | null;
  responseId: string | null;
  status: string | null;
}

export async function recordSentRequest(_entry: SentRequest): Promise<void> {
  throw new Error('recordSentRequest: not implemented yet');
}
