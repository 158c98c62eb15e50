'use client';
// The playground's side-panel and notice parts: lazily loaded panels (JSON editor, event log, code export, import,
// history, presets, share link) and the transcript, the issue list, the replacement review and the notice of a thread opened from its newest turns.
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { getBrowserKey } from '@/components/settings/browser-key';
import { useDraft, useIssues } from './draft-context';
import { IssueSummary } from './issue-summary';
import type { PendingReplacement } from './replace-confirm';
import { buildDraftHeaders } from './request-draft';
import { MAX_OPENED_TURNS } from './thread-url';
import type { ThreadCut } from './use-open-thread';

/** The event log (virtualized list) loads when the Events tab is first opened. */
export const EventsPanel = dynamic(() => import('@/components/transcript/events-panel').then((module) => module.EventsPanel), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted">
      Loading the event log…
    </p>
  ),
});

function LoadingPanel() {
  return (
    <p role="status" className="text-sm text-fg-muted">
      Loading…
    </p>
  );
}

// The side panel's other tabs render only while chosen: each loads with its first opening (code generators, the curl
// parser, the history and presets lists, the share link), not with the page.
export const CodeExport = dynamic(() => import('./code-export').then((module) => module.CodeExport), { ssr: false, loading: LoadingPanel });
export const ImportPanel = dynamic(() => import('./import-panel').then((module) => module.ImportPanel), { ssr: false, loading: LoadingPanel });
export const HistoryPanel = dynamic(() => import('./history-panel').then((module) => module.HistoryPanel), { ssr: false, loading: LoadingPanel });
export const PresetsPanel = dynamic(() => import('./presets-panel').then((module) => module.PresetsPanel), { ssr: false, loading: LoadingPanel });
export const ShareLink = dynamic(() => import('./share-link').then((module) => module.ShareLink), { ssr: false, loading: LoadingPanel });

const loadRunPanel = () => import('@/components/transcript/run-panel');

/**
 * The transcript (turn views, item views, metrics, exports) loads with the first turn: a new visit shows examples and the
 * composer only. Sending starts the load beside the request, so the turn's views are there by its first event.
 */
export function preloadTranscript(): void {
  void loadRunPanel().catch(() => undefined);
}

export const TurnList = dynamic(() => loadRunPanel().then((module) => module.TurnList), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted" data-testid="transcript-loading">
      Loading the conversation…
    </p>
  ),
});
export const RunToolbar = dynamic(() => loadRunPanel().then((module) => module.RunToolbar), { ssr: false });
export const KeepRecording = dynamic(() => import('@/components/recordings/keep-recording').then((module) => module.KeepRecording), { ssr: false });

/** CodeMirror is most of the page's script: it loads when the JSON tab is first opened, not with the page. */
const JsonBodyEditor = dynamic(() => import('./json-body-editor').then((module) => module.JsonBodyEditor), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted" data-testid="json-editor-loading">
      Loading the JSON editor…
    </p>
  ),
});

/** The headers under the JSON editor, with the gateway's path (from the settings module, which carries zod): with the JSON tab. */
const RequestHeaders = dynamic(() => import('./request-headers').then((module) => module.RequestHeaders), { ssr: false });

/** Says the thread was opened from its newest turns, with the way to the older ones. */
export function ThreadCutNotice({ cut }: { cut: ThreadCut }) {
  return (
    <p role="note" className="rounded-md border border-line bg-sunken p-2 text-sm text-fg" data-testid="thread-cut">
      Showing the newest {MAX_OPENED_TURNS} turns of this thread: older turns are not shown.{' '}
      <Link href={`/?response=${encodeURIComponent(cut.olderFrom)}`} className="underline" data-testid="thread-cut-older">
        Open the turns before them
      </Link>{' '}
      or{' '}
      <Link href={`/chains?id=${encodeURIComponent(cut.leaf)}`} className="underline" data-testid="thread-cut-chains">
        see the whole chain, from the oldest turn, on /chains
      </Link>
      .
    </p>
  );
}

/** The review of a replacement (its field-by-field diff) loads when something proposes one: an import, a preset, a link. */
const ReplaceConfirm = dynamic(() => import('./replace-confirm').then((module) => module.ReplaceConfirm), { ssr: false, loading: LoadingPanel });

export function PendingReview({ pending, onConfirm, onCancel }: { pending: PendingReplacement; onConfirm: () => void; onCancel: () => void }) {
  const { draft } = useDraft();
  return <ReplaceConfirm current={draft} pending={pending} onCancel={onCancel} onConfirm={onConfirm} />;
}

export function JsonPanel() {
  const { draft, setBody } = useDraft();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <JsonBodyEditor body={draft.body} onChange={setBody} />
      <RequestHeaders headers={buildDraftHeaders(draft)} hasBrowserKey={Boolean(getBrowserKey())} />
    </div>
  );
}

export function IssuesPreview() {
  return <IssueSummary issues={useIssues()} />;
}
