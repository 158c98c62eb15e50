'use client';
// "Acting as (X-On-Behalf-Of)": the user every lookup, delete and filter on this page is made as.
import { useState } from 'react';
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
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <label className="flex flex-col text-sm">
        <span className="font-medium">Acting as (X-On-Behalf-Of)</span>
        <input
          data-testid="chains-acting-as"
          className="w-56 rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={value}
          placeholder="no user"
          aria-invalid={problem ? true : undefined}
          aria-describedby="chains-acting-as-help"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
        />
      </label>
      <p id="chains-acting-as-help" className={`text-xs ${problem ? 'text-red-700 dark:text-red-400' : 'text-zinc-500'}`}>
        {problem ?? 'Stored responses are scoped to this user. Enter or leaving the field applies it.'}
      </p>
    </form>
  );
}
