// One grid: its setup, runs with live progress, and the results matrix (?run= picks the run shown).
import { GridWorkspace } from '@/components/compare/grid-workspace';
import { PageTitle } from '@/components/ui/page-title';

export const dynamic = 'force-dynamic';

export default async function GridPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ run?: string | string[]; removed?: string | string[] }> }) {
  const { id } = await params;
  const { run, removed } = await searchParams;
  return (
    <div data-testid="page-compare-grid">
      <PageTitle title="Compare grid">One request across its variants and test inputs: the setup, the runs with live progress, and every cell&apos;s checks.</PageTitle>
      <GridWorkspace gridId={id} initialRunId={typeof run === 'string' && run ? run : null} removedCredentials={typeof removed === 'string' && removed ? removed.split(',') : []} />
    </div>
  );
}
