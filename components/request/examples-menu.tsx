'use client';
// "Start from an example": the built-in examples as buttons; choosing one starts a new request from it (a webhook capture is made for the background one).
import { useState } from 'react';
import { Spinner } from '@/components/ui/icons';
import type { JsonObject } from './body-path';
import { BUILT_IN_EXAMPLES, type BuiltInExample } from './examples';
import { createWebhookCapture } from './webhook-capture';

/** The examples' bodies and the tool templates they use: loaded when one is chosen (prefetched when the list is pointed at or focused). */
const loadBodies = () => Promise.all([import('./example-bodies'), import('./tool-templates')]);
const preloadBodies = () => void loadBodies().catch(() => undefined);

export function ExampleList({ onChoose, headingId }: { onChoose: (body: JsonObject, example: BuiltInExample) => void; headingId?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (example: BuiltInExample) => {
    setError(null);
    setBusy(example.id);
    try {
      const [capture, [{ EXAMPLE_BODIES }, tools]] = await Promise.all([example.needsCapture ? createWebhookCapture() : null, loadBodies()]);
      onChoose(EXAMPLE_BODIES[example.id](capture, tools), example);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <ul aria-labelledby={headingId} className="grid min-w-0 gap-2 sm:grid-cols-2" data-testid="example-list" onPointerEnter={preloadBodies} onFocus={preloadBodies}>
        {BUILT_IN_EXAMPLES.map((example) => (
          <li key={example.id} className="min-w-0">
            <button
              type="button"
              className="flex h-full w-full min-w-0 flex-col items-start gap-0.5 rounded-md border border-line-strong bg-surface px-3 py-2 text-left text-sm hover:bg-sunken disabled:opacity-55"
              data-testid={`example-${example.id}`}
              disabled={busy !== null}
              aria-busy={busy === example.id || undefined}
              onClick={() => void choose(example)}
            >
              <span className="flex items-center gap-1.5 font-semibold text-fg">
                {busy === example.id ? <Spinner /> : null}
                {example.title}
              </span>
              <span className="text-xs text-fg-muted">{example.description}</span>
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
