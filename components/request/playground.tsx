'use client';
// The playground: the conversation in the centre with the composer pinned under it, every other field and tool in a side
// panel that can be hidden; chips above the composer name what changes the meaning of the next request.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getBrowserKeyHeaders } from '@/components/settings/browser-key';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { PresentationToggle, usePresentation } from '@/components/transcript/presentation';
import { preloadProxyThread } from '@/components/transcript/lazy-thread';
import { useRun } from '@/components/transcript/use-run';
import type { JsonObject } from './body-path';
import { CompareButton } from './compare-button';
import { Composer } from './composer';
import { ContextChips, shortId, type ThreadPosition } from './context-chips';
import { DraftProvider } from './draft-context';
import { loadDraftChecker, peekDraftChecker } from './draft-form';
import { ExampleList } from './examples-menu';
import { CodeExport, EventsPanel, HistoryPanel, ImportPanel, IssuesPreview, JsonPanel, KeepRecording, PendingReview, preloadTranscript, PresetsPanel, RunToolbar, ShareLink, ThreadCutNotice, TurnList } from './playground-parts';
import type { PendingReplacement } from './replace-confirm';
import { buildDraftHeaders, createDefaultDraft } from './request-draft';
import { RequestPanel, type PanelTab } from './request-panel';
import { usePageLinks } from './use-page-links';
import { useRequestDraft } from './use-request-draft';
import { isEditable, useFollowStream } from './use-follow-stream';
import { useOpenThread } from './use-open-thread';
import { usePanelOpen } from './use-panel-open';

