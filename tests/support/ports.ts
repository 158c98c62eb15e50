// A free loopback port, asked of the OS (bind to port 0, read it, close): for test servers and apps started by a test.
import { execFileSync } from 'node:child_process';
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

/** The same, synchronously (a child process asks the OS): for a port a spec must know when its module loads. */
export function findFreePortSync(): number {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
