// This process's signal that a job was created or its status moved: wakes its job refresher without a round trip through the database.

type ChangeListener = () => void;

// globalThis: route bundles and instrumentation may each load their own copy of this module.
const holder = globalThis as typeof globalThis & { __playgroundJobChanges?: Set<ChangeListener> };

function listeners(): Set<ChangeListener> {
  holder.__playgroundJobChanges ??= new Set();
  return holder.__playgroundJobChanges;
}

export function signalJobChange(): void {
  for (const listener of listeners()) listener();
}

/** Calls `listener` after each job change made in this process, until the returned function is called. */
export function subscribeJobChanges(listener: ChangeListener): () => void {
  listeners().add(listener);
  return () => {
    listeners().delete(listener);
  };
}
