// The playground page: build a request, send it through the gateway, watch the response stream in (?present=1: presentation view).
import { PlaygroundLoader } from '@/components/request/playground-loader';
import { PresentationProvider } from '@/components/transcript/presentation';
import { PageTitle } from '@/components/ui/page-title';

export default async function PlaygroundPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { present } = await searchParams;
  return (
    <div data-testid="page-playground">
      <PageTitle title="Playground">Build a request, send it through the gateway, and watch the response stream in.</PageTitle>
      <PresentationProvider initial={present === '1'}>
        <PlaygroundLoader />
      </PresentationProvider>
    </div>
  );
}
