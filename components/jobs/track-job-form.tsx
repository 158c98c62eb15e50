'use client';
// Track a response created elsewhere: paste its id (and the X-On-Behalf-Of user it belongs to); checked by the route's own zod schema.
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ErrorText } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import type { trackJobBodySchema, TrackJobBody } from '@/lib/jobs/schemas';
import { useTrackJob } from './use-jobs';

type TrackJobInput = z.input<typeof trackJobBodySchema>;
type Problems = Partial<Record<keyof TrackJobInput, string>>;
type CheckResult = { ok: true; body: TrackJobBody } | { ok: false; problems: Problems };

const FIELDS = ['response_id', 'on_behalf_of'] as const;

/** The route's schema, as the form reads it: each issue at its field (the first per field), or the body to send. */
function checkWith(schema: typeof trackJobBodySchema, values: TrackJobInput): CheckResult {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

/**
 * The route's schema (and zod) load with the first Track, not with the page: most visits never submit this form. After a
 * refused submit each change is checked again (the schema is loaded by then), so a fixed field clears its message.
 */
export function TrackJobForm({ onTracked }: { onTracked: (id: string) => void }) {
  const track = useTrackJob();
  const formRef = useRef<HTMLFormElement>(null);
  const schemaRef = useRef<typeof trackJobBodySchema | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [isChecking, setIsChecking] = useState(false);

  const readValues = (): TrackJobInput => {
    const data = new FormData(formRef.current ?? undefined);
    return { response_id: String(data.get('response_id') ?? ''), on_behalf_of: String(data.get('on_behalf_of') ?? '') };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schemaRef.current) {
      setIsChecking(true);
      try {
        schemaRef.current = (await import('@/lib/jobs/schemas')).trackJobBodySchema;
      } catch {
        setProblems({ response_id: 'The form check could not load: check the connection and press Track again.' });
        return;
      } finally {
        setIsChecking(false);
      }
    }
    const result = checkWith(schemaRef.current, readValues());
    if (!result.ok) {
      setProblems(result.problems);
      const first = FIELDS.find((name) => result.problems[name]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    track.mutate(result.body, { onSuccess: (detail) => onTracked(detail.job.id) });
  };

  const recheck = () => {
    if (!schemaRef.current || Object.keys(problems).length === 0) return;
    const result = checkWith(schemaRef.current, readValues());
    setProblems(result.ok ? {} : result.problems);
  };

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} onChange={recheck} className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" data-testid="track-job-form" noValidate aria-label="Track a response">
      <Field label="Response id" hint="A background response created elsewhere." error={problems.response_id} className="sm:col-span-2">
        <TextInput isMono name="response_id" defaultValue="" placeholder="resp_…" autoComplete="off" spellCheck={false} data-testid="track-response-id" />
      </Field>
      <Field label="Acting as user" apiName="X-On-Behalf-Of" hint="Only if it was created for one." error={problems.on_behalf_of}>
        <TextInput name="on_behalf_of" defaultValue="" autoComplete="off" data-testid="track-on-behalf-of" />
      </Field>
      <Button type="submit" variant="primary" className="sm:mt-6" isLoading={isChecking || track.isPending} loadingText="Fetching…" data-testid="track-submit">
        Track
      </Button>
      {track.error ? (
        <ErrorText className="sm:col-span-2" testId="track-error">
          {track.error.message}
        </ErrorText>
      ) : null}
    </form>
  );
}
