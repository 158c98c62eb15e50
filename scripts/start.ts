// `npm start` / `npm run dev`: validate settings, check the port, build when stale, then serve and print where everything is.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { EnvError, describeDatabase, describeGateway, describeSignIn, internalOrigin, oidcRedirectUri, parseEnv, type Env } from '../lib/env-schema';

const ROOT = path.resolve(__dirname, '..');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const SOURCE_PATHS = ['app', 'components', 'lib', 'public', 'next.config.js', 'package.json', 'tsconfig.json', 'postcss.config.mjs', 'instrumentation.ts', 'proxy.ts'];

/** Reads .env, .env.local and friends exactly as Next.js will, so the port, host and checks here match the server. */
function readEnv(isDev: boolean): Env {
  loadEnvConfig(ROOT, isDev, { info: () => undefined, error: console.error });
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function newestMtimeMs(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  return newest;
}

function isBuildStale(): boolean {
  const buildId = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return SOURCE_PATHS.some((entry) => newestMtimeMs(path.join(ROOT, entry)) > builtAt);
}

function assertPortFree(env: Env): Promise<void> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened (${error.code ?? error.message})`;
      console.error(`Port ${env.PORT} on ${env.HOST} ${reason}; stop what holds it or set PORT to another port.`);
      process.exit(1);
    });
    probe.listen(env.PORT, env.HOST, () => probe.close(() => resolve()));
  });
}

async function waitForHealth(origin: string, child: ReturnType<typeof spawn>): Promise<boolean> {
  for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt += 1) {
    try {
      const response = await fetch(`${origin}/api/health`);
      return response.ok;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return false;
}

async function main() {
  const isDev = process.argv.includes('--dev');
  const env = readEnv(isDev);
  await assertPortFree(env);
  if (!isDev && isBuildStale()) {
    console.log('Building the playground (the build is missing or older than the sources)…');
    const build = spawnSync(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const origin = internalOrigin(env);
  const child = spawn(process.execPath, [NEXT_BIN, isDev ? 'dev' : 'start', '-p', String(env.PORT), '-H', env.HOST], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: isDev ? 'development' : 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  const healthy = await waitForHealth(origin, child);
  console.log('');
  console.log(`  Playground  ${origin}${healthy ? '' : '  (health check failing: see /api/health)'}`);
  console.log(`  Gateway     ${describeGateway(env)}`);
  console.log(`  Database    ${describeDatabase(env)}`);
  console.log(`  Sign-in     ${describeSignIn(env)}`);
  const redirectUri = env.OIDC_ISSUER ? oidcRedirectUri(env) : null;
  if (redirectUri) console.log(`  Redirect    ${redirectUri}  (register this redirect URI with the provider)`);
  console.log('');
}

void main();
