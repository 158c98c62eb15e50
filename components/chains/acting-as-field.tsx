'use client';
// "Acting as user (X-On-Behalf-Of)": the user every lookup, delete and filter on this page is made as.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Select, TextInput } from '@/components/ui/input';
import { sessionQuery } from '@/lib/http/query-keys';
import { findOnBehalfOfRefusal } from '@/lib/schema/on-behalf-of-rule';
import { useOnBehalfOf } from './use-on-behalf-of';

/** Under ON_BEHALF_OF_POLICY=self the server decides (read-only); under claim a choice among the claim's values. */
function PolicyControlled({ stored, setStored }: { stored: string; setStored: (value: string) => void }) {
  const rule = useQuery(sessionQuery).data?.on_behalf_of;
  const fixed = rule?.policy === 'self' ? (rule.value ?? '') : null;
  const allowed = rule?.policy === 'claim' ? rule.allowed : null;
  useEffect(() => {
    if (fixed !== null && stored !== fixed) setStored(fixed);
    if (allowed && allowed.length > 0 && !allowed.includes(stored)) setStored(allowed[0] ?? '');
  }, [fixed, allowed, stored, setStored]);
  if (fixed !== null) {
    return (
      <Field label="Acting as user" apiName="X-On-Behalf-Of" hint="Set by the server to your signed-in identity (ON_BEHALF_OF_POLICY=self).">
        <TextInput isMono readOnly data-testid="chains-acting-as" value={fixed} />
      </Field>
    );
  }
  if (rule?.policy !== 'claim') return null;
  return (
    <Field label="Acting as user" apiName="X-On-Behalf-Of" hint={`Only the users your ${rule?.claim ?? 'on_behalf_of'} claim lists (ON_BEHALF_OF_POLICY=claim).`}>
      <Select isMono data-testid="chains-acting-as" value={stored} options={(allowed ?? []).map((entry) => ({ value: entry, label: entry }))} onChange={(event) => setStored(event.target.value)} />
    </Field>
  );
}

export function ActingAsField() {
  const [stored, setStored] = useOnBehalfOf();
  const policy = useQuery(sessionQuery).data?.on_behalf_of.policy ?? 'free';
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? stored;
  // Checked on every keystroke by the header's rule without zod (the page loads the schema library only to walk a chain).
  const problem = findOnBehalfOfRefusal(value);

  const commit = () => {
    if (draft === null || problem) return;
    setStored(draft.trim());
    setDraft(null);
  };

  if (policy !== 'free') {
    return (
      <div className="w-full min-w-0 sm:w-72">
        <PolicyControlled stored={stored} setStored={setStored} />
      </div>
    );
  }
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
