// `npm run bench`: every benchmark section side by side in one run, one table each, and the same figures as JSON in bench-results/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoadJs } from './first-load-js';
import type { BenchSection } from './types';

const ROOT = path.resolve(__dirname, '..', '..');
const SECTION_NAMES = ['proxy', 'local-gateway', 'webhooks', 'transcript', 'transcript-render', 'grids'];
const APP_PORT = Number(process.env.BENCH_PORT ?? 3950);

function runSection(name: string): BenchSection {
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'section.ts'), name], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const lastLine = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !lastLine.startsWith('{')) {
    return { title: name, rows: [], notes: [`failed to run: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`] };
  }
  return JSON.parse(lastLine) as BenchSection;
}

async function withApp<T>(work: (origin: string, distDir: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-bench-'));
  const app = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(APP_PORT), HOST: '127.0.0.1', PGLITE_DIR: path.join(dataDir, 'pglite'), LOCAL_GATEWAY_TOKENS_PER_SECOND: '0' },
  });
  const origin = `http://127.0.0.1:${APP_PORT}`;
  try {
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      const ok = await fetch(`${origin}/api/health`).then((response) => response.ok, () => false);
      if (ok) break;
      if (app.exitCode !== null) throw new Error('the app exited before it was healthy');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return await work(origin, path.join(ROOT, process.env.NEXT_DIST_DIR || '.next'));
  } finally {
    app.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printSection(section: BenchSection): void {
  console.log(`\n## ${section.title}`);
  if (section.rows.length) {
    const columns = [...new Set(section.rows.flatMap((row) => Object.keys(row)))];
    const widths = columns.map((column) => Math.max(column.length, ...section.rows.map((row) => String(row[column] ?? '').length)));
    const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
    console.log(line(columns));
    console.log(line(widths.map((width) => '-'.repeat(width))));
    for (const row of section.rows) console.log(line(columns.map((column) => String(row[column] ?? ''))));
  }
  for (const note of section.notes) console.log(`  note: ${note}`);
}

async function main() {
  const sections: BenchSection[] = [];
  for (const name of SECTION_NAMES) {
    const section = runSection(name);
    printSection(section);
    sections.push(section);
  }
  const firstLoad = await withApp((origin, distDir) => measureFirstLoadJs(origin, distDir)).catch(
    (error: Error): BenchSection => ({ title: 'First-load JavaScript per page', rows: [], notes: [`failed: ${error.message}`] }),
  );
  printSection(firstLoad);
  sections.push(firstLoad);

  const outDir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ ranAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, sections }, null, 2));
  console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
}

void main();
