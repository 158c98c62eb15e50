'use client';
// "Compare": a new grid (/compare) from the request being built: its body is the base, its input the first row, its user the
// grid's; credentials are left out (grids are stored, credentials never are) and the grid page says which.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fetchJson } from '@/lib/http/client';
import { useDraftStore } from './draft-context';

export function CompareButton() {
  const store = useDraftStore();
  const router = useRouter();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      // The credential rules load with the first Compare, not with the page.
      const { findCredentials, stripCredentials } = await import('@/lib/schema/credentials');
      const { body, onBehalfOf } = store.getState().draft;
      const { input, ...rest } = body;
      const removed = findCredentials(rest).map((found) => found.param);
      const model = typeof rest.model === 'string' && rest.model ? rest.model : 'variant 1';
      const grid = await fetchJson<{ id: string }>('/api/grids', {
        method: 'POST',
        json: {
          name: `Compare ${model}`,
          base: stripCredentials(rest),
          on_behalf_of: onBehalfOf.trim() || null,
          variants: [{ label: model.slice(0, 100), patch: {} }],
          rows: [{ label: 'row 1', input: input ?? '' }],
          checks: [],
        },
      });
      const query = removed.length ? `?removed=${encodeURIComponent(removed.join(','))}` : '';
      router.push(`/compare/${encodeURIComponent(grid.id)}${query}`);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" data-testid="open-compare" isLoading={isBusy} title="Compare this request across variants and inputs, side by side" onClick={() => void open()}>
        Compare
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-danger" data-testid="open-compare-error">
          Compare: {error}
        </span>
      ) : null}
    </>
  );
}
