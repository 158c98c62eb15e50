// Results at a glance: which cells pass, per-variant totals and medians, the best values, the time left, the regression view,
// rows pasted as CSV or JSONL (bad lines named), the CSV export and the word diff of two cells.
import { describe, expect, it } from 'vitest';
import { buildRunCsv, csvField } from '@/lib/grids/export';
import { importRows, parseCsvRecords } from '@/lib/grids/row-import';
import { bestIndexes, compareRuns, decidePass, estimateMsLeft, median, summarizeRun } from '@/lib/grids/summary';
import type { GridCell } from '@/lib/grids/wire';
import { diffWords } from '@/lib/grids/word-diff';
import { gridDefinitionSchema } from '@/lib/schema/grid';

function cell(fields: Partial<GridCell>): GridCell {
  return {
    variant: 'agent', row: 'hi', variant_index: 0, row_index: 0, status: 'completed', pass: true, output_text: '', response_id: null, model: null, on_behalf_of: null,
    error: null, checks: [], ttft_ms: null, total_ms: null, input_tokens: null, output_tokens: null, total_tokens: null, attempts: 1, rate_limit_retries: 0, retry_at: null,
    started_at: null, ended_at: null, ...fields,
  };
}

const PASS = { type: 'contains' as const, pass: true, reason: 'found' };
const FAIL = { type: 'contains' as const, pass: false, reason: 'not found' };

describe('passing', () => {
  it('a settled cell with a response passes when every check passes; with no checks, when it completed', () => {
    expect(decidePass('completed', [PASS, PASS])).toBe(true);
    expect(decidePass('completed', [PASS, FAIL])).toBe(false);
    expect(decidePass('failed', [PASS])).toBe(true);
    expect(decidePass('completed', [])).toBe(true);
    expect(decidePass('incomplete', [])).toBe(false);
  });

  it('a cell without a response never passes, and an unsettled one has no verdict yet', () => {
    for (const status of ['error', 'timed_out', 'interrupted', 'invalid', 'cancelled'] as const) expect(decidePass(status, [PASS])).toBe(false);
    expect(decidePass('running', [PASS])).toBeNull();
    expect(decidePass('queued', [])).toBeNull();
  });
});

describe('totals', () => {
  const cells = [
    cell({ variant_index: 0, row_index: 0, pass: true, ttft_ms: 100, total_ms: 400, total_tokens: 30 }),
    cell({ variant_index: 0, row_index: 1, pass: false, ttft_ms: 300, total_ms: 800, total_tokens: 50 }),
    cell({ variant_index: 0, row_index: 2, status: 'running', pass: null, ttft_ms: 5 }),
    cell({ variant_index: 1, row_index: 0, pass: true, ttft_ms: 50, total_ms: 100, total_tokens: 10 }),
    cell({ variant_index: 1, row_index: 1, status: 'error', pass: false, ttft_ms: null, total_ms: 20 }),
    cell({ variant_index: 1, row_index: 2, pass: true, ttft_ms: 70, total_ms: 140, total_tokens: 12 }),
  ];

  it('counts done, passed and failed, and the pass rate over settled cells', () => {
    const totals = summarizeRun(['agent', 'echo'], cells);
    expect(totals).toMatchObject({ cells: 6, done: 5, passed: 3, failed: 2, pass_rate: 0.6 });
    expect(totals.variants[0]).toEqual({ variant: 'agent', variant_index: 0, cells: 3, done: 2, passed: 1, failed: 1, pass_rate: 0.5, median_ttft_ms: 200, median_total_ms: 600, total_tokens: 80 });
    // The errored cell has no response: it counts as failed, not in the time medians.
    expect(totals.variants[1]).toMatchObject({ done: 3, passed: 2, median_ttft_ms: 60, median_total_ms: 120, total_tokens: 22 });
  });

  it('median of odd and even counts; none of nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('the best value of a row or summary: lowest or highest, ties all marked, none when all are equal or only one is known', () => {
    expect(bestIndexes([300, 100, null, 100], 'lower')).toEqual([1, 3]);
    expect(bestIndexes([0.5, 1, 0.75], 'higher')).toEqual([1]);
    expect(bestIndexes([2, 2], 'lower')).toEqual([]);
    expect(bestIndexes([5, null], 'lower')).toEqual([]);
  });

  it('time left at the pace so far', () => {
    expect(estimateMsLeft(10_000, 4, 10)).toBe(15_000);
    expect(estimateMsLeft(10_000, 0, 10)).toBeNull();
    expect(estimateMsLeft(10_000, 10, 10)).toBe(0);
  });
});

describe('regression view', () => {
  it('names the cells (by labels) that now pass or now fail since the previous run; cells in one run only are left out', () => {
    const previous = [cell({ variant: 'a', row: '1', pass: true }), cell({ variant: 'a', row: '2', pass: false }), cell({ variant: 'b', row: '1', pass: true }), cell({ variant: 'gone', row: '1', pass: true })];
    const current = [cell({ variant: 'a', row: '1', pass: false }), cell({ variant: 'a', row: '2', pass: true }), cell({ variant: 'b', row: '1', pass: true }), cell({ variant: 'new', row: '1', pass: false }), cell({ variant: 'b', row: '2', status: 'running', pass: null })];
    expect(compareRuns('gridrun_1', previous, current)).toEqual({
      previous_run_id: 'gridrun_1',
      newly_passing: [{ variant: 'a', row: '2' }],
      newly_failing: [{ variant: 'a', row: '1' }],
      still_passing: 1,
      still_failing: 0,
    });
  });
});

