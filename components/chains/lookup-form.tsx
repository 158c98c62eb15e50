'use client';
// The response id box: Enter opens /chains?id=<id>, which looks the response up and walks its chain.
import { useRouter } from 'next/navigation';
import { useState } from 'react';

export function LookupForm({ currentId }: { currentId: string | null }) {
  const router = useRouter();
  const [value, setValue] = useState(currentId ?? '');

  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const id = value.trim();
        if (id) router.push(`/chains?id=${encodeURIComponent(id)}`);
      }}
    >
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
    </form>
  );
}
