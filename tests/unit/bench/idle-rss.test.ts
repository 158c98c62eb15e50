// The memory bench's "at rest" reading: taken after a fixed idle time, past every step of V8's memory reducer, however
// RSS moved before (a drift or a pause between two steps once ended the wait too early).
import { describe, expect, it } from 'vitest';
import { idleRss } from '../../../scripts/bench/memory';

/** An RSS that follows `rssAt(ms idle)`, and a wait that moves that time on without sleeping. */
function scripted(rssAt: (ms: number) => number): { readRss: () => number; wait: (ms: number) => Promise<void> } {
  let ms = 0;
  return {
    readRss: () => rssAt(ms),
    wait: async (duration) => {
      ms += duration;
    },
  };
}

describe('idleRss', () => {
  it('reads after the last of the memory reducer steps, not in the pause between two', async () => {
    // As probed after 100 runs: 490 MB, 461 from 27 s idle, 408 from 35 s.
    const { readRss, wait } = scripted((ms) => (ms < 27_000 ? 490 : ms < 35_000 ? 461 : 408));
    expect(await idleRss(readRss, wait)).toEqual({ afterLoad: 490, atRest: 408 });
  });

  it('is not ended by a small drift before the first step (as under load at 03:07 UTC)', async () => {
    const { readRss, wait } = scripted((ms) => (ms < 8_000 ? 568 : ms < 45_000 ? 565 : 426));
    expect(await idleRss(readRss, wait)).toEqual({ afterLoad: 568, atRest: 426 });
  });

  it('counts what the server still holds when RSS never falls', async () => {
    const { readRss, wait } = scripted(() => 500);
    expect(await idleRss(readRss, wait)).toEqual({ afterLoad: 500, atRest: 500 });
  });
});
