// The chain index reply (GET /api/chains) read without zod: the chains page reads it as it loads, before anything needs
// the schema library. The server builds it as the shared ChainIndex type (the integration tests parse it with chainIndexSchema).
import type { ReplyShape } from '@/lib/http/client';
import type { ChainIndex, ChainNode, ConversationGroup } from './schema';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts the page walks and draws: ids are text, children and groups are lists (a deep forest is checked without recursion). */
function isForest(roots: unknown): roots is ChainNode[] {
  if (!Array.isArray(roots)) return false;
  const pending: unknown[] = [...roots];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isRecord(node) || typeof node.id !== 'string' || !Array.isArray(node.children)) return false;
    if (node.entry !== null && !(isRecord(node.entry) && node.entry.id === node.id)) return false;
    pending.push(...node.children);
  }
  return true;
}

function isConversationList(value: unknown): value is ConversationGroup[] {
  return Array.isArray(value) && value.every((group) => isRecord(group) && typeof group.id === 'string' && Array.isArray(group.responses) && group.responses.every((entry) => isRecord(entry) && typeof entry.id === 'string'));
}

export const chainIndexReply: ReplyShape<ChainIndex> = {
  safeParse(body) {
    if (isRecord(body) && body.object === 'chain_index' && isForest(body.roots) && isConversationList(body.conversations)) {
      return { success: true, data: body as unknown as ChainIndex };
    }
    return { success: false };
  },
};
