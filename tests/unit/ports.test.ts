// The test suite's free ports: below the OS's ephemeral range (where binds to port 0 land), never handed out twice, never one that is held.
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findFreePort, findFreePortSync } from '../support/ports';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const drawn = new Set<number>();
/** A port of 20000-31999 that this test could bind (then closed), not drawn before in this file. */
async function freeInRange(): Promise<number> {
  for (let port = 20_000; port < 32_000; port += 1) {
    if (drawn.has(port)) continue;
    const server = await listen(port).catch(() => null);
    if (!server) continue;
    await close(server);
    drawn.add(port);
    return port;
  }
  throw new Error('no free port in 20000-31999');
}

/** Makes the next draws of findFreePort these ports, in order. */
function drawInOrder(ports: number[]): void {
  const draws = ports.map((port) => (port - 20_000 + 0.5) / 12_000);
  vi.spyOn(Math, 'random').mockImplementation(() => {
    const draw = draws.shift();
    if (draw === undefined) throw new Error('findFreePort drew more ports than the test planned');
    return draw;
  });
}

describe('findFreePort', () => {
  afterEach(() => vi.restoreAllMocks());

  it('skips a port another server holds, and a port it already handed out', async () => {
    // Three ports of the range, bound and closed here (so free), none handed out by the module yet: this file's first test.
    const [held, free, later] = [await freeInRange(), await freeInRange(), await freeInRange()];
    const server = await listen(held);
    try {
      drawInOrder([held, free]);
      expect(await findFreePort()).toBe(free);
      drawInOrder([free, later]);
      expect(await findFreePort()).toBe(later);
    } finally {
      await close(server);
    }
  });

  it('hands out distinct ports from 20000-31999, each one bindable when returned', async () => {
    const ports: number[] = [];
    for (let at = 0; at < 40; at += 1) ports.push(await findFreePort());
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_000);
      await close(await listen(port));
    }
  });

  it('finds one synchronously, in the same range, that a server can bind', async () => {
    const port = findFreePortSync();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_000);
    await close(await listen(port));
  });
});
