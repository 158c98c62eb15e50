'use client';
// Lets a user keep their own gateway key in this browser when the server allows it (ALLOW_BROWSER_KEYS).
import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { BROWSER_KEY_HEADER, getBrowserKey, maskKey, setBrowserKey, subscribeBrowserKey } from './browser-key';

interface SessionInfo {
  allow_browser_keys: boolean;
}

export function BrowserKeyForm() {
  const session = useQuery({
    queryKey: ['session'],
    queryFn: async (): Promise<SessionInfo> => (await (await fetch('/api/session')).json()) as SessionInfo,
  });
  const storedKey = useSyncExternalStore(subscribeBrowserKey, getBrowserKey, () => null);
  const [draft, setDraft] = useState('');

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setBrowserKey(draft.trim());
    setDraft('');
  };

  return (
    <section className="mt-6 max-w-xl" data-testid="browser-key-section" aria-labelledby="browser-key-title">
      <h2 id="browser-key-title" className="text-lg font-semibold">
        Your own gateway key
      </h2>
      {session.isPending ? <p className="text-sm text-zinc-500">Checking whether this playground accepts browser keys…</p> : null}
      {session.data && !session.data.allow_browser_keys ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="browser-key-disabled">
          This playground uses its server-side key; browser keys are turned off (ALLOW_BROWSER_KEYS).
        </p>
      ) : null}
      {session.data?.allow_browser_keys ? (
        <form onSubmit={save} className="flex flex-col gap-2 text-sm" data-testid="browser-key-form">
          <p className="text-zinc-600 dark:text-zinc-400">
            Optional. The key stays in this browser&apos;s local storage and is sent only to this playground&apos;s own proxy (header {BROWSER_KEY_HEADER}),
            which uses it instead of the server key when calling the gateway. Clear it when you are done on a shared computer.
          </p>
          <p data-testid="browser-key-status">{storedKey ? `Using your key ${maskKey(storedKey)}.` : 'No key stored: the server key is used.'}</p>
          <label htmlFor="browser-key-input" className="font-medium">
            Gateway API key (Authorization bearer)
          </label>
          <input
            id="browser-key-input"
            type="password"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="browser-key-input"
            className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex gap-2">
            <button type="submit" data-testid="browser-key-save" className="rounded bg-zinc-900 px-3 py-1 text-white dark:bg-zinc-100 dark:text-zinc-900">
              Keep in this browser
            </button>
            <button
              type="button"
              data-testid="browser-key-clear"
              disabled={!storedKey}
              onClick={() => setBrowserKey(null)}
              className="rounded border border-zinc-300 px-3 py-1 disabled:opacity-50 dark:border-zinc-700"
            >
              Clear
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
