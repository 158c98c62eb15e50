// The arrows between rooms: lib/gateway depends on lib/auth, never the reverse (lib/auth/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const AUTH_DIR = path.join(process.cwd(), 'lib/auth');
/** The error class lives in lib/schema/errors.ts, so nothing of lib/gateway may be imported. */
const ALLOWED_FROM_GATEWAY = new Set<string>();

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');
}

describe('lib/auth', () => {
  const files = readdirSync(AUTH_DIR).filter((name) => name.endsWith('.ts'));

  it('holds the sign-in, session, access and rate-limit modules', () => {
    expect(files).toEqual(expect.arrayContaining(['access.ts', 'session.ts', 'rate-limit.ts']));
    expect(readdirSync(path.join(process.cwd(), 'lib/gateway'))).not.toEqual(expect.arrayContaining(['access.ts']));
  });

  it('imports nothing from lib/gateway', () => {
    const offending = files.flatMap((name) =>
      importsOf(path.join(AUTH_DIR, name))
        .filter((target) => (target.startsWith('@/lib/gateway') || target.startsWith('../gateway')) && !ALLOWED_FROM_GATEWAY.has(target))
        .map((target) => `${name} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
