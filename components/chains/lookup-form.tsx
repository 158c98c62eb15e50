'use client';
// The response id box: Enter opens /chains?id=<id> (with any include[] values), which looks it up and walks its chain.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
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
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const id = value.trim();
        if (id) router.push(lookupHref(id, include));
      }}
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            <span className="font-medium">Response id</span>
            <input
              data-testid="chains-lookup-input"
              className="w-[34rem] max-w-full rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
              value={value}
              placeholder="resp_..."
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setValue(event.target.value)}
            />
          </label>
          <button
            type="submit"
            data-testid="chains-lookup-submit"
            className="rounded bg-zinc-900 px-3 py-1.5 text-sm text-white hover:bg-zinc-700 disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900"
            disabled={!value.trim()}
          >
            Look up
          </button>
        </div>
        <details className="text-sm" open={currentInclude.length > 0}>
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            Extra output on retrieve (include[]){include.length ? `: ${include.length} selected` : ''}
          </summary>
          <fieldset className="mt-1 grid gap-x-4 sm:grid-cols-2">
            <legend className="sr-only">include[]</legend>
            {INCLUDE_VALUES.map((option) => (
              <label key={option} className="flex items-center gap-1 font-mono text-xs">
                <input type="checkbox" checked={include.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
                {option}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
    </form>
  );
}
