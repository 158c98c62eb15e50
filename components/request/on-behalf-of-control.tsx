'use client';
// The "Acting as user" control under ON_BEHALF_OF_POLICY: free text, the signed-in user read-only (self), or the claim's values (claim).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Select, TextInput } from '@/components/ui/input';
import { sessionQuery } from '@/lib/http/query-keys';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useDraftStore, useOnBehalfOf } from './draft-context';
import { ON_BEHALF_OF_FIELD } from './draft-form';

/** The X-On-Behalf-Of input, registered with the form like the body's fields (here, not in draft-context: this section loads later). */
function useRegisteredOnBehalfOf(): UseFormRegisterReturn {
  const store = useDraftStore();
  return store.form.register(ON_BEHALF_OF_FIELD, { onChange: (event: { target: { value: string } }) => store.takeTypedOnBehalfOf(event.target.value) });
}

export function OnBehalfOfControl() {
  const store = useDraftStore();
  const value = useOnBehalfOf();
  const rule = useQuery(sessionQuery).data?.on_behalf_of;
  const fixed = rule?.policy === 'self' ? (rule.value ?? '') : null;
  const allowed = rule?.policy === 'claim' ? rule.allowed : null;

  // The draft says what will be sent, so its chips, headers and code export match what the server enforces.
  useEffect(() => {
    if (fixed !== null && value !== fixed) store.setOnBehalfOf(fixed);
    if (allowed && allowed.length > 0 && !allowed.includes(value)) store.setOnBehalfOf(allowed[0] ?? '');
  }, [fixed, allowed, value, store]);

  if (fixed !== null) {
    return <TextInput value={fixed} readOnly isMono data-testid="field-x-on-behalf-of" title="Set by the server (ON_BEHALF_OF_POLICY=self)" />;
  }
  if (rule?.policy === 'claim') {
    const choices = allowed ?? [];
    return (
      <Select
        isMono
        value={value}
        data-testid="field-x-on-behalf-of"
        options={choices.length === 0 ? [{ value: '', label: '(your account lists no one)' }] : choices.map((entry) => ({ value: entry, label: entry }))}
        onChange={(event) => store.setOnBehalfOf(event.target.value)}
      />
    );
  }
  return <FreeOnBehalfOf />;
}

/** Free text: an uncontrolled input registered with the draft's form (typing renders nothing). */
function FreeOnBehalfOf() {
  const registered = useRegisteredOnBehalfOf();
  return <TextInput {...registered} isMono data-testid="field-x-on-behalf-of" />;
}

/** Under self or claim, a line saying who decides the value. */
export function OnBehalfOfPolicyNote() {
  const rule = useQuery(sessionQuery).data?.on_behalf_of;
  if (!rule || rule.policy === 'free') return null;
  const text =
    rule.policy === 'self'
      ? 'Set by the server to your signed-in identity (ON_BEHALF_OF_POLICY=self); what the browser sends is ignored.'
      : `Only the users your ${rule.claim ?? 'on_behalf_of'} claim lists (ON_BEHALF_OF_POLICY=claim); any other value is refused with 403.`;
  return (
    <p id="on-behalf-of-policy" className="text-xs text-fg-muted" data-testid="on-behalf-of-policy">
      {text}
    </p>
  );
}
