'use client';
// react-query hooks of the recordings: the searchable list, one recording's file, import, rename or pin, and delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerListView } from '@/components/ui/owner-controls';
import { fetchJson } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import type { RecordingList, RecordingListEntry, RecordingPatch } from '@/lib/recordings/schemas';
import { ApiError } from '@/lib/schema/errors';
import { parseRecordingValue, RECORDING_MAX_BYTES, type RecordingFile } from '@/lib/schema/recording';

/** `view`: mine, or the team's (shared with it, or made without sign-in); the server ignores it without personal sign-in. */
export function useRecordingList(search: string, view: OwnerListView = 'mine') {
  const q = search.trim();
  const query = new URLSearchParams({ view });
  if (q) query.set('q', q);
  return useQuery({
    queryKey: queryKeys.recordingList(q, view),
    queryFn: () => fetchJson<RecordingList>(`/api/recordings?${query}`),
    // New runs are recorded while the page is open in another tab: look again when it comes back.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The recording as its file (GET /api/recordings/{id}), checked by the same schema an import is. */
export function useRecordingFile(id: string) {
  return useQuery({
    queryKey: queryKeys.recording(id),
    queryFn: async (): Promise<RecordingFile> => {
      const parsed = parseRecordingValue(await fetchJson<unknown>(`/api/recordings/${encodeURIComponent(id)}`));
      if (!parsed.ok) throw parsed.error;
      return parsed.recording;
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useRecordingActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.recordings });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: RecordingPatch }) =>
      fetchJson<RecordingListEntry>(`/api/recordings/${encodeURIComponent(id)}`, { method: 'PATCH', json: change }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => fetchJson(`/api/recordings/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const importFile = useMutation({
    mutationFn: (file: File) => importRecording(file),
    onSuccess: refresh,
  });
  return { update, remove, importFile };
}

/** Sends a file's text as it is to POST /api/recordings; a file over 50 MiB is refused here, before any upload. */
export async function importRecording(file: File): Promise<{ id: string }> {
  if (file.size > RECORDING_MAX_BYTES) {
    throw new ApiError(413, `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB: a recording file may be at most 50 MiB.`, { code: 'request_too_large' });
  }
  return fetchJson<{ id: string }>('/api/recordings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: await file.text() });
}
