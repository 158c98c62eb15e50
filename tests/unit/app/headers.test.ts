import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(__dirname, '../../../app');

function routeAndPageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeAndPageFiles(full);
    return /^(route|page|layout)\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('app/ route, page and layout files', () => {
  it('each open with a one-line comment saying what they serve', () => {
    const missing = routeAndPageFiles(APP).filter((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const first = lines[0] === "'use client';" ? lines[1] : lines[0];
      return !first?.startsWith('// ');
    });
    expect(missing.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
