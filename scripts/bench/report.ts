// Printing bench results: a table per section, then every figure beside its target and the same figure in the previous result file.
import fs from 'node:fs';
import path from 'node:path';
import { isMet, type BenchFigure, type BenchSection } from './types';

export interface PreviousResults {
  /** The newest earlier result file that could be read, if any. */
  latestFile: string | null;
  /** Each figure's value in the newest earlier file that has it, with that file's name. */
  byId: Map<string, { value: number | null; file: string }>;
}

export function readPreviousResults(dir: string): PreviousResults {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^bench-.*\.json$/.test(name)).sort().reverse() : [];
  const byId = new Map<string, { value: number | null; file: string }>();
  let latestFile: string | null = null;
  for (const file of files) {
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { sections?: BenchSection[] };
      latestFile ??= file;
      for (const item of (parsed.sections ?? []).flatMap((section) => section.figures ?? [])) {
        if (!byId.has(item.id) && item.value !== null) byId.set(item.id, { value: item.value, file });
      }
    } catch {
      // A half-written or hand-edited file is skipped, not fatal.
    }
  }
  return { latestFile, byId };
}

export interface ComparedFigure extends BenchFigure {
  previous: { value: number | null; file: string } | null;
  /** True when the figure moved the wrong way (away from its target's side) by more than 10 % since the previous file. */
  isRegression: boolean;
}

export function compareWithPrevious(figures: readonly BenchFigure[], previous: PreviousResults): ComparedFigure[] {
  return figures.map((item) => {
    const before = previous.byId.get(item.id) ?? null;
    const lowerIsBetter = item.target.min === undefined;
    const moved = before?.value != null && item.value !== null ? (item.value - before.value) / Math.max(Math.abs(before.value), 1e-9) : 0;
    return { ...item, previous: before, isRegression: lowerIsBetter ? moved > 0.1 : moved < -0.1 };
  });
}

function describeTarget(item: BenchFigure): string {
  const parts = [];
  if (item.target.max !== undefined) parts.push(`≤ ${item.target.max}`);
  if (item.target.min !== undefined) parts.push(`≥ ${item.target.min}`);
  return parts.length ? `${parts.join(' and ')} ${item.unit}` : '(reference)';
}

function printTable(rows: Array<Record<string, string | number>>): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => String(row[column] ?? ''))));
}

export function printSection(section: BenchSection): void {
  console.log(`\n## ${section.title}`);
  if (section.rows.length) printTable(section.rows);
  for (const note of section.notes) console.log(`  note: ${note}`);
}

export function printFigures(figures: readonly ComparedFigure[], latestFile: string | null): void {
  console.log(`\n## Every figure against its target${latestFile ? ` (previous: bench-results/${latestFile} or the newest file that has the figure)` : ' (no previous result file)'}`);
  if (!figures.length) return;
  printTable(
    figures.map((item) => {
      const met = isMet(item);
      const isReference = item.target.max === undefined && item.target.min === undefined;
      return {
        figure: item.label,
        now: item.value === null ? 'not measured' : `${item.value} ${item.unit}`,
        target: describeTarget(item),
        met: isReference ? '' : met === null ? 'NOT MEASURED' : met ? 'yes' : 'NO',
        previous: item.previous?.value != null ? `${item.previous.value} ${item.unit}` : '',
        change: item.isRegression ? 'WORSE' : '',
      };
    }),
  );
  const scored = figures.filter((item) => item.target.max !== undefined || item.target.min !== undefined);
  const met = scored.filter((item) => isMet(item) === true).length;
  console.log(`\n${met} of ${scored.length} figures at target; ${figures.filter((item) => item.isRegression).length} worse than the previous result by more than 10 %.`);
}
