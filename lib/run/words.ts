// What the playground says when a run is cut short: plain sentences instead of socket codes and browser exceptions.
import type { RunError } from '@/lib/transcript/run-types';

/** Codes of the unnumbered `error` event our proxy appends when the gateway connection breaks mid-stream. */
export const TRANSPORT_DROP_CODES: readonly string[] = ['upstream_stream_failed', 'stream_incomplete', 'stream_idle_timeout'];

const DROP_WORDS: Record<string, string> = {
  upstream_stream_failed: 'The connection to the gateway dropped before the response finished.',
  stream_incomplete: 'The stream closed before the response finished.',
  stream_idle_timeout: 'The gateway stopped sending, so the stream was closed before the response finished.',
  connection_lost: 'The connection to the playground server dropped before the response finished.',
  request_failed: 'The request did not reach the playground server (the network failed). Check the connection and retry.',
};

export function describeDrop(code: string): string {
  return DROP_WORDS[code] ?? DROP_WORDS.connection_lost!;
}

export function localError(message: string, code: string | null = null): RunError {
  return { message, type: null, code, param: null, httpStatus: null, retryAfterSeconds: null };
}
