// The arrows between rooms as README.md's architecture table states them: every import follows an arrow of the table,
// every lib/<room>/README.md repeats its row and who imports it, and no two rooms depend on each other (no cycle at all).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SOURCE_DIRS = ['app', 'components', 'lib'];
const ROOT_FILES = ['proxy.ts', 'instrumentation.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'migrations') return [];
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** The room a repository path belongs to: `app`, `components/x`, `lib/x` (a folder), `lib/x.ts` or a root file; null outside them. */
function roomOf(relative: string): string | null {
  const parts = relative.split('/');
  if (parts[0] === 'app') return 'app';
  if (parts[0] === 'components' && parts.length > 2) return `components/${parts[1]}`;
  if (parts[0] === 'lib' && parts[1]) {
    if (parts.length > 2) return `lib/${parts[1]}`;
    const base = parts[1].replace(/\.(ts|tsx)$/, '');
    return existsSync(path.join(ROOT, 'lib', base)) && statSync(path.join(ROOT, 'lib', base)).isDirectory() ? `lib/${base}` : `lib/${base}.ts`;
  }
  return ROOT_FILES.includes(relative) ? relative : null;
}

/** Every module specifier a file imports or re-exports, static or dynamic, type-only included. */
function importsOf(relative: string): string[] {
  const source = readFileSync(path.join(ROOT, relative), 'utf8');
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

function targetOf(from: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return null;
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function actualEdges(): Edge[] {
  const files = [...SOURCE_DIRS.flatMap(sourceFiles), ...ROOT_FILES];
  return files.flatMap((file) => {
    const from = roomOf(file);
    if (!from) return [];
    return importsOf(file).flatMap((specifier) => {
      const target = targetOf(file, specifier);
      const to = target === null ? null : roomOf(target) ?? roomOf(`${target}.ts`);
      return to && to !== from ? [{ from, to, file }] : [];
    });
  });
}

/** `lib/db`, `lib/env.ts`, `components/*` …, read from the backticked names of a table cell or a README line. */
function namesIn(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

function readTable(): Map<string, string[]> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Architecture: rooms and arrows'));
  const body = section.slice(0, section.indexOf('\n## ', 4));
  const rows = new Map<string, string[]>();
  for (const line of body.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !cells[1]?.startsWith('`')) continue;
    const room = namesIn(cells[1])[0] ?? '';
    rows.set(room, cells[3] === 'nothing' ? [] : namesIn(cells[3] ?? ''));
  }
  return rows;
}

function allows(allowed: readonly string[], to: string): boolean {
  return allowed.some((name) => name === to || (name.endsWith('/*') && to.startsWith(name.slice(0, -1))));
}

const table = readTable();
const edges = actualEdges();
const libRooms = readdirSync(path.join(ROOT, 'lib')).filter((name) => statSync(path.join(ROOT, 'lib', name)).isDirectory());
const allRooms = [...new Set([...edges.flatMap((edge) => [edge.from, edge.to]), ...libRooms.map((name) => `lib/${name}`)])].sort();

/** Every loop of arrows among the `lib/` rooms, each written from its alphabetically first room (`a ⇄ b`, `a → b → c`). */
function findCycles(rows: Map<string, string[]>, rooms: string[]): string[] {
  const arrows = new Map([...rows].map(([room, allowed]) => [room, rooms.filter((to) => to !== room && allows(allowed, to))]));
  const cycles = new Set<string>();
  const visit = (room: string, trail: string[]) => {
    const at = trail.indexOf(room);
    if (at !== -1) {
      const loop = trail.slice(at);
      const start = loop.indexOf([...loop].sort()[0] ?? room);
      cycles.add([...loop.slice(start), ...loop.slice(0, start)].join(loop.length === 2 ? ' ⇄ ' : ' → '));
      return;
    }
    if (trail.length > rooms.length) return;
    for (const next of arrows.get(room) ?? []) visit(next, [...trail, room]);
  };
  // app, proxy.ts and instrumentation.ts only compose; nothing imports them, so they cannot close a cycle.
  for (const room of [...rows.keys()].filter((name) => name.startsWith('lib/'))) visit(room, []);
  return [...cycles].sort();
}

describe('rooms and arrows (README.md, "Architecture: rooms and arrows")', () => {
  it('has a row for every room, and no row for a room that is gone', () => {
    expect([...table.keys()].sort()).toEqual(allRooms);
  });

  it('every import follows an arrow of the table', () => {
    const offending = edges
      .filter((edge) => !allows(table.get(edge.from) ?? [], edge.to))
      .map((edge) => `${edge.file} imports ${edge.to}, which the row of ${edge.from} does not name`);
    expect([...new Set(offending)]).toEqual([]);
  });

  it('the arrows of the table have no cycle (lib/jobs gets the gateway and the deliveries through lib/job-ports.ts)', () => {
    expect(findCycles(table, allRooms)).toEqual([]);
  });

  it('finds a two-way arrow and a longer loop when a table has them', () => {
    const withCycles = new Map([...table, ['lib/jobs', [...(table.get('lib/jobs') ?? []), 'lib/gateway']], ['lib/env-schema.ts', ['lib/db']]]);
    const cycles = findCycles(withCycles, allRooms);
    expect(cycles).toContain('lib/gateway ⇄ lib/jobs');
    expect(cycles).toContain('lib/db → lib/env.ts → lib/env-schema.ts');
  });

  it('fails for an arrow the table forbids (lib/schema importing lib/db, lib/jobs importing components/jobs)', () => {
    expect(allows(table.get('lib/schema') ?? ['?'], 'lib/db')).toBe(false);
    expect(allows(table.get('lib/jobs') ?? [], 'components/jobs')).toBe(false);
    expect(allows(table.get('app') ?? [], 'components/jobs')).toBe(true);
  });
});

describe.each(libRooms)('lib/%s/README.md', (name) => {
  const room = `lib/${name}`;
  const file = path.join(ROOT, room, 'README.md');
  const readme = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const line = (label: string) => readme.split('\n').find((text) => text.startsWith(`- ${label}:`)) ?? '';

  it('exists and says what lives there', () => {
    expect(readme, `${room}/README.md is missing`).toMatch(/^# /);
  });

  it('"May import" repeats its row of the table', () => {
    expect(namesIn(line('May import')).sort(), `the "- May import:" line of ${room}/README.md`).toEqual([...(table.get(room) ?? [])].sort());
  });

  it('"May be imported by" names every room whose row allows it', () => {
    const importers = [...table].filter(([from, allowed]) => from !== room && allows(allowed, room)).map(([from]) => from);
    const stated = namesIn(line('May be imported by'));
    const wildcards = stated.filter((entry) => entry.endsWith('/*'));
    expect(stated.filter((entry) => !entry.endsWith('/*')).sort(), `the "- May be imported by:" line of ${room}/README.md`).toEqual(
      importers.filter((from) => !allows(wildcards, from)).sort(),
    );
  });
});
