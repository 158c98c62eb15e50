// Wire shapes of /api/recordings: the list query, the PATCH body and the list reply (isomorphic).
import { z } from 'zod';
import { RECORDING_NAME_MAX_CHARS } from '@/lib/schema/recording';
import type { SnakeCased } from '@/lib/http/snake-case';
import type { RecordingSummary } from './store';

export const recordingListQuerySchema = z.object({
  q: z.string().max(500).optional(),
  response_id: z.string().min(1).max(4_096).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const recordingPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(RECORDING_NAME_MAX_CHARS).optional(),
    pinned: z.boolean().optional(),
    /** Shown to the team (with personal sign-in; its maker only). */
    shared: z.boolean().optional(),
  })
  .refine((value) => value.name !== undefined || value.pinned !== undefined || value.shared !== undefined, { message: 'set name, pinned or shared', path: ['name'] });
export type RecordingPatch = z.infer<typeof recordingPatchSchema>;

/** One row of GET /api/recordings (and the reply of PATCH). */
export type RecordingListEntry = SnakeCased<RecordingSummary>;

export interface RecordingList {
  object: 'list';
  data: RecordingListEntry[];
  /** RECORDINGS_KEEP: how many unpinned recordings are kept (0: runs are not recorded). */
  keep: number;
}
