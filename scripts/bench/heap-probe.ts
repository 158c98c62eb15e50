// Asks a Node.js process listening with `--inspect=127.0.0.1:<port>` for a full GC, then prints its live JS heap as JSON (run with --experimental-websocket).
const port = Number(process.argv[2]);

interface CdpReply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

async function main(): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), { once: true });
  });
  let nextId = 0;
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = (nextId += 1);
      const onMessage = (event: MessageEvent) => {
        const reply = JSON.parse(String(event.data)) as CdpReply;
        if (reply.id !== id) return;
        socket.removeEventListener('message', onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result ?? {});
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  // Twice: what the first collection frees can let more go (weak references, finalizers).
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const usage = await call('Runtime.getHeapUsage');
  socket.close();
  process.stdout.write(`${JSON.stringify({ usedSize: usage.usedSize, totalSize: usage.totalSize })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`heap-probe: ${(error as Error).message}\n`);
  process.exit(1);
});
