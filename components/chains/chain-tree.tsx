'use client';
// The index as a forest: responses sharing an ancestor are branches of one tree; each node opens its chain.
import Link from 'next/link';
import { cx } from '@/components/ui/cx';
import type { ChainNode } from '@/lib/chains/schema';

/** Long gateway ids are shortened in the tree (full id in the title and the link). */
function shortId(id: string): string {
  return id.length > 22 ? `${id.slice(0, 13)}…${id.slice(-6)}` : id;
}

function NodeLabel({ node, isCurrent }: { node: ChainNode; isCurrent: boolean }) {
  const { entry } = node;
  if (!entry) {
    return (
      <span className="text-xs text-fg-muted" data-testid="tree-node-missing">
        <code className="font-mono" title={node.id}>
          {shortId(node.id)}
        </code>{' '}
        (never seen here)
      </span>
    );
  }
  return (
    <Link
      href={`/chains?id=${encodeURIComponent(node.id)}`}
      aria-current={isCurrent ? 'true' : undefined}
      className={cx(
        'inline-flex max-w-full flex-wrap items-baseline gap-x-2 rounded px-1 py-0.5 text-xs text-fg hover:bg-sunken',
        isCurrent && 'bg-accent-soft',
        entry.deleted && 'line-through decoration-danger',
      )}
    >
      <code className="font-mono text-sm text-link" title={node.id}>
        {shortId(node.id)}
      </code>
      <span>{entry.model ?? '?'}</span>
      <span data-testid="tree-node-status">{entry.status ?? '?'}</span>
      <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleTimeString()}</time>
      {entry.on_behalf_of ? <span className="text-fg-muted [overflow-wrap:anywhere]">as {entry.on_behalf_of}</span> : null}
      {entry.stored === false ? <span className="text-warning">store: false</span> : null}
      {entry.deleted ? (
        <span className="font-semibold text-danger no-underline" data-testid="tree-node-deleted">
          deleted
        </span>
      ) : null}
    </Link>
  );
}

function TreeNode({ node, currentPath }: { node: ChainNode; currentPath: ReadonlySet<string> }) {
  return (
    <li data-testid="tree-node" data-node-id={node.id} data-deleted={node.entry?.deleted ? 'true' : undefined} className="mt-0.5 min-w-0">
      <NodeLabel node={node} isCurrent={currentPath.has(node.id)} />
      {node.children.length > 0 ? (
        <ul className="ml-2 border-l border-line pl-2" data-testid="tree-children" aria-label={`Turns continuing from ${node.id}`}>
          {node.children.map((child) => (
            <TreeNode key={child.id} node={child} currentPath={currentPath} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ChainTree({ roots, currentPath }: { roots: readonly ChainNode[]; currentPath: readonly string[] }) {
  const path = new Set(currentPath);
  if (roots.length === 0) return <p className="text-sm text-fg-muted">No responses seen yet. Send one from the playground, or look one up.</p>;
  return (
    <ul className="min-w-0 space-y-2" data-testid="chain-tree" aria-label="Seen responses by chain">
      {roots.map((root) => (
        <TreeNode key={root.id} node={root} currentPath={path} />
      ))}
    </ul>
  );
}
