// A free loopback port for test servers and apps started by a test, taken from below the OS's ephemeral range.
//
// Asking the OS for port 0 and closing it hands out a port from the ephemeral range (32768-60999 on Linux), which any
// later bind to port 0 or outgoing connection may take before the test binds it: a rare EADDRINUSE. A port drawn at random
// from 20000-31999 and checked by binding it cannot be handed out that way, and this process never hands one out twice.
import { execFileSync } from 'node:child_process';
import net from 'node:net';

const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;
const ATTEMPTS = 200;
const handedOut = new Set<number>();

function drawPort(): number {
  return FIRST_PORT + Math.floor(Math.random() * PORT_COUNT);
}

function isBindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Free when returned; nothing holds it, so a closed port for "unreachable" cases too. */
export async function findFreePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port = drawPort();
    if (handedOut.has(port) || !(await isBindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free loopback port found in ${FIRST_PORT}-${FIRST_PORT + PORT_COUNT - 1} after ${ATTEMPTS} tries.`);
}

/** The same search in a child process, synchronously: for a port a spec or config must know when its module loads. */
const SYNC_SEARCH = `
const net = require('net');
let left = ${ATTEMPTS};
const next = () => {
  if (left-- === 0) { process.stderr.write('no free loopback port'); process.exit(1); }
  const port = ${FIRST_PORT} + Math.floor(Math.random() * ${PORT_COUNT});
  const server = net.createServer();
  server.once('error', next);
  server.listen(port, '127.0.0.1', () => server.close(() => process.stdout.write(String(port))));
};
next();`;

export function findFreePortSync(): number {
  const port = Number(execFileSync(process.execPath, ['-e', SYNC_SEARCH], { encoding: 'utf8' }));
  handedOut.add(port);
  return port;
}