describe('pasting rows', () => {
  it('CSV: a header, then label, input and a column per prompt variable; quotes, commas and line breaks inside fields', () => {
    const text = 'label,input,city\r\nparis,"Weather in ""Paris"", please",Paris\nlong,"line one\nline two",Oslo\n';
    expect(importRows(text)).toEqual({
      ok: true,
      rows: [
        { label: 'paris', input: 'Weather in "Paris", please', variables: { city: 'Paris' } },
        { label: 'long', input: 'line one\nline two', variables: { city: 'Oslo' } },
      ],
    });
  });

  it('CSV: an empty label is left for the grid to number; a row with only variables is a prompt row', () => {
    expect(importRows('label,city\n,Paris\n')).toEqual({ ok: true, rows: [{ variables: { city: 'Paris' } }] });
  });

  it('CSV: a record with the wrong number of fields, or a stray quote, is named by its line; nothing is imported then', () => {
    expect(importRows('label,input\na,one\nb\nc,three,extra\n')).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'has 1 field, but the header names 2.' },
        { line: 4, message: 'has 3 fields, but the header names 2.' },
      ],
    });
    expect(parseCsvRecords('input\nsay "hi"\n')).toMatchObject({ line: 2 });
    expect(parseCsvRecords('input\n"open\n')).toMatchObject({ line: 2, message: 'a quoted field is never closed.' });
    expect(importRows('input,input\nx,y')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });

  it('JSONL: one object per line, extra keys are prompt variables, items inputs kept; bad lines named', () => {
    const items = [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }];
    expect(importRows(`{"label":"a","input":"hello"}\n\n{"input":${JSON.stringify(items)}}\n{"city":"Paris","units":"celsius"}`)).toEqual({
      ok: true,
      rows: [{ label: 'a', input: 'hello' }, { input: items }, { variables: { city: 'Paris', units: 'celsius' } }],
    });
    const bad = importRows('{"input":"ok"}\n{"input": }\n[1]\n{"label":"x"}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.map((error) => error.line)).toEqual([2, 3, 4]);
    expect(!bad.ok && bad.errors[2]!.message).toBe("Invalid 'input': a row needs an input or prompt variables.");
  });
});

describe('CSV export', () => {
  const definition = gridDefinitionSchema.parse({
    name: 'g',
    base: { model: 'local-agent' },
    variants: [{ label: 'agent', patch: {} }, { label: 'echo', patch: {} }],
    rows: [{ label: 'hi', input: 'hi' }],
    checks: [{ type: 'contains', value: 'hello' }],
  });

  it('one line per cell, row by row, with each check as pass or fail: reason; fields quoted when needed', () => {
    const csv = buildRunCsv({
      definition,
      cells: [
        cell({ variant: 'echo', variant_index: 1, output_text: 'no, "never"\nok', pass: false, checks: [{ type: 'contains', pass: false, reason: 'not found' }], ttft_ms: 12.6 }),
        cell({ variant: 'agent', variant_index: 0, output_text: 'Hello!', checks: [{ type: 'contains', pass: true, reason: 'found' }], response_id: 'resp_1' }),
      ],
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('variant,row,status,pass,output_text,response_id,model,on_behalf_of,ttft_ms,total_ms,input_tokens,output_tokens,total_tokens,attempts,error,"check 1: contains ""hello"" (any case)"');
    expect(lines[1]).toBe('agent,hi,completed,true,Hello!,resp_1,,,,,,,,1,,pass');
    // A line break inside a field stays inside its quotes; records end with CRLF.
    expect(lines[2]).toBe('echo,hi,completed,false,"no, ""never""\nok",,,,13,,,,,1,,fail: not found');
    expect(lines[3]).toBe('');
  });

  it('text a spreadsheet would run as a formula starts with an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('plain')).toBe('plain');
  });
});

describe('word diff', () => {
  it('marks removed and added words and keeps the rest; the parts join back into both texts', () => {
    const before = 'The weather in Paris is sunny today.';
    const after = 'The weather in Oslo is rainy today.';
    const parts = diffWords(before, after);
    expect(parts).toEqual([
      { kind: 'same', text: 'The weather in ' },
      { kind: 'removed', text: 'Paris' },
      { kind: 'added', text: 'Oslo' },
      { kind: 'same', text: ' is ' },
      { kind: 'removed', text: 'sunny' },
      { kind: 'added', text: 'rainy' },
      { kind: 'same', text: ' today.' },
    ]);
    expect(parts.filter((part) => part.kind !== 'added').map((part) => part.text).join('')).toBe(before);
    expect(parts.filter((part) => part.kind !== 'removed').map((part) => part.text).join('')).toBe(after);
  });

  it('equal texts are one same part; an empty side is all added or removed', () => {
    expect(diffWords('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });
});
