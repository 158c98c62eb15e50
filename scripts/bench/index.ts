// `npm run bench [section...]`: every benchmark section side by side in one run, one table each, then each figure beside its
// target and the previous result file in bench-results/, and the same figures as JSON there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enterRunTempRoot, removeRunTempRoot } from '../../tests/support/run-temp-root';
import { compareWithPrevious, printFigures, printSection, readPreviousResults } from './report';
import { SECTIONS } from './section';
import type { BenchSection } from './types';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT_DIR = path.join(ROOT, 'bench-results');

function runSection(name: string): BenchSection {
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'section.ts'), name], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const lastLine = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !lastLine.startsWith('{')) {
    return { title: name, rows: [], notes: [`failed to run: ${child.stderr.trim().split('\n').slice(-6).join(' | ')}`] };
  }
  return JSON.parse(lastLine) as BenchSection;
}

function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in SECTIONS));
  if (unknown.length) {
    console.error(`unknown bench section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const names = requested.length ? requested : Object.keys(SECTIONS);
  const previous = readPreviousResults(OUT_DIR);
  // Every temporary folder of the run (apps' databases, PostgreSQL, browsers) lands in one, removed at the end.
  const tempRoot = enterRunTempRoot('bench');
  const sections: BenchSection[] = [];
  try {
    console.log(`bench on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)} at the start`);
    for (const name of names) {
      const section = runSection(name);
      printSection(section);
      sections.push(section);
    }
  } finally {
    removeRunTempRoot(tempRoot);
  }
  const figures = compareWithPrevious(sections.flatMap((section) => section.figures ?? []), previous);
  printFigures(figures, previous.latestFile);

  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryGb: Math.round(os.totalmem() / 1024 ** 3), loadAtEnd: os.loadavg()[0] };
  fs.writeFileSync(file, JSON.stringify({ ranAt: new Date().toISOString(), node: process.version, cpus: machine.cpus, machine, sectionsRun: names, sections }, null, 2));
  console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
}

main();
