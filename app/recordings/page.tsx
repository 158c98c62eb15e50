// The recordings page: every streamed run kept to replay with no gateway, search, import, export, keep and delete.
import { RecordingsPage } from '@/components/recordings/recordings-page';
import { PageTitle } from '@/components/ui/page-title';

export default function RecordingsRoute() {
  return (
    <div data-testid="page-recordings">
      <PageTitle title="Recordings">Streamed runs as they arrived, to replay exactly, with or without a gateway.</PageTitle>
      <RecordingsPage />
    </div>
  );
}
