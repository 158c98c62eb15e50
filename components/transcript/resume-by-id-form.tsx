'use client';
// Re-attaches to a background response by id (re-stream from the start), or opens a stored one.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import type { ResponseRun } from './use-run';

export function ResumeByIdForm({ run }: { run: ResponseRun }) {
  const [responseId, setResponseId] = useState('');
  const id = responseId.trim();
  return (
    <form
      data-testid="resume-by-id"
      className="flex min-w-0 flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (id) void run.resume(id);
      }}
    >
      <Field label="Background response id to re-stream" className="min-w-48 grow">
        <TextInput data-testid="resume-id" isMono value={responseId} onChange={(event) => setResponseId(event.target.value)} placeholder="resp_…" />
      </Field>
      <Button type="submit" size="md" disabled={run.isRunning || !id}>
        Resume stream
      </Button>
      <Button size="md" disabled={run.isRunning || !id} onClick={() => void run.load(id)}>
        Open
      </Button>
    </form>
  );
}
