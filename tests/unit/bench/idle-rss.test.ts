// The memory bench's "at rest" reading: taken once RSS has fallen and held still, not between two steps of V8's memory reducer.
import { describe, expect, it } from 'vitest';
import { idleRss, type IdleClock } from '../../../scripts/bench/memory';

/** A clock that moves only when slept on, and an RSS that follows `rssAt(ms since the start)`. */
function scripted(rssAt: (ms: number) => number): { clock: IdleClock; readRss: () => number } {
  let ms = 0;
  return {
    clock: {
      now: () => ms,
      sleep: async (wait) => {
        ms += wait;
      },
    },
    readRss: () => rssAt(ms),
  };
}

describe('idleRss', () => {
  it('waits out a pause between two steps of the memory reducer and reads after the last one', async () => {
    // As probed after 100 runs: 490 MB, 461 from 27 s idle, 408 from 35 s (a pause of 8 s between the steps).
    const { clock, readRss } = scripted((ms) => (ms < 27_000 ? 490 : ms < 35_000 ? 461 : 408));
    const reading = await idleRss(readRss, clock);
    expect(reading.afterLoad).toBe(490);
    expect(reading.atRest).toBe(408);
    // Held still for 10 s after the last step.
    expect(reading.restSeconds).toBe(45);
  });

  it('counts changes within the tolerance as still', async () => {
    const { clock, readRss } = scripted((ms) => (ms < 20_000 ? 611 : 428 + ((ms / 1_000) % 2) * 0.5));
    const reading = await idleRss(readRss, clock);
    expect(reading.atRest).toBeGreaterThanOrEqual(428);
    expect(reading.atRest).toBeLessThanOrEqual(428.5);
    expect(reading.restSeconds).toBe(30);
  });

  it('takes the last reading at 75 s when RSS never falls: what the server still holds counts', async () => {
    const { clock, readRss } = scripted((ms) => 500 + ms / 10_000);
    const reading = await idleRss(readRss, clock);
    expect(reading.atRest).toBe(507.5);
    expect(reading.restSeconds).toBe(75);
  });
});
