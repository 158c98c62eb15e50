// Runs one benchmark section in its own process (sections stub modules and set env) and prints it as JSON on the last line.
import type { BenchSection } from './types';

const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  proxy: async () => (await import('./proxy')).runProxyBench(),
  webhooks: async () => (await import('./webhooks')).runWebhooksBench(),
  'local-gateway': async () => (await import('./local-gateway')).runLocalGatewayBench(),
  transcript: async () => (await import('./transcript')).runTranscriptBench(),
  'transcript-render': async () => (await import('./transcript-render')).runTranscriptRenderBench(),
  grids: async () => (await import('./grids')).runGridsBench(),
};

async function main() {
  const name = process.argv[2] ?? '';
  const run = SECTIONS[name];
  if (!run) throw new Error(`unknown bench section '${name}'; known: ${Object.keys(SECTIONS).join(', ')}`);
  const section = await run();
  process.stdout.write(`\n${JSON.stringify(section)}\n`);
  process.exit(0);
}

main().catch((error: Error) => {
  console.error(`bench section failed: ${error.message}`);
  process.exit(1);
});
