// The compare page: every grid (one request across variants and test inputs) with its latest run, and new ones.
import { GridList } from '@/components/compare/grid-list';
import { PageTitle } from '@/components/ui/page-title';

export const dynamic = 'force-dynamic';

export default function ComparePage() {
  return (
    <div data-testid="page-compare">
      <PageTitle title="Compare">One request across variants (models, settings) and test inputs, run side by side on the server, with checks on every cell.</PageTitle>
      <GridList />
    </div>
  );
}
