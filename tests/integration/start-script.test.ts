import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../support/ports';

const ROOT = path.resolve(__dirname, '../..');

function runStart(env: Record<string, string>, root = ROOT) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
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
  it('reads settings from .env.local as Next.js does, and checks them before building', () => {
    // A copy of the script beside its settings module, so the test's .env.local never touches the repository's own.
    const repositoryEnvLocal = path.join(ROOT, '.env.local');
    const readRepositoryEnvLocal = () => (fs.existsSync(repositoryEnvLocal) ? fs.readFileSync(repositoryEnvLocal, 'utf8') : null);
    const before = readRepositoryEnvLocal();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-start-'));
    try {
      for (const file of ['scripts/start.ts', 'lib/env-schema.ts', 'package.json']) {
        fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
      }
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      fs.writeFileSync(path.join(root, '.env.local'), 'PORT=not-a-port\n');
      const result = runStart({}, root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('PORT must be a port number');
      expect(readRepositoryEnvLocal()).toBe(before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
