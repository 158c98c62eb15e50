import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findFreePortSync } from './tests/support/ports';
import { enterRunTempRoot } from './tests/support/run-temp-root';

// The app under test: the production build on a free loopback port (or E2E_PORT), with a fresh embedded database and the local gateway.

// One free port for the run; workers inherit it through E2E_PORT, so every process of the run agrees.
process.env.E2E_PORT ??= String(findFreePortSync());
const PORT = Number(process.env.E2E_PORT);
// Every temporary folder of the run (the app's database, the specs' own) is inside one, removed by the global teardown.
const dataDir = path.join(enterRunTempRoot('e2e'), 'app');
const SERVER_KEY = 'sk-e2e-server-key-do-not-leak-7f3a';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx --no-install tsx scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      LOCAL_GATEWAY_TOKENS_PER_SECOND: '400',
      // A distinctive server key (the proxy's bearer to the mounted local gateway): tests/e2e/abuse.spec.ts checks it never reaches a browser.
      GATEWAY_API_KEY: SERVER_KEY,
      LOCAL_GATEWAY_API_KEYS: SERVER_KEY,
      ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    },
  },
});
