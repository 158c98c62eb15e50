'use client';
// The playground: the request form beside its JSON, headers and tools (code, import, history, presets, share), the send bar, and the transcript.
import { useCallback, useEffect, useState } from 'react';
import { getBrowserKey, getBrowserKeyHeaders } from '@/components/settings/browser-key';
import { useResponseRun } from '@/components/transcript/use-response-run';
import { CodeExport } from './code-export';
import { DraftProvider, useDraft, useIssues } from './draft-context';
import type { DraftStore } from './draft-store';
import { HistoryPanel } from './history-panel';
import { ImportPanel } from './import-panel';
import { IssueSummary } from './issue-summary';
import { JsonBodyEditor } from './json-body-editor';
import { PresetsPanel } from './presets-panel';
import { ReplaceConfirm, type PendingReplacement } from './replace-confirm';
import { RequestForm } from './request-form';
import { RequestHeaders } from './request-headers';
import { buildDraftHeaders } from './request-draft';
import { RunSection } from './run-section';
import { ShareLink } from './share-link';
import { SidePanel } from './side-panel';
import { usePageLinks } from './use-page-links';
import { useRequestDraft } from './use-request-draft';

export function Playground() {
  const store = useRequestDraft();
  const run = useResponseRun();
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingReplacement | null>(null);

  // Reads the store at the moment of sending: the page itself does not re-render on every keystroke.
  const send = useCallback(() => {
    const issues = store.getIssues();
    if (issues.length) {
      setNotice(`Not sent: fix the ${issues.length} problem${issues.length === 1 ? '' : 's'} marked at the fields first.`);
      return;
    }
    setNotice(null);
    const { draft } = store.getState();
    void run.send({ body: draft.body, headers: { ...buildDraftHeaders(draft), ...getBrowserKeyHeaders() } });
  }, [store, run]);

  usePageLinks({
    store,
    loadResponse: (responseId) => void run.load(responseId, { ...buildDraftHeaders(store.getState().draft), ...getBrowserKeyHeaders() }),
    propose: setPending,
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A composer of its own (the follow-up box) handles its shortcut and marks it handled: never send this form too.
      if (event.defaultPrevented) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send();
      } else if (event.key === 'Escape' && run.isRunning) {
        event.preventDefault();
        run.stop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, run]);

  return (
    <DraftProvider store={store}>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="request-builder">
        <RequestForm />
        <div className="flex flex-col gap-3 xl:sticky xl:top-2 xl:max-h-[calc(100vh-1rem)] xl:self-start xl:overflow-auto">
          {pending ? <PendingReview store={store} pending={pending} onDone={() => setPending(null)} /> : null}
          <SidePanel
            panels={{
              json: () => <JsonPanel />,
              code: () => <CodeExport />,
              import: () => <ImportPanel onPropose={setPending} />,
              history: () => <HistoryPanel onPropose={setPending} />,
              presets: () => <PresetsPanel onPropose={setPending} />,
              share: () => <ShareLink />,
            }}
          />
          <HeadersPreview />
          <IssuesPreview />
          <div className="flex items-center gap-2">
            <SendButton onSend={send} />
            <button type="button" className="rounded border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-50 dark:border-zinc-700" data-testid="stop-request" disabled={!run.isRunning} onClick={() => run.stop()}>
              Stop (Esc)
            </button>
          </div>
          {notice ? <p role="status" className="text-xs text-red-700 dark:text-red-400" data-testid="send-notice">{notice}</p> : null}
        </div>
      </div>
      <RunSection run={run} />
    </DraftProvider>
  );
}

function PendingReview({ store, pending, onDone }: { store: DraftStore; pending: PendingReplacement; onDone: () => void }) {
  const { draft } = useDraft();
  return (
    <ReplaceConfirm
      current={draft}
      pending={pending}
      onCancel={onDone}
      onConfirm={() => {
        store.replaceDraft(pending.next);
        onDone();
      }}
    />
  );
}

function JsonPanel() {
  const { draft, setBody } = useDraft();
  return <JsonBodyEditor body={draft.body} onChange={setBody} />;
}

function HeadersPreview() {
  const { draft } = useDraft();
  return <RequestHeaders headers={buildDraftHeaders(draft)} hasBrowserKey={Boolean(getBrowserKey())} />;
}

function IssuesPreview() {
  return <IssueSummary issues={useIssues()} />;
}

function SendButton({ onSend }: { onSend: () => void }) {
  const issues = useIssues();
  return (
    <button type="button" className="rounded bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white aria-disabled:opacity-50" data-testid="send-request" aria-disabled={issues.length > 0} onClick={onSend}>
      Send (Ctrl+Enter)
    </button>
  );
}