export function Playground() {
  const store = useRequestDraft();
  const run = useRun();
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingReplacement | null>(null);
  const [isPanelOpen, setPanelOpen] = usePanelOpen();
  // Presentation view shows the side panel (settings, raw events) only when asked, without changing the remembered choice.
  const { isPresenting } = usePresentation();
  const [isPanelAsked, setPanelAsked] = useState(false);
  const isPanelShown = isPresenting ? isPanelAsked : isPanelOpen;
  const [tab, setTab] = useState<PanelTab>('settings');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [threadNotice, setThreadNotice] = useState<string | null>(null);

  const headers = useCallback(() => ({ ...buildDraftHeaders(store.getState().draft), ...getBrowserKeyHeaders() }), [store]);
  const focusEmptyComposer = useCallback(() => {
    if (typeof store.getState().draft.body.input === 'string') store.setField('input', '');
    inputRef.current?.focus();
  }, [store]);
  const thread = useOpenThread({
    run,
    headers,
    onOpened: (isContinue) => (isContinue ? focusEmptyComposer() : inputRef.current?.focus()),
    onActAs: (user) => store.setOnBehalfOf(user),
  });
  const { head } = thread;
  const branchTurn = thread.position.branch?.turn ?? null;
  const branchOf = thread.position.branch?.of ?? null;
  const position: ThreadPosition = useMemo(
    () => ({ continuesFrom: head, branch: branchTurn !== null && branchOf !== null ? { turn: branchTurn, of: branchOf } : null }),
    [head, branchTurn, branchOf],
  );
  // The page re-renders every frame while a turn streams; what send needs is read from here when it runs, so the
  // composer, the chips and the side panel (props unchanged) skip those renders.
  const latest = useRef({ run, head, thread });
  useLayoutEffect(() => {
    latest.current = { run, head, thread };
  });

  // Reads the store at the moment of sending: the page itself does not re-render on every keystroke. Before the draft
  // checker has loaded (a first send straight after the page opened), the send waits for it: nothing goes out unchecked.
  const isWaitingForCheck = useRef(false);
  const send = useCallback(() => {
    const sendChecked = () => {
      const { run, head, thread } = latest.current;
      const issues = store.getIssues();
      if (issues.length) {
        setNotice(`Not sent: fix the ${issues.length} problem${issues.length === 1 ? '' : 's'} marked at the fields first.`);
        return;
      }
      setNotice(null);
      preloadTranscript();
      const { body } = store.getState().draft;
      const continues = head && body.previous_response_id === undefined && body.conversation === undefined;
      const sent: JsonObject = continues ? { ...body, previous_response_id: head } : body;
      // A previous_response_id typed into the form is used once: the thread carries the chain from here on.
      if (body.previous_response_id !== undefined) store.setField('previous_response_id', undefined);
      if (typeof body.input === 'string') store.setField('input', '');
      thread.endBranch();
      setThreadNotice(null);
      void run.send({ body: sent, headers: headers() });
    };
    if (peekDraftChecker()) return sendChecked();
    if (isWaitingForCheck.current) return;
    isWaitingForCheck.current = true;
    void store.checkIssues().then(
      () => {
        isWaitingForCheck.current = false;
        sendChecked();
      },
      () => {
        isWaitingForCheck.current = false;
        setNotice('Not sent: the request checker could not load. Check the connection and send again.');
      },
    );
  }, [store, headers]);

  const branchFrom = useCallback((at: number) => void thread.branchFrom(at).then(focusEmptyComposer), [thread, focusEmptyComposer]);

  const openSettings = useCallback(
    (target: string) => {
      setPanelOpen(true);
      setTab('settings');
      requestAnimationFrame(() => {
        const element = document.querySelector<HTMLElement>(target === 'issues' ? '[data-testid="issue-summary"]' : `[data-testid="${target}"]`);
        if (element instanceof HTMLDetailsElement) element.open = true;
        element?.scrollIntoView({ block: 'start' });
        if (element instanceof HTMLInputElement) element.focus();
        else element?.querySelector<HTMLElement>('summary, button, input, select, textarea')?.focus();
      });
    },
    [setPanelOpen],
  );

  const newRequest = useCallback(
    (body?: JsonObject) => {
      thread.close();
      store.replaceDraft(body ? { body, onBehalfOf: '' } : createDefaultDraft());
      setNotice(null);
      setThreadNotice(null);
      setPending(null);
      inputRef.current?.focus();
    },
    [store, thread],
  );

  /** An import replaces the whole request: an open thread (or one still opening) is closed, not continued by it. */
  const hasThread = thread.isOpen;
  const propose = useCallback(
    (next: PendingReplacement) => {
      if (!next.closesThread || !hasThread) return setPending(next);
      setPending({ ...next, notes: [...next.notes, `The open thread${head ? ` (continuing ${shortId(head)})` : ''} is closed: this request starts a new one.`] });
    },
    [head, hasThread],
  );
  const confirmPending = useCallback(
    (accepted: PendingReplacement) => {
      if (accepted.closesThread && hasThread) {
        const closed = head ?? run.turns.at(-1)?.transcript.response?.id;
        thread.close();
        setThreadNotice(`Imported request: the open thread${typeof closed === 'string' ? ` ${shortId(closed)}` : ''} was closed, so the next send starts a new one.`);
      }
      store.replaceDraft(accepted.next);
      setPending(null);
    },
    [head, hasThread, run, store, thread],
  );

  // A thread being opened (a ?response= link) will show turns: their views load beside its first fetch.
  const isThreadOpening = thread.isOpening;
  useEffect(() => {
    if (isThreadOpening) preloadTranscript();
  }, [isThreadOpening]);

  usePageLinks({ store, propose });
  const follow = useFollowStream(run);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A control that handles a shortcut itself marks it handled: never act twice.
      if (event.defaultPrevented) return;
      if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target)) {
        event.preventDefault();
        openSettings('field-search');
      } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send();
      } else if (event.key === 'Escape' && run.isRunning) {
        event.preventDefault();
        run.stop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, run, openSettings]);

  // The first focus or press in the playground starts loading what an edit and a send need (the checker, with typing
  // without React's dispatch; the run machine): neither loads with the page, and by the time the user sends, both are there.
  const warmUp = useCallback(() => {
    void loadDraftChecker().catch(() => undefined);
    void preloadProxyThread().catch(() => undefined);
  }, []);

  const sendHint = head ? (isPresenting ? 'continues this conversation' : `continues ${shortId(head)}`) : 'starts a new thread';
  const issuesPreview = useMemo(() => <IssuesPreview />, []);
  // Only the Events tab follows the run; with any other tab shown the panel's props stay the same while a turn streams.
  const eventsRun = tab === 'events' ? run : null;
  const panels = useMemo(
    () => ({
      json: () => <JsonPanel />,
      code: () => <CodeExport />,
      import: () => <ImportPanel onPropose={propose} />,
      history: () => <HistoryPanel onPropose={setPending} />,
      presets: () => <PresetsPanel onPropose={setPending} />,
      share: () => <ShareLink />,
      events: () => (eventsRun ? <EventsPanel run={eventsRun} /> : null),
    }),
    [propose, eventsRun],
  );
  return (
    <DraftProvider store={store}>
      <div className={cx('grid min-w-0 grid-cols-1 gap-4', isPanelShown && 'xl:grid-cols-[minmax(0,1fr)_minmax(24rem,30rem)]')} data-testid="request-builder" onFocus={warmUp} onPointerDown={warmUp}>
        <section aria-labelledby="conversation-heading" className="flex min-w-0 flex-col gap-3" data-testid="conversation">
          {/* Paint groups (isolate): typing in the composer does not repaint these (text-boundary.ts). */}
          <div className="isolate flex min-w-0 flex-wrap items-center justify-between gap-2">
            <h2 id="conversation-heading" className="text-base font-semibold text-fg">
              Conversation
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" variant="secondary" data-testid="new-request" onClick={() => newRequest()}>
                New request
              </Button>
              <CompareButton />
              <Button size="sm" variant="secondary" aria-expanded={isPanelShown} aria-controls="request-panel" data-testid="toggle-panel" onClick={() => (isPresenting ? setPanelAsked(!isPanelAsked) : setPanelOpen(!isPanelOpen))}>
                {isPanelShown ? 'Hide settings' : 'Settings'}
              </Button>
              <PresentationToggle />
            </div>
          </div>
          {run.turns.length > 0 ? <RunToolbar run={run} actions={<KeepRecording turn={run.turns.at(-1)} />} /> : null}
          <p role="status" aria-live="polite" data-testid="run-announcer" className="sr-only">
            {run.announcement}
          </p>
          {pending ? <PendingReview pending={pending} onConfirm={() => confirmPending(pending)} onCancel={() => setPending(null)} /> : null}
          {threadNotice && run.turns.length === 0 ? (
            <p role="status" className="rounded-md border border-line bg-sunken p-2 text-sm text-fg" data-testid="thread-notice">
              {threadNotice}
            </p>
          ) : null}
          {thread.cut && run.turns.length > 0 && !thread.isOpening ? <ThreadCutNotice cut={thread.cut} /> : null}
          {thread.isOpening ? (
            <p role="status" className="text-sm text-fg-muted" data-testid="thread-opening">
              Opening the thread…
            </p>
          ) : null}
          {run.turns.length === 0 && !thread.isOpening ? (
            <div className="isolate flex min-w-0 flex-col gap-2 rounded-lg border border-dashed border-line p-3" data-testid="empty-thread">
              <h3 id="examples-heading" className="text-sm font-semibold text-fg">
                Start from an example
              </h3>
              <p className="text-sm text-fg-muted">Type below and press Ctrl+Enter, or pick a ready request: each one works against the local gateway.</p>
              <ExampleList headingId="examples-heading" onChoose={(body) => newRequest(body)} />
            </div>
          ) : (
            <TurnList run={run} turnActions={(turn, at) => (isPresenting || thread.isOpening || run.isRunning || at === run.turns.length - 1 || !turn.transcript.response?.id ? null : (
              <div className="flex justify-end">
                <Button size="sm" variant="ghost" data-testid={`branch-from-turn-${at + 1}`} onClick={() => branchFrom(at)}>
                  Branch from turn {at + 1}
                </Button>
              </div>
            ))} />
          )}
          {/* Opaque, not a blurred translucent backdrop: the blur was repainted with every keystroke in the composer. */}
          <div className="sticky bottom-0 z-10 -mx-1 mt-auto flex min-w-0 flex-col gap-2 bg-canvas px-1 pt-1 pb-2">
            {!follow.isFollowing && run.turns.length > 0 ? (
              <Button size="sm" variant="secondary" className="self-center" data-testid="jump-to-latest" onClick={follow.jumpToLatest}>
                {run.isRunning ? 'Following paused: jump to latest' : 'Jump to latest'}
              </Button>
            ) : null}
            {isPresenting ? null : <ContextChips position={position} onLeaveThread={thread.close} onLeaveBranch={thread.leaveBranch} />}
            <Composer onSend={send} onStop={run.stop} isRunning={run.isRunning} onOpenSettings={openSettings} notice={notice} inputRef={inputRef} sendHint={sendHint} />
          </div>
        </section>
        <aside id="request-panel" aria-labelledby="request-panel-heading" hidden={!isPanelShown} className="min-w-0 xl:sticky xl:top-2 xl:max-h-[calc(100dvh-1rem)] xl:self-start xl:overflow-auto" data-testid="request-panel">
          <h2 id="request-panel-heading" className="sr-only">
            Request settings and tools
          </h2>
          <RequestPanel tab={tab} onTabChange={setTab} issues={issuesPreview} panels={panels} />
        </aside>
      </div>
    </DraftProvider>
  );
}
