import { PageTitle } from '@/components/ui/page-title';

export default function ChainsPage() {
  return (
    <div data-testid="page-chains">
      <PageTitle title="Chains">Look up a stored response and walk its previous_response_id chain.</PageTitle>
    </div>
  );
}
