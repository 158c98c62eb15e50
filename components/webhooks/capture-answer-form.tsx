'use client';
// Scripts a capture's answer (status code, delay) to exercise a gateway's retries.
import { useState, type FormEvent } from 'react';
import type { CaptureView } from '@/lib/webhooks/captures';
import { captureAnswerSchema } from '@/lib/webhooks/schemas';
import { useSetCaptureAnswer } from './use-captures';

export function CaptureAnswerForm({ capture }: { capture: CaptureView }) {
  const [status, setStatus] = useState(capture.answerStatus?.toString() ?? '');
  const [delay, setDelay] = useState(capture.answerDelayMs?.toString() ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const setAnswer = useSetCaptureAnswer(capture.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = captureAnswerSchema.safeParse({
      answerStatus: status.trim() === '' ? null : Number(status),
      answerDelayMs: delay.trim() === '' ? null : Number(delay),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${issue?.path.join('.')} ${issue?.message}`);
      return;
    }
    setProblem(null);
    setAnswer.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="capture-answer-form">
      <label className="flex flex-col text-xs">
        answerStatus (empty: 200 when valid, 401 when not)
        <input className="w-40 rounded border px-2 py-1 text-sm" inputMode="numeric" value={status} onChange={(event) => setStatus(event.target.value)} data-testid="capture-answer-status" />
      </label>
      <label className="flex flex-col text-xs">
        answerDelayMs
        <input className="w-28 rounded border px-2 py-1 text-sm" inputMode="numeric" value={delay} onChange={(event) => setDelay(event.target.value)} data-testid="capture-answer-delay" />
      </label>
      <button type="submit" className="rounded border px-2 py-1 text-xs" disabled={setAnswer.isPending} data-testid="capture-answer-save">
        Save answer
      </button>
      {setAnswer.isSuccess ? <span className="text-xs text-emerald-700">Saved.</span> : null}
      {problem || setAnswer.error ? (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {problem ?? setAnswer.error?.message}
        </p>
      ) : null}
    </form>
  );
}
