// `npm run bench` itself: each figure judged against its target, compared with the right previous result, and the
// statistics the sections share. Timing-free: no section is run here (tests/integration/bench-sections.test.ts runs one).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareWithPrevious, readPreviousResults } from '../../../scripts/bench/report';
import { median, medianPairedDifference, percentile, untilProcessesIdle } from '../../../scripts/bench/support';
import { figure, isMet, type BenchSection } from '../../../scripts/bench/types';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function resultsDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-bench-results-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const resultFile = (figures: BenchSection['figures']) => ({ sections: [{ title: 't', rows: [], notes: [], figures }] });

describe('figures and targets', () => {
  it('rounds a value to two decimals and reads a value that is not a finite number as not measured', () => {
    expect(figure('a', 'A', 1.23456, 'x', { max: 2 }).value).toBe(1.23);
    expect(figure('a', 'A', NaN, 'x', { max: 2 }).value).toBeNull();
    expect(figure('a', 'A', Infinity, 'x', { max: 2 }).value).toBeNull();
  });

  it('meets a max target at or below it, a min target at or above it, and is unknown when not measured', () => {
    expect(isMet(figure('a', 'A', 2, 'x', { max: 2 }))).toBe(true);
    expect(isMet(figure('a', 'A', 2.01, 'x', { max: 2 }))).toBe(false);
    expect(isMet(figure('a', 'A', 0, 'count', { max: 0 }))).toBe(true);
    expect(isMet(figure('a', 'A', 100, '/s', { min: 100 }))).toBe(true);
    expect(isMet(figure('a', 'A', 99, '/s', { min: 100 }))).toBe(false);
    expect(isMet(figure('a', 'A', null, 'x', { max: 2 }))).toBeNull();
  });
});

describe('the previous result file', () => {
  it('takes each figure from the newest file that has it, skips unreadable files and names the newest readable one', () => {
    const dir = resultsDir({
      'bench-2026-01-01T00-00-00-000Z.json': resultFile([figure('old.only', 'Old', 5, 'ms', { max: 10 }), figure('both', 'Both', 1, 'x', { max: 2 })]),
      'bench-2026-01-02T00-00-00-000Z.json': resultFile([figure('both', 'Both', 3, 'x', { max: 2 }), figure('unmeasured', 'U', null, 'x', { max: 2 })]),
      'bench-2026-01-03T00-00-00-000Z.json': '{"sections": [half written',
      'notes.txt': 'not a result file',
    });
    const previous = readPreviousResults(dir);
    expect(previous.latestFile).toBe('bench-2026-01-02T00-00-00-000Z.json');
    expect(previous.byId.get('both')).toEqual({ value: 3, file: 'bench-2026-01-02T00-00-00-000Z.json' });
    expect(previous.byId.get('old.only')).toEqual({ value: 5, file: 'bench-2026-01-01T00-00-00-000Z.json' });
    // A figure a file could not measure is not its previous value.
    expect(previous.byId.has('unmeasured')).toBe(false);
  });

  it('has no previous file when the folder is missing', () => {
    const previous = readPreviousResults(path.join(os.tmpdir(), 'playground-bench-no-such-folder'));
    expect(previous).toEqual({ latestFile: null, byId: new Map() });
  });

  it('calls a figure worse only when it moved more than 10 % away from its target side', () => {
    const dir = resultsDir({
      'bench-2026-01-01T00-00-00-000Z.json': resultFile([
        figure('lower', 'Lower is better', 100, 'ms', { max: 200 }),
        figure('lower.small', 'Lower, small move', 100, 'ms', { max: 200 }),
        figure('higher', 'Higher is better', 100, '/s', { min: 50 }),
        figure('higher.up', 'Higher, went up', 100, '/s', { min: 50 }),
      ]),
    });
    const compared = compareWithPrevious(
      [
        figure('lower', 'Lower is better', 111, 'ms', { max: 200 }),
        figure('lower.small', 'Lower, small move', 109, 'ms', { max: 200 }),
        figure('higher', 'Higher is better', 89, '/s', { min: 50 }),
        figure('higher.up', 'Higher, went up', 150, '/s', { min: 50 }),
        figure('new', 'No previous value', 1, 'x', { max: 2 }),
      ],
      readPreviousResults(dir),
    );
    expect(compared.map((item) => [item.id, item.isRegression])).toEqual([
      ['lower', true],
      ['lower.small', false],
      ['higher', true],
      ['higher.up', false],
      ['new', false],
    ]);
    expect(compared[0]!.previous).toEqual({ value: 100, file: 'bench-2026-01-01T00-00-00-000Z.json' });
    expect(compared[4]!.previous).toBeNull();
  });
});

describe('statistics the sections share', () => {
  it('takes the median, a percentile, and the median of differences between samples taken side by side', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([])).toBeNaN();
    expect(percentile([...Array(100).keys()].map((n) => n + 1), 0.99)).toBe(100);
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(30);
    // Pairs (12-10, 30-20, 33-30): the slow second turn moved both sides and cancels out.
    expect(medianPairedDifference([12, 30, 33], [10, 20, 30])).toBe(3);
    expect(() => medianPairedDifference([1, 2], [1])).toThrow(/differ in number/);
  });
});

describe('waiting for processes to be idle', () => {
  it('returns once an idle process has had a quiet window, and waits its whole limit while one process is busy', async () => {
    const idle = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    try {
      // The idle one settles once started, however loaded the machine; the busy one never does (it gets well over 10 % of a CPU).
      expect(await untilProcessesIdle([idle.pid!], { windowMs: 200, maxMs: 20_000 })).toBeLessThan(20_000);
      expect(await untilProcessesIdle([idle.pid!, busy.pid!], { windowMs: 200, maxMs: 1_000 })).toBeGreaterThanOrEqual(1_000);
    } finally {
      idle.kill('SIGKILL');
      busy.kill('SIGKILL');
    }
  });
});
