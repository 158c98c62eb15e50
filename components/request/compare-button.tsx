'use client';
// "Compare": a new grid (/compare) from the request being built: its body is the base, its input the first row, its user the
// grid's; credentials are left out (grids are stored, credentials never are) and the grid page says which.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDraftStore } from './draft-context';

/** The grid's making (and the credential rules) load with the first Compare, or when the button is pointed at. */
const loadCompareGrid = () => import('./compare-grid');
const preloadCompareGrid = () => void loadCompareGrid().catch(() => undefined);

export function CompareButton() {
  const store = useDraftStore();
  const router = useRouter();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const { createCompareGrid } = await loadCompareGrid();
      const grid = await createCompareGrid(store.getState().draft);
      const query = grid.removed.length ? `?removed=${encodeURIComponent(grid.removed.join(','))}` : '';
      router.push(`/compare/${encodeURIComponent(grid.id)}${query}`);
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" data-testid="open-compare" isLoading={isBusy} title="Compare this request across variants and inputs, side by side" onPointerEnter={preloadCompareGrid} onFocus={preloadCompareGrid} onClick={() => void open()}>
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
