'use client';
// One chain, from its root to the response asked for: every turn retrieved through the proxy, with a reload.
import { Button } from '@/components/ui/button';
import { Mono } from '@/components/ui/mono';
import { TurnList } from './turn-list';
import { useChainTurns } from './use-chain-turns';

export function ChainView({ leafId, onBehalfOf, include }: { leafId: string; onBehalfOf: string; include: readonly string[] }) {
  const turns = useChainTurns({ kind: 'chain', leafId }, onBehalfOf, include);
  return (
    <section aria-labelledby="chain-title" data-testid="chain-view" className="min-w-0 space-y-3">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <h2 id="chain-title" className="min-w-0 font-semibold">
          Chain ending at <Mono>{leafId}</Mono>, root first
        </h2>
        <Button size="sm" onClick={turns.reload} isLoading={turns.isLoading} loadingText="Loading…">
          Reload
        </Button>
      </div>
      <TurnList state={turns} currentId={leafId} onBehalfOf={onBehalfOf} onChanged={turns.reload} noun="chain" />
    </section>
  );
}
