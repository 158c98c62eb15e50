// `npm run gateway -- --port 4010 [--host 127.0.0.1] [--pglite-dir DIR] [--tokens-per-second N]`: the local gateway as a standalone server.
import { parseArgs } from 'node:util';
import { EnvError, parseEnv, publicOrigin } from '../lib/env-schema';
import { startLocalGatewayServer } from '../lib/local-gateway/server';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'pglite-dir': { type: 'string' },
      'tokens-per-second': { type: 'string' },
    },
  });
  const env = parseEnv(process.env);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  const tokensPerSecond = values['tokens-per-second'] === undefined ? env.LOCAL_GATEWAY_TOKENS_PER_SECOND : Number(values['tokens-per-second']);
  if (!Number.isFinite(tokensPerSecond) || tokensPerSecond < 0) throw new Error('--tokens-per-second must be 0 or more');
  const pgliteDir = values['pglite-dir'] ?? `${env.PGLITE_DIR}-gateway`;
  const server = await startLocalGatewayServer({
    port,
    host: values.host,
    pgliteDir,
    databaseUrl: env.DATABASE_URL,
    apiKeys: env.LOCAL_GATEWAY_API_KEYS,
    webhookAllow: env.LOCAL_GATEWAY_WEBHOOK_ALLOW,
    publicOrigin: publicOrigin(env),
    tokensPerSecond,
    rateLimitPerMinute: env.LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE,
    maxConcurrentStreams: env.LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS,
  });
  console.log(`Local gateway at ${server.url}/api/v1/llm (database: ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${pgliteDir}`}, ${tokensPerSecond} tokens/s)`);
  const shutdown = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: Error) => {
  console.error(error instanceof EnvError ? error.message : `Could not start the local gateway: ${error.message}`);
  process.exit(1);
});
