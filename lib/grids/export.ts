// A run as CSV (one line per cell, a column per check) for spreadsheets; the JSON export is the run reply itself.
import { describeCheck } from './check-words';
import type { GridCell, GridRun } from './wire';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a leading apostrophe:
 * model output is never run, here as on the page. The JSON export keeps every text exactly.
 */
function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? guardFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS: [string, (cell: GridCell) => string | number | boolean | null][] = [
  ['variant', (cell) => cell.variant],
  ['row', (cell) => cell.row],
  ['status', (cell) => cell.status],
  ['pass', (cell) => cell.pass],
  ['output_text', (cell) => cell.output_text],
  ['response_id', (cell) => cell.response_id],
  ['model', (cell) => cell.model],
  ['on_behalf_of', (cell) => cell.on_behalf_of],
  ['ttft_ms', (cell) => (cell.ttft_ms === null ? null : Math.round(cell.ttft_ms))],
  ['total_ms', (cell) => (cell.total_ms === null ? null : Math.round(cell.total_ms))],
  ['input_tokens', (cell) => cell.input_tokens],
  ['output_tokens', (cell) => cell.output_tokens],
  ['total_tokens', (cell) => cell.total_tokens],
  ['attempts', (cell) => cell.attempts],
  ['error', (cell) => cell.error?.message ?? null],
];

/** Header, then the cells row by row, variants in column order; each check column reads "pass" or "fail: <reason>". */
export function buildRunCsv(run: Pick<GridRun, 'definition' | 'cells'>): string {
  const checks = run.definition.checks;
  const header = [...COLUMNS.map(([name]) => name), ...checks.map((check, index) => `check ${index + 1}: ${describeCheck(check)}`)];
  const ordered = [...run.cells].sort((a, b) => a.row_index - b.row_index || a.variant_index - b.variant_index);
  const lines = ordered.map((cell) => [
    ...COLUMNS.map(([, read]) => csvField(read(cell))),
    ...checks.map((_, index) => {
      const verdict = cell.checks[index];
      return csvField(verdict ? (verdict.pass ? 'pass' : `fail: ${verdict.reason}`) : null);
    }),
  ]);
  return [header.map(csvField), ...lines].map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}
