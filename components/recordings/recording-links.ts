// Where a recording leads: its replay, its file, the playground with its request, or its response continued.
import { encodeShareHash } from '@/lib/request-import/share-link';
import type { RecordingFile } from '@/lib/schema/recording';
import type { ReplaySpeed } from '@/lib/run/replay-clock';

export function replayHref(id: string, options: { speed?: ReplaySpeed; isPresenting?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (options.speed !== undefined && options.speed !== 1) query.set('speed', speedParam(options.speed));
  if (options.isPresenting) query.set('present', '1');
  const search = query.toString();
  return `/recordings/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
}

export function exportHref(id: string): string {
  return `/api/recordings/${encodeURIComponent(id)}`;
}

/** The playground with the recorded request as a share link proposes it (credentials left out: they were never kept). */
export function openRequestHref(recording: Pick<RecordingFile, 'request'>): string {
  return `/${encodeShareHash(recording.request)}`;
}

/** The playground continuing the recorded response (the gateway must still have it stored), acting as its user. */
export function continueHref(recording: Pick<RecordingFile, 'response_id' | 'on_behalf_of'>): string | null {
  if (!recording.response_id) return null;
  const query = new URLSearchParams({ previous_response_id: recording.response_id });
  if (recording.on_behalf_of) query.set('on_behalf_of', recording.on_behalf_of);
  return `/?${query}`;
}

/** `?speed=` as the replay page reads it: 1, 2, 5 or instant. */
export function speedParam(speed: ReplaySpeed): string {
  return speed === Infinity ? 'instant' : String(speed);
}

export function readSpeedParam(value: string | undefined): ReplaySpeed {
  if (value === 'instant') return Infinity;
  const speed = Number(value);
  return speed === 2 || speed === 5 ? speed : 1;
}
