// Listeners keyed by body path in a tree of path segments: a change at one path wakes only the listeners at it, on its
// way down from the body, or inside it, and looks at no other listener (typing in an item of 50 visits about 6 entries).
import { parsePath } from './body-path';

type Listener = () => void;

/** True when a change at `changed` can change the value at `watched` (one is the other, or lies inside it). */
export function isPathRelated(watched: string, changed: string): boolean {
  if (watched === '' || changed === '' || watched === changed) return true;
  const [short, long] = watched.length < changed.length ? [watched, changed] : [changed, watched];
  return long.startsWith(short) && (long[short.length] === '.' || long[short.length] === '[');
}

export interface PathListeners {
  add(path: string, listener: Listener): () => void;
  /** Wakes the listeners a change at each of `paths` concerns ('' wakes all). Returns how many tree nodes it visited. */
  notify(paths: readonly string[]): number;
}

interface PathNode {
  listeners: Set<Listener>;
  children: Map<string, PathNode>;
  parent: PathNode | null;
  key: string;
}

/** A segment's key in the tree: `[2]` (an array index) and `.2` (an object key) stay apart, as in isPathRelated. */
function keysOf(path: string): string[] {
  return parsePath(path).map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`));
}

export function createPathListeners(): PathListeners {
  const root: PathNode = { listeners: new Set(), children: new Map(), parent: null, key: '' };

  const wakeSubtree = (node: PathNode, woken: Set<Listener>): number => {
    let visited = 1;
    for (const listener of node.listeners) woken.add(listener);
    for (const child of node.children.values()) visited += wakeSubtree(child, woken);
    return visited;
  };

  // A node left without listeners or children is removed, so the tree holds only the paths watched now.
  const prune = (node: PathNode) => {
    let current: PathNode | null = node;
    while (current?.parent && current.listeners.size === 0 && current.children.size === 0) {
      current.parent.children.delete(current.key);
      current = current.parent;
    }
  };

  return {
    add(path, listener) {
      let node = root;
      for (const key of keysOf(path)) {
        let child = node.children.get(key);
        if (!child) node.children.set(key, (child = { listeners: new Set(), children: new Map(), parent: node, key }));
        node = child;
      }
      node.listeners.add(listener);
      const own = node;
      return () => {
        own.listeners.delete(listener);
        prune(own);
      };
    },
    notify(paths) {
      const woken = new Set<Listener>();
      let visited = 0;
      for (const changed of paths) {
        let node: PathNode | undefined = root;
        const keys = keysOf(changed);
        // The listeners above the change (the body, the list, the item...), then the changed path and all inside it.
        for (const key of keys) {
          visited += 1;
          for (const listener of node.listeners) woken.add(listener);
          node = node.children.get(key);
          if (!node) break;
        }
        if (node) visited += wakeSubtree(node, woken);
      }
      for (const listener of woken) listener();
      return visited;
    },
  };
}
