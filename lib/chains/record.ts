// Recording every response id the playground sees, with its parent, for the chain index (contract used by lib/gateway).
import 'server-only';

export interface SeenResponse {
  id: string;
  previousResponseId: string | null;
  conversationId: string | null;
  model: string | null;
  status: string | null;
  onBehalfOf: string | null;
}

export async function recordSeenResponse(_seen: SeenResponse): Promise<void> {
  throw new Error('recordSeenResponse: not implemented yet');
}
