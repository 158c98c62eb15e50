// Next.js buffers bodies that pass through proxy.ts and cuts them at proxyClientMaxBodySize: a 50 MiB recording must fit whole.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '@/lib/schema/recording';

describe('next.config.js', () => {
  it('lets a whole recording file through proxy.ts, so an import over the limit is answered 413, not read truncated', () => {
    const load = createRequire(path.join(process.cwd(), 'package.json'));
    const config = load('./next.config.js') as { experimental: { proxyClientMaxBodySize: number } };
    expect(config.experimental.proxyClientMaxBodySize).toBeGreaterThan(RECORDING_MAX_BYTES);
  });
});
