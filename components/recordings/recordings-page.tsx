'use client';
// The recordings page: search, import by file or drop, and every kept run with its actions.
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { OwnerViewSwitch, type OwnerListView } from '@/components/ui/owner-controls';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { EmptyState } from '@/components/ui/layout';
import { Skeleton } from '@/components/ui/progress';
import { sessionQuery } from '@/lib/http/query-keys';
import { RecordingImport } from './recording-import';
import { replayHref } from './recording-links';
import { RecordingRow } from './recording-row';
import { useRecordingActions, useRecordingList } from './use-recordings';

export function RecordingsPage() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [view, setView] = useState<OwnerListView>('mine');
  // With personal sign-in each person's runs are theirs: Mine, or what the team shared (and what came before sign-in).
  const isPersonal = useQuery(sessionQuery).data?.sign_in === 'oidc';
  const list = useRecordingList(deferred, view);
  const { update, remove, importFile } = useRecordingActions();
  const router = useRouter();
  const keep = list.data?.keep;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="recordings">
      <RecordingImport
        isBusy={importFile.isPending}
        onImport={async (file) => {
          const { id } = await importFile.mutateAsync(file);
          router.push(replayHref(id));
          return { id };
        }}
      />
      {isPersonal ? <OwnerViewSwitch name="recordings-view" value={view} onChange={setView} testId="recordings-view" /> : null}
      <Field label="Search recordings" hint="Words of the request or the answer, the name, the model or a response id.">
        <TextInput type="search" value={search} data-testid="recordings-search" onChange={(event) => setSearch(event.target.value)} />
      </Field>
      {keep === 0 ? (
        <Alert tone="info" isLive={false} testId="recordings-off">
          Runs are not recorded: RECORDINGS_KEEP is 0. Imported recordings are still kept.
        </Alert>
      ) : keep !== undefined ? (
        <p className="text-xs text-fg-muted" data-testid="recordings-keep">
          Every streamed run through the playground is recorded; the newest {keep}{isPersonal ? ' of each person' : ''} are kept, older ones are dropped unless kept (pinned).
        </p>
      ) : null}
      {list.isPending ? <Skeleton label="Loading recordings…" /> : null}
      {list.error ? <Alert>{list.error.message}</Alert> : null}
      {list.data && list.data.data.length === 0 ? (
        <EmptyState title={deferred.trim() ? 'No recording matches.' : 'No recordings yet.'} testId="recordings-empty">
          {deferred.trim()
            ? 'Try other words or a response id.'
            : view === 'team'
              ? 'Nobody has shared a recording with the team yet.'
              : 'Send a streamed request in the playground: it is recorded here, to replay with no gateway.'}
        </EmptyState>
      ) : null}
      {list.data && list.data.data.length > 0 ? (
        <ul className="flex min-w-0 flex-col gap-2" aria-label="Recordings" data-testid="recording-list">
          {list.data.data.map((entry) => (
            <RecordingRow
              key={entry.id}
              entry={entry}
              canShare={isPersonal}
              actions={{ onUpdate: (id, change) => update.mutateAsync({ id, change }), onDelete: (id) => remove.mutateAsync(id) }}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
