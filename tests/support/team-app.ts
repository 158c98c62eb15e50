// The production build started with personal sign-in against the test OpenID provider (for tests of teams: sign-in, policies, audit).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, type RunningApp } from './app-process';
import type { TestProvider } from './oidc-provider';
import { findFreePort } from './ports';

export const CALLBACK_PATH = '/api/auth/callback/oidc';

/** These tests run `next start` on the production build: `npm test` builds before the integration tests. */
export function assertBuilt(): string {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!fs.existsSync(path.join(process.cwd(), distDir, 'BUILD_ID'))) {
    throw new Error(`No production build in ${distDir}: run \`npx next build\` first (npm test builds before the integration tests).`);
  }
  return distDir;
}

/** A free port for an app, and the redirect URI it will answer on (the provider must know it before the app starts). */
export async function reserveAppUrl(): Promise<{ port: number; url: string; redirectUri: string }> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  return { port, url, redirectUri: `${url}${CALLBACK_PATH}` };
}

export function oidcSettings(provider: TestProvider): Record<string, string> {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_SCOPES: 'openid email profile groups on_behalf_of offline_access',
  };
}

/** Starts the app on `port` with personal sign-in; a fresh PGlite folder unless DATABASE_URL is given. */
export async function startTeamApp(port: number, provider: TestProvider, env: Record<string, string> = {}): Promise<RunningApp> {
  const distDir = assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-team-'));
  return startApp(port, {
    NEXT_DIST_DIR: distDir,
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    PLAYGROUND_PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOCAL_GATEWAY_TOKENS_PER_SECOND: '0',
    ...oidcSettings(provider),
    ...env,
  });
}
