// Shapes the transcript reducer works on: loose output items, response snapshots (the shared schema's) and the reduced state.
import type { ResponseStatus } from '@/lib/schema/constants';
import type { OutputItem, ResponseSnapshot, StreamEvent } from '@/lib/schema/response';

export type { OutputItem, ResponseSnapshot, ResponseStatus, StreamEvent };

export type JsonObject = Record<string, unknown>;

export interface StreamError {
  message: string;
  code: string | null;
  type: string | null;
  param: string | null;
}

export interface TranscriptState {
  /** Last lifecycle snapshot (created, in_progress, completed, ...), or a retrieved response. */
  response: ResponseSnapshot | null;
  /** The response object as the gateway first described it (`response.created`, or the JSON reply): what it echoed at once. */
  firstResponse: ResponseSnapshot | null;
  /** Output items by `output_index`; holes stay undefined until their item is added. */
  items: (OutputItem | undefined)[];
  /** Latest partial image per output index (image_generation_call.partial_image). */
  partialImages: Record<number, { b64: string; index: number; format?: string }>;
  /** Audio streamed without a message to attach it to. */
  looseAudio: { data: string; transcript: string } | null;
  status: ResponseStatus | null;
  error: StreamError | null;
  /** Highest sequence_number applied; -1 before any. Events at or below it are duplicates. */
  lastSequenceNumber: number;
  /** Events the reducer did not understand or could not place: shown raw, never dropped. */
  unknown: StreamEvent[];
  /** Events applied (duplicates excluded). */
  appliedCount: number;
}
