// The playground page: build a request, send it through the gateway, watch the response stream in.
import { PlaygroundLoader } from '@/components/request/playground-loader';
import { PageTitle } from '@/components/ui/page-title';

export default function PlaygroundPage() {
  return (
    <div data-testid="page-playground">
      <PageTitle title="Playground">Build a request, send it through the gateway, and watch the response stream in.</PageTitle>
      <PlaygroundLoader />
    </div>
  );
}
