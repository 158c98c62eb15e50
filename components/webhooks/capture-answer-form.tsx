'use client';
// Scripts a capture's answer (status code, delay) to exercise a gateway's retries.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import type { CaptureReply } from '@/lib/webhooks/captures';
import { useSetCaptureAnswer } from './use-captures';

type Problems = Partial<Record<'status' | 'delay', string>>;

/** The schema's field names, in the words the form shows. */
const FIELD_OF_PATH: Record<string, keyof Problems> = { answer_status: 'status', answer_delay_ms: 'delay' };

export function CaptureAnswerForm({ capture }: { capture: CaptureReply }) {
  const [status, setStatus] = useState(capture.answer_status?.toString() ?? '');
  const [delay, setDelay] = useState(capture.answer_delay_ms?.toString() ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const setAnswer = useSetCaptureAnswer(capture.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The routes' schema (and zod) loads with the first save, not with the jobs page.
    let captureAnswerSchema: typeof import('@/lib/webhooks/schemas').captureAnswerSchema;
    try {
      ({ captureAnswerSchema } = await import('@/lib/webhooks/schemas'));
    } catch {
      setProblems({ status: 'The form check could not load: check the connection and save again.' });
      return;
    }
    const parsed = captureAnswerSchema.safeParse({
      answer_status: status.trim() === '' ? null : Number(status),
      answer_delay_ms: delay.trim() === '' ? null : Number(delay),
    });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_PATH[String(issue.path[0])];
        if (field) found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    setAnswer.mutate(parsed.data);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-wrap items-start gap-3" data-testid="capture-answer-form" aria-label="Scripted answer" noValidate>
      <Field label="Answer with status" hint="Empty: 200 when the signature is valid, 401 when not." error={problems.status} className="w-full sm:w-56">
        <TextInput inputMode="numeric" value={status} onChange={(event) => setStatus(event.target.value)} data-testid="capture-answer-status" />
      </Field>
      <Field label="Delay before answering (ms)" hint="Empty: answer at once." error={problems.delay} className="w-full sm:w-48">
        <TextInput inputMode="numeric" value={delay} onChange={(event) => setDelay(event.target.value)} data-testid="capture-answer-delay" />
      </Field>
      <div className="flex items-center gap-2 sm:mt-6">
        <Button type="submit" isLoading={setAnswer.isPending} data-testid="capture-answer-save">
          Save answer
        </Button>
        {setAnswer.isSuccess ? (
          <span role="status" className="text-sm text-success">
            Saved.
          </span>
        ) : null}
      </div>
      {setAnswer.error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {setAnswer.error.message}
        </p>
      ) : null}
    </form>
  );
}
