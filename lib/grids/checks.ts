// The checks every cell is judged by: each one is a pure function of the cell's outcome, with the reason shown beside its verdict.
import Ajv, { type ValidateFunction } from 'ajv';
import type { GridCheck, GridCheckType } from '@/lib/schema/grid';
import { quote } from './check-words';

/** What a check can look at: how the cell ended, its text, items, timings and tokens, and the body it sent. */
export interface CellOutcome {
  status: string;
  outputText: string;
  items: readonly unknown[];
  ttftMs: number | null;
  totalMs: number | null;
  outputTokens: number | null;
  /** The `text.format` of the body the cell sent (matches_schema reads its JSON schema). */
  textFormat: unknown;
}

export interface CheckVerdict {
  type: GridCheckType;
  pass: boolean;
  reason: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fold(text: string, isCaseSensitive: boolean | undefined): string {
  return isCaseSensitive ? text : text.toLowerCase();
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

const VALIDATORS = new Map<string, ValidateFunction | string>();
const VALIDATOR_CACHE_SIZE = 100;

/** A compiled validator per distinct schema (a grid checks one schema many times), or why it does not compile. */
function validatorFor(schema: Record<string, unknown>): ValidateFunction | string {
  const key = JSON.stringify(schema);
  const cached = VALIDATORS.get(key);
  if (cached) return cached;
  let compiled: ValidateFunction | string;
  try {
    compiled = new Ajv({ strict: false, validateFormats: false, allErrors: false }).compile(schema);
  } catch (error) {
    compiled = `the request's JSON schema does not compile (${(error as Error).message.slice(0, 120)})`;
  }
  VALIDATORS.set(key, compiled);
  if (VALIDATORS.size > VALIDATOR_CACHE_SIZE) VALIDATORS.delete(VALIDATORS.keys().next().value as string);
  return compiled;
}

function checkSchema(outcome: CellOutcome): [boolean, string] {
  const format = outcome.textFormat;
  if (!isObject(format) || format.type !== 'json_schema' || !isObject(format.schema)) return [false, 'the request has no text.format of type json_schema to check against'];
  const parsed = parseJson(outcome.outputText);
  if (!parsed.ok) return [false, `the output is not JSON (${parsed.message})`];
  const validate = validatorFor(format.schema);
  if (typeof validate === 'string') return [false, validate];
  if (validate(parsed.value)) return [true, `the output matches the schema ${typeof format.name === 'string' ? format.name : ''}`.trim()];
  const first = validate.errors?.[0];
  return [false, `${first?.instancePath || 'the output'} ${first?.message ?? 'does not match'}`];
}

/** Names of the tools a cell's items called: function and custom tools and MCP tools by name, built-in tools by type. */
export function calledTools(items: readonly unknown[]): string[] {
  const names: string[] = [];
  for (const item of items) {
    if (!isObject(item) || typeof item.type !== 'string') continue;
    if (['function_call', 'custom_tool_call', 'mcp_call'].includes(item.type) && typeof item.name === 'string') names.push(item.name);
    else if (item.type.endsWith('_call')) names.push(item.type.slice(0, -'_call'.length));
  }
  return names;
}

function checkTool(name: string, items: readonly unknown[]): [boolean, string] {
  const called = calledTools(items);
  // A built-in tool may be named by its tool type (web_search) or by its call's item type (web_search_call).
  const wanted = name.endsWith('_call') ? name.slice(0, -'_call'.length) : name;
  if (called.includes(name) || called.includes(wanted)) return [true, `${name} was called`];
  return [false, called.length ? `called ${[...new Set(called)].join(', ')}, not ${name}` : 'no tool was called'];
}

function underLimit(what: string, value: number | null, limit: number, unit: string): [boolean, string] {
  if (value === null) return [false, `no ${what} was measured`];
  const rounded = Math.round(value);
  return value < limit ? [true, `${what} ${rounded}${unit} < ${limit}${unit}`] : [false, `${what} ${rounded}${unit} is not under ${limit}${unit}`];
}

function judge(check: GridCheck, outcome: CellOutcome): [boolean, string] {
  const text = outcome.outputText;
  switch (check.type) {
    case 'contains':
    case 'not_contains': {
      const found = fold(text, check.case_sensitive).includes(fold(check.value, check.case_sensitive));
      const isPass = check.type === 'contains' ? found : !found;
      if (text === '') return [check.type === 'not_contains', 'the output has no text'];
      return [isPass, found ? `found ${quote(check.value)}` : `${quote(check.value)} not found in ${quote(text)}`];
    }
    case 'regex': {
      const match = new RegExp(check.value, check.flags ?? '').exec(text);
      return match ? [true, `matched ${quote(match[0])}`] : [false, `no match in ${quote(text)}`];
    }
    case 'equals': {
      const isEqual = fold(text.trim(), check.case_sensitive) === fold(check.value.trim(), check.case_sensitive);
      return [isEqual, isEqual ? 'equal' : `the output is ${quote(text)}`];
    }
    case 'is_json': {
      const parsed = parseJson(text);
      return parsed.ok ? [true, 'valid JSON'] : [false, text === '' ? 'the output has no text' : `not JSON (${parsed.message})`];
    }
    case 'matches_schema':
      return checkSchema(outcome);
    case 'status':
      return outcome.status === check.value ? [true, `status ${outcome.status}`] : [false, `status ${outcome.status}, not ${check.value}`];
    case 'ttft_under':
      return underLimit('first token', outcome.ttftMs, check.value, ' ms');
    case 'total_time_under':
      return underLimit('total time', outcome.totalMs, check.value, ' ms');
    case 'output_tokens_under':
      return underLimit('output token count', outcome.outputTokens, check.value, '');
    case 'tool_called':
      return checkTool(check.value, outcome.items);
  }
}

export function evaluateCheck(check: GridCheck, outcome: CellOutcome): CheckVerdict {
  const [pass, reason] = judge(check, outcome);
  return { type: check.type, pass, reason };
}

export function evaluateChecks(checks: readonly GridCheck[], outcome: CellOutcome): CheckVerdict[] {
  return checks.map((check) => evaluateCheck(check, outcome));
}
