'use client';
// A link that opens this request in another browser: the body in the URL hash, without credentials or any header.
import { useState } from 'react';
import { encodeShareHash } from '@/lib/request-import/share-link';
import { useDraft } from './draft-context';

export function ShareLink() {
  const { draft } = useDraft();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/${encodeShareHash(draft.body)}`;
  return (
    <div className="flex flex-col gap-2" data-testid="share-panel">
      <p className="text-xs text-fg-muted">Anyone opening this link sees the request in their form (after confirming the changes). Credentials (webhook_secret, MCP authorization and headers) and X-On-Behalf-Of are left out.</p>
      <input readOnly aria-label="share link" value={link} className="w-full rounded border border-line-strong px-2 py-1 font-mono text-xs" data-testid="share-link" />
      <button
        type="button"
        className="self-start rounded border border-line-strong px-2 py-1 text-xs"
        data-testid="share-copy"
        onClick={async () => {
          await navigator.clipboard.writeText(link);
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </div>
  );
}
