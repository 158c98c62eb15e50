// A free loopback port, asked of the OS (bind to port 0, read it, close): for test servers and apps started by a test.
import net from 'node:net';

/** Free when returned; nothing holds it, so a closed port for "unreachable" cases too. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
