import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../support/postgres-server';

const ROOT = path.resolve(__dirname, '../..');

function runStart(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
  });
}

describe('npm start', () => {
  it('stops before building when a setting is bad, naming the variable and what is allowed', () => {
    const result = runStart({ PORT: 'abc', DATABASE_URL: 'mysql://db' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number');
    expect(result.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
    expect(result.stdout).not.toContain('Building');
  });

  it('says in one line which port is taken', async () => {
    const port = await findFreePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const result = runStart({ PORT: String(port), HOST: '127.0.0.1' });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n').filter((line) => !line.startsWith('npm warn'))).toEqual([
        `Port ${port} on 127.0.0.1 is already in use; stop what holds it or set PORT to another port.`,
      ]);
    } finally {
      holder.close();
    }
  });
});

describe('npm start with a .env.local', () => {
  const file = path.join(ROOT, '.env.local');
  // Never overwrite a developer's own settings; CI and fresh clones have none.
  it.skipIf(fs.existsSync(file))('reads settings from .env.local as Next.js does, and checks them before building', () => {
    fs.writeFileSync(file, 'PORT=not-a-port\n');
    try {
      const result = runStart({});
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('PORT must be a port number');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
