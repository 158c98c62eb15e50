'use client';
// Continues the thread with a user message, and re-attaches to a background response by id.
import { useId, useState } from 'react';
import type { ResponseRun } from './use-response-run';

export function FollowUpBox({ run }: { run: ResponseRun }) {
  const [message, setMessage] = useState('');
  const fieldId = useId();
  const submit = () => {
    if (!message.trim() || run.isRunning) return;
    void run.reply([{ type: 'message', role: 'user', content: message }]);
    setMessage('');
  };
  return (
    <form
      data-testid="follow-up"
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium">
        Follow-up message (input, chained with previous_response_id)
      </label>
      <textarea
        id={fieldId}
        data-testid="follow-up-input"
        value={message}
        rows={2}
        onChange={(event) => setMessage(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        className="w-full rounded border border-zinc-300 bg-white p-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button type="submit" data-testid="follow-up-send" disabled={run.isRunning || !message.trim()} className="rounded bg-sky-700 px-3 py-1 text-sm text-white disabled:opacity-50">
        Send follow-up
      </button>
    </form>
  );
}

export function ResumeByIdForm({ run }: { run: ResponseRun }) {
  const [responseId, setResponseId] = useState('');
  const fieldId = useId();
  return (
    <form
      data-testid="resume-by-id"
      className="flex flex-wrap items-end gap-2 text-xs"
      onSubmit={(event) => {
        event.preventDefault();
        if (responseId.trim()) void run.resume(responseId.trim());
      }}
    >
      <div>
        <label htmlFor={fieldId} className="block font-medium">
          Background response id to re-stream
        </label>
        <input id={fieldId} data-testid="resume-id" value={responseId} onChange={(event) => setResponseId(event.target.value)} placeholder="resp_…" className="rounded border border-zinc-300 bg-white p-1 font-mono dark:border-zinc-700 dark:bg-zinc-950" />
      </div>
      <button type="submit" disabled={run.isRunning || !responseId.trim()} className="rounded border border-zinc-300 px-2 py-1 disabled:opacity-50 dark:border-zinc-700">
        Resume stream
      </button>
      <button type="button" disabled={run.isRunning || !responseId.trim()} onClick={() => void run.load(responseId.trim())} className="rounded border border-zinc-300 px-2 py-1 disabled:opacity-50 dark:border-zinc-700">
        Open
      </button>
    </form>
  );
}
