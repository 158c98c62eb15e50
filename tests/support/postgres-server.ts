// Starts a throwaway PostgreSQL server from Debian's packages on loopback, on a free port, in a temp folder.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './ports';

export interface PostgresServer {
  url: string;
  stop: () => void;
}

function findBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (npm test does it when run as root).');
}


export async function startPostgres(): Promise<PostgresServer> {
  const binDir = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await findFreePort();
  const asOwner = (command: string, args: string[]) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] as const : [command, args] as const;
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (command: string, args: string[]) => {
    const [bin, argv] = asOwner(command, args);
    const result = spawnSync(bin, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  run(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run(path.join(binDir, 'pg_ctl'), [
    '-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`, 'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      const [bin, argv] = asOwner(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(bin, argv);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
