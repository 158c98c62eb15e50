// Text kept gzip-compressed in a bytea column (recordings, grid cells' turns): compressed and read back off the main thread.
import { promisify } from 'node:util';
import { constants as zlibConstants, gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * zlib's fastest level: what is stored this way is compressed once per run, and on SSE text and event logs (the same
 * shapes over and over) level 1 is about three times faster than the default level for about a tenth more bytes (a
 * 5,000-event recording: about 19 KB instead of 17 KB). Any level reads back the same.
 */
const STORED_GZIP_LEVEL = zlibConstants.Z_BEST_SPEED;

/** UTF-8 text, compressed on the thread pool (a large one would hold the event loop for tens of ms). */
export function compressText(text: string): Promise<Uint8Array> {
  return gzipAsync(Buffer.from(text), { level: STORED_GZIP_LEVEL });
}

export async function decompressText(bytes: Uint8Array): Promise<string> {
  return (await gunzipAsync(bytes)).toString('utf8');
}
