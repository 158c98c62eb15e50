'use client';
// "Acting as user (X-On-Behalf-Of)": the user every lookup, delete and filter on this page is made as.
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { onBehalfOfSchema } from '@/lib/schema/on-behalf-of';
import { useOnBehalfOf } from './use-on-behalf-of';

export function ActingAsField() {
  const [stored, setStored] = useOnBehalfOf();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? stored;
  const check = onBehalfOfSchema.safeParse(value);
  const problem = check.success ? null : (check.error.issues[0]?.message ?? 'Invalid value.');

  const commit = () => {
    if (draft === null || problem) return;
    setStored(draft.trim());
    setDraft(null);
  };

  return (
    <form
      className="w-full min-w-0 sm:w-72"
      aria-label="Acting as user"
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <Field label="Acting as user" apiName="X-On-Behalf-Of" hint="Stored responses are scoped to this user. Enter or leaving the field applies it." error={problem}>
        <TextInput isMono data-testid="chains-acting-as" value={value} placeholder="no user" onChange={(event) => setDraft(event.target.value)} onBlur={commit} />
      </Field>
    </form>
  );
}
