'use client';
// Lets a user keep their own gateway key in this browser when the server allows it (ALLOW_BROWSER_KEYS).
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '@/lib/http/query-keys';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/progress';
import { BROWSER_KEY_HEADER, getBrowserKey, maskKey, setBrowserKey, subscribeBrowserKey } from './browser-key';

export function BrowserKeyForm() {
  const session = useQuery(sessionQuery);
  const storedKey = useSyncExternalStore(subscribeBrowserKey, getBrowserKey, () => null);
  const [draft, setDraft] = useState('');

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setBrowserKey(draft.trim());
    setDraft('');
  };

  return (
    <Card title="Your own gateway key" testId="browser-key-section" className="mt-6 max-w-3xl">
      {session.isPending ? <Skeleton lines={2} label="Checking whether this playground accepts browser keys…" /> : null}
      {session.data && !session.data.allow_browser_keys ? (
        <p className="text-sm text-fg-muted" data-testid="browser-key-disabled">
          This playground uses its server-side key; browser keys are turned off (ALLOW_BROWSER_KEYS).
        </p>
      ) : null}
      {session.data?.allow_browser_keys ? (
        <form onSubmit={save} className="flex flex-col gap-3 text-sm" data-testid="browser-key-form" aria-label="Your own gateway key">
          <p className="text-fg-muted">
            Optional. The key stays in this browser&apos;s local storage and is sent only to this playground&apos;s own proxy (header {BROWSER_KEY_HEADER}),
            which uses it instead of the server key when calling the gateway. Clear it when you are done on a shared computer.
          </p>
          <p data-testid="browser-key-status">{storedKey ? `Using your key ${maskKey(storedKey)}.` : 'No key stored: the server key is used.'}</p>
          <Field label="Gateway API key" apiName="Authorization: Bearer" id="browser-key-input">
            <TextInput type="password" autoComplete="off" value={draft} onChange={(event) => setDraft(event.target.value)} data-testid="browser-key-input" />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" data-testid="browser-key-save">
              Keep in this browser
            </Button>
            <Button data-testid="browser-key-clear" disabled={!storedKey} onClick={() => setBrowserKey(null)}>
              Clear
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
