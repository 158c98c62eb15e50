// The chains page: look up a stored response and walk, browse or delete its previous_response_id chain.
import { Suspense } from 'react';
import { ChainsExplorer } from '@/components/chains/chains-explorer';
import { PageTitle } from '@/components/ui/page-title';

export default function ChainsPage() {
  return (
    <div data-testid="page-chains">
      <PageTitle title="Chains">Look up a stored response and walk its previous_response_id chain.</PageTitle>
      <Suspense fallback={<p className="text-sm text-zinc-500">Loading…</p>}>
        <ChainsExplorer />
      </Suspense>
    </div>
  );
}
