// Listeners keyed by body path: a change at one path wakes only the listeners at it, inside it or above it, so typing in
// one field runs a few selectors instead of one per control on the page.

type Listener = () => void;

/** The top-level key a path starts with (`tools` for `tools[2].name`); '' is the whole body. */
function topKeyOf(path: string): string {
  const match = /^[^.[\]]*/.exec(path);
  return match ? match[0] : '';
}

/** True when a change at `changed` can change the value at `watched` (one is the other, or lies inside it). */
export function isPathRelated(watched: string, changed: string): boolean {
  if (watched === '' || changed === '' || watched === changed) return true;
  const [short, long] = watched.length < changed.length ? [watched, changed] : [changed, watched];
  return long.startsWith(short) && (long[short.length] === '.' || long[short.length] === '[');
}

export interface PathListeners {
  add(path: string, listener: Listener): () => void;
  /** Wakes the listeners a change at each of `paths` concerns ('' wakes all). */
  notify(paths: readonly string[]): void;
}

export function createPathListeners(): PathListeners {
  const byTopKey = new Map<string, Map<Listener, string>>();
  const bucket = (key: string) => {
    let found = byTopKey.get(key);
    if (!found) byTopKey.set(key, (found = new Map()));
    return found;
  };
  return {
    add(path, listener) {
      const own = bucket(topKeyOf(path));
      own.set(listener, path);
      return () => own.delete(listener);
    },
    notify(paths) {
      const woken = new Set<Listener>();
      for (const changed of paths) {
        const keys = changed === '' ? [...byTopKey.keys()] : ['', topKeyOf(changed)];
        for (const key of keys) {
          for (const [listener, watched] of byTopKey.get(key) ?? []) if (isPathRelated(watched, changed)) woken.add(listener);
        }
      }
      for (const listener of woken) listener();
    },
  };
}
