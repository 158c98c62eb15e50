'use client';
// The playground: the request form beside its JSON, headers and tools (code, import, history, presets), the send bar, and the transcript.
import { useCallback, useEffect, useState } from 'react';
import { DraftProvider } from './draft-context';
import { IssueSummary } from './issue-summary';
import { JsonBodyEditor } from './json-body-editor';
import { RequestForm } from './request-form';
import { RequestHeaders } from './request-headers';
import { buildDraftHeaders } from './request-draft';
import { useRequestDraft } from './use-request-draft';

export function Playground() {
  const api = useRequestDraft();
  const { draft, issues, setBody } = api;
  const headers = buildDraftHeaders(draft);
  const [notice, setNotice] = useState<string | null>(null);

  const send = useCallback(() => {
    if (issues.length) {
      setNotice(`Not sent: fix the ${issues.length} problem${issues.length === 1 ? '' : 's'} marked at the fields first.`);
      return;
    }
    setNotice('The transcript panel is not available yet.');
  }, [issues]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send]);

  return (
    <DraftProvider value={api}>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="request-builder">
        <RequestForm />
        <div className="flex flex-col gap-3 xl:sticky xl:top-2 xl:self-start">
          <JsonBodyEditor body={draft.body} onChange={setBody} />
          <RequestHeaders headers={headers} hasBrowserKey={false} />
          <IssueSummary issues={issues} />
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="rounded bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
              data-testid="send-request"
              aria-disabled={issues.length > 0}
              onClick={send}
            >
              Send (Ctrl+Enter)
            </button>
          </div>
          {notice ? <p role="status" className="text-xs" data-testid="send-notice">{notice}</p> : null}
        </div>
      </div>
    </DraftProvider>
  );
}
