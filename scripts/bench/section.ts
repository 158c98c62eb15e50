// Runs one benchmark section in its own process (sections stub modules and set env) and prints it as JSON on the last line.
import type { BenchSection } from './types';

export const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  proxy: async () => (await import('./proxy')).runProxyBench(),
  'proxy-next': async () => (await import('./proxy-next')).runProxyNextBench(),
  memory: async () => (await import('./memory')).runMemoryBench(),
  'local-gateway': async () => (await import('./local-gateway')).runLocalGatewayBench(),
  webhooks: async () => (await import('./webhooks')).runWebhooksBench(),
  transcript: async () => (await import('./transcript')).runTranscriptBench(),
  'transcript-render': async () => (await import('./transcript-render')).runTranscriptRenderBench(),
  grids: async () => (await import('./grids')).runGridsBench(),
  typing: async () => (await import('./typing')).runTypingBench(),
  'first-load': async () => (await import('./first-load-js')).runFirstLoadBench(),
};

async function main() {
  const name = process.argv[2] ?? '';
  const run = SECTIONS[name];
  if (!run) throw new Error(`unknown bench section '${name}'; known: ${Object.keys(SECTIONS).join(', ')}`);
  const section = await run();
  process.stdout.write(`\n${JSON.stringify(section)}\n`);
  process.exit(0);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`bench section failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
