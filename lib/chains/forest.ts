// Pure: turns index entries into a forest (responses sharing an ancestor are branches of one tree) and conversation groups.
import type { ChainEntry, ChainNode, ConversationGroup } from './schema';

function byCreated(a: ChainNode, b: ChainNode): number {
  const left = a.entry?.created_at ?? '';
  const right = b.entry?.created_at ?? '';
  return left === right ? a.id.localeCompare(b.id) : left.localeCompare(right);
}

/** Latest activity in a subtree, so the most recently used tree comes first. */
function latestIn(node: ChainNode): string {
  return node.children.reduce((latest, child) => {
    const candidate = latestIn(child);
    return candidate > latest ? candidate : latest;
  }, node.entry?.updated_at ?? '');
}

/**
 * Links every entry to its parent. A parent id the index never saw becomes a placeholder node (entry null),
 * so siblings under an unknown parent still share one tree. Cycles (corrupt data) are cut at the first repeat.
 */
export function buildForest(entries: readonly ChainEntry[]): ChainNode[] {
  const nodes = new Map<string, ChainNode>();
  for (const entry of entries) nodes.set(entry.id, { id: entry.id, entry, children: [] });

  const parents = new Map(entries.map((entry) => [entry.id, entry.previous_response_id]));
  const roots: ChainNode[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.id);
    const parentId = entry.previous_response_id;
    if (!node) continue;
    if (!parentId || isAncestor(entry.id, parentId, parents)) {
      roots.push(node);
      continue;
    }
    let parent = nodes.get(parentId);
    if (!parent) {
      parent = { id: parentId, entry: null, children: [] };
      nodes.set(parentId, parent);
      roots.push(parent);
    }
    parent.children.push(node);
  }

  const sortTree = (node: ChainNode) => {
    node.children.sort(byCreated);
    node.children.forEach(sortTree);
  };
  roots.forEach(sortTree);
  const latest = new Map(roots.map((root) => [root.id, latestIn(root)]));
  return roots.sort((a, b) => (latest.get(b.id) ?? '').localeCompare(latest.get(a.id) ?? '') || a.id.localeCompare(b.id));
}

/** True when `candidate` is reachable from `start` by following parents: linking start under candidate would close a cycle. */
function isAncestor(start: string, candidate: string, parents: ReadonlyMap<string, string | null>): boolean {
  const seen = new Set<string>();
  let current: string | null | undefined = candidate;
  while (current && !seen.has(current)) {
    if (current === start) return true;
    seen.add(current);
    current = parents.get(current);
  }
  return false;
}

/** Entries grouped by conversation id, each group in creation order; groups with the latest activity first. */
export function groupConversations(entries: readonly ChainEntry[]): ConversationGroup[] {
  const groups = new Map<string, ChainEntry[]>();
  for (const entry of entries) {
    if (!entry.conversation_id) continue;
    const group = groups.get(entry.conversation_id) ?? [];
    group.push(entry);
    groups.set(entry.conversation_id, group);
  }
  const result = [...groups].map(([id, responses]) => ({
    id,
    responses: [...responses].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)),
  }));
  const lastActivity = (group: ConversationGroup) => group.responses.reduce((max, entry) => (entry.updated_at > max ? entry.updated_at : max), '');
  return result.sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)) || a.id.localeCompare(b.id));
}

/** Ids in the tree that holds `id`, from its root; used to highlight the looked-up chain. */
export function findPath(roots: readonly ChainNode[], id: string): string[] {
  for (const root of roots) {
    const path = pathTo(root, id);
    if (path) return path;
  }
  return [];
}

function pathTo(node: ChainNode, id: string): string[] | null {
  if (node.id === id) return [node.id];
  for (const child of node.children) {
    const rest = pathTo(child, id);
    if (rest) return [node.id, ...rest];
  }
  return null;
}
