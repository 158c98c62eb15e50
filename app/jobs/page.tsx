import { PageTitle } from '@/components/ui/page-title';

export default function JobsPage() {
  return (
    <div data-testid="page-jobs">
      <PageTitle title="Jobs">Background responses and the webhook deliveries captured for them.</PageTitle>
    </div>
  );
}
