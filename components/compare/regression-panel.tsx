'use client';
// What changed since the grid's run before this one: cells (by their labels) that now pass or now fail.
import type { GridCellRef, GridRegression } from '@/lib/grids/wire';

function CellList({ title, cells, tone, testId }: { title: string; cells: readonly GridCellRef[]; tone: string; testId: string }) {
  return (
    <div className="min-w-0">
      <h3 className={`text-sm font-semibold ${tone}`}>
        {title}: {cells.length}
      </h3>
      <ul className="text-xs [overflow-wrap:anywhere]" data-testid={testId}>
        {cells.map((cell) => (
          <li key={`${cell.variant}\u0000${cell.row}`}>
            {cell.variant} × {cell.row}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RegressionPanel({ regression }: { regression: GridRegression }) {
  return (
    <section aria-labelledby="regression-heading" className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-3" data-testid="regression">
      <h2 id="regression-heading" className="text-sm font-semibold text-fg">
        Since the run before
      </h2>
      <div className="grid min-w-0 gap-3 sm:grid-cols-3">
        <CellList title="Newly failing" cells={regression.newly_failing} tone="text-danger" testId="regression-failing" />
        <CellList title="Newly passing" cells={regression.newly_passing} tone="text-success" testId="regression-passing" />
        <p className="text-xs text-fg-muted">
          Unchanged: {regression.still_passing} still pass, {regression.still_failing} still fail. Cells are matched by their variant and row labels.
        </p>
      </div>
    </section>
  );
}
