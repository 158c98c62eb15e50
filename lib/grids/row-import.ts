// Rows pasted as CSV (a header, then a column per prompt variable besides `label` and `input`) or JSONL, each bad line named.
import { gridRowSchema, type GridDefinitionInput } from '@/lib/schema/grid';
import { formatZodIssues } from '@/lib/schema/issues';

type RowInput = GridDefinitionInput['rows'][number];

export interface RowImportError {
  /** 1-based line of the pasted text where the record starts. */
  line: number;
  message: string;
}

export type RowImport = { ok: true; rows: RowInput[] } | { ok: false; errors: RowImportError[] };

const RESERVED = ['label', 'input', 'variables'];

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF line ends; a BOM is dropped. */
export function parseCsvRecords(text: string): CsvRecord[] | RowImportError {
  const source = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let isQuoted = false;
  let wasQuoted = false;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at]!;
    if (isQuoted) {
      if (char === '"' && source[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') isQuoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '' && !wasQuoted) {
      isQuoted = true;
      wasQuoted = true;
    } else if (char === '"') return { line, message: 'a quote inside an unquoted field: quote the whole field and double the quotes inside it ("say ""hi""").' };
    else if (char === ',') {
      fields.push(field);
      field = '';
      wasQuoted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      wasQuoted = false;
      line += 1;
      recordLine = line;
    } else if (wasQuoted) return { line, message: 'text after a closing quote: a quoted field must end at a comma or the end of the line.' };
    else field += char;
  }
  if (isQuoted) return { line: recordLine, message: 'a quoted field is never closed.' };
  fields.push(field);
  if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
  return records;
}

function checkRow(candidate: unknown, line: number, errors: RowImportError[]): RowInput | null {
  const parsed = gridRowSchema.safeParse(candidate);
  if (parsed.success) return candidate as RowInput;
  const issue = formatZodIssues(parsed.error.issues, candidate)[0];
  errors.push({ line, message: issue?.message ?? 'not a valid row.' });
  return null;
}

function fromCsv(text: string): RowImport {
  const records = parseCsvRecords(text);
  if (!Array.isArray(records)) return { ok: false, errors: [records] };
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: [{ line: 1, message: 'nothing to import: the first line must name the columns (label, input, or prompt variables).' }] };
  const names = header.fields.map((name) => name.trim());
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) return { ok: false, errors: [{ line: header.line, message: `the column ${JSON.stringify(repeated)} is named twice.` }] };
  if (names.includes('variables')) return { ok: false, errors: [{ line: header.line, message: 'a CSV has a column per prompt variable; there is no "variables" column.' }] };
  if (body.length === 0) return { ok: false, errors: [{ line: header.line + 1, message: 'no rows under the header line.' }] };
  const errors: RowImportError[] = [];
  const rows: RowInput[] = [];
  for (const record of body) {
    if (record.fields.length !== names.length) {
      errors.push({ line: record.line, message: `has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}, but the header names ${names.length}.` });
      continue;
    }
    const row: Record<string, unknown> = {};
    const variables: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = record.fields[index]!;
      if (name === 'label') {
        if (value !== '') row.label = value;
      } else if (name === 'input') row.input = value;
      else variables[name] = value;
    });
    if (Object.keys(variables).length > 0) row.variables = variables;
    const checked = checkRow(row, record.line, errors);
    if (checked) rows.push(checked);
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

function fromJsonLines(text: string): RowImport {
  const errors: RowImportError[] = [];
  const rows: RowInput[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      errors.push({ line, message: `not valid JSON (${(error as Error).message}).` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ line, message: 'each line must be a JSON object such as {"label": "hi", "input": "hello"}.' });
      return;
    }
    // Keys besides label, input and variables are prompt variables, like the columns of a CSV.
    const object = value as Record<string, unknown>;
    const extra = Object.fromEntries(Object.entries(object).filter(([key]) => !RESERVED.includes(key)));
    const row: Record<string, unknown> = Object.fromEntries(Object.entries(object).filter(([key]) => RESERVED.includes(key)));
    if (Object.keys(extra).length > 0) row.variables = { ...(typeof row.variables === 'object' && row.variables !== null ? row.variables : {}), ...extra };
    const checked = checkRow(row, line, errors);
    if (checked) rows.push(checked);
  });
  if (errors.length === 0 && rows.length === 0) errors.push({ line: 1, message: 'nothing to import.' });
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** JSONL when the first non-blank character opens an object, CSV otherwise. */
export function importRows(text: string): RowImport {
  return text.trimStart().startsWith('{') ? fromJsonLines(text) : fromCsv(text);
}
