'use client';
// The response id box: Enter opens /chains?id=<id> (with any include[] values), which looks it up and walks its chain.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Disclosure } from '@/components/ui/disclosure';
import { Field, Fieldset } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { INCLUDE_VALUES } from '@/lib/schema/constants';

export function lookupHref(id: string, include: readonly string[]): string {
  const query = new URLSearchParams({ id });
  for (const value of include) query.append('include', value);
  return `/chains?${query}`;
}

export function LookupForm({ currentId, currentInclude }: { currentId: string | null; currentInclude: readonly string[] }) {
  const router = useRouter();
  const [value, setValue] = useState(currentId ?? '');
  const [include, setInclude] = useState<readonly string[]>(currentInclude);

  const toggle = (option: string, isOn: boolean) =>
    setInclude((previous) => (isOn ? [...previous.filter((entry) => entry !== option), option] : previous.filter((entry) => entry !== option)));

  return (
    <form
      role="search"
      aria-label="Look up a response"
      className="flex w-full min-w-0 flex-col gap-2 lg:max-w-2xl lg:flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        const id = value.trim();
        if (id) router.push(lookupHref(id, include));
      }}
    >
      <div className="flex min-w-0 flex-wrap items-start gap-2">
        <Field label="Response id" className="min-w-0 flex-1 basis-48">
          <TextInput isMono data-testid="chains-lookup-input" value={value} placeholder="resp_..." autoComplete="off" spellCheck={false} onChange={(event) => setValue(event.target.value)} />
        </Field>
        <Button type="submit" variant="primary" className="mt-6" data-testid="chains-lookup-submit" disabled={!value.trim()}>
          Look up
        </Button>
      </div>
      <Disclosure summary={`Extra output on retrieve (include[])${include.length ? `: ${include.length} selected` : ''}`} defaultOpen={currentInclude.length > 0}>
        <Fieldset legend="include[]" isLegendHidden className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {INCLUDE_VALUES.map((option) => (
            <Checkbox key={option} label={<span className="font-mono text-xs [overflow-wrap:anywhere]">{option}</span>} checked={include.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
          ))}
        </Fieldset>
      </Disclosure>
    </form>
  );
}
