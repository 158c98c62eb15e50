// Turns zod issues into protocol-style errors: a param path, a message naming field and allowed values, and a code.
import type { z } from 'zod';
import { zodPathToParam } from './param';
import type { IssueParams } from './fields';

export type SchemaIssue = { param: string; message: string; code: string };

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const PREVIEW_MAX_CHARS = 200;

/** The offending value as JSON for a message, cut short; never throws (JSON.stringify overflows the stack on deeply nested values). */
function previewValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'nothing';
  } catch {
    return describeValue(value);
  }
  return text.length > PREVIEW_MAX_CHARS ? `${text.slice(0, PREVIEW_MAX_CHARS)}… (${text.length} characters)` : text;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `a number (${value})`;
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return `a boolean (${value})`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

const EXPECTED_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  null: 'null',
  undefined: 'no value',
};

function quoteList(values: ReadonlyArray<unknown>): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

function sizeIssue(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>, value: unknown): { code: string; detail: string } {
  const isBig = issue.code === 'too_big';
  const limit = Number(isBig ? issue.maximum : issue.minimum);
  const side = isBig ? 'above_max' : 'below_min';
  const bound = isBig ? 'maximum' : 'minimum';
  switch (issue.origin) {
    case 'string': {
      const length = typeof value === 'string' ? value.length : 0;
      return {
        code: `string_${side}_length`,
        detail: `string too ${isBig ? 'long' : 'short'}. Expected a string with ${bound} length ${limit}, but got a string with length ${length} instead.`,
      };
    }
    case 'array':
    case 'set': {
      const length = Array.isArray(value) ? value.length : 0;
      return {
        code: `array_${side}_length`,
        detail: `array too ${isBig ? 'long' : 'short'}. Expected an array with ${bound} length ${limit}, but got an array with length ${length} instead.`,
      };
    }
    case 'int':
      return { code: `integer_${side}_value`, detail: `${String(value)} is ${isBig ? 'above' : 'below'} the ${bound} of ${limit}.` };
    default:
      return { code: `decimal_${side}_value`, detail: `${String(value)} is ${isBig ? 'above' : 'below'} the ${bound} of ${limit}.` };
  }
}

/** The branch a union issue most likely meant: the one whose errors reach deepest into the value. */
function pickUnionBranch(branches: ReadonlyArray<ReadonlyArray<Issue>>): ReadonlyArray<Issue> | null {
  let best: ReadonlyArray<Issue> | null = null;
  let bestDepth = 0;
  for (const branch of branches) {
    const depth = Math.max(0, ...branch.map((issue) => issue.path.length));
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}

function expectedOfUnion(branches: ReadonlyArray<ReadonlyArray<Issue>>): string {
  const names = new Set<string>();
  for (const branch of branches) {
    for (const issue of branch) {
      if (issue.code === 'invalid_type' && issue.path.length === 0) names.add(EXPECTED_NAMES[issue.expected] ?? issue.expected);
      else if (issue.code === 'invalid_value' && issue.path.length === 0) names.add(`one of ${quoteList(issue.values)}`);
    }
  }
  return names.size > 0 ? [...names].join(' or ') : 'another kind of value';
}

function describeIssue(issue: Issue, path: ReadonlyArray<PropertyKey>, body: unknown, out: SchemaIssue[]): void {
  const param = zodPathToParam(path);
  const value = valueAt(body, path);
  const push = (code: string, message: string) => out.push({ param, code, message });

  switch (issue.code) {
    case 'invalid_type':
      if (path.length === 0) push('invalid_type', `Invalid request body: expected a JSON object, but got ${describeValue(value)} instead.`);
      else if (value === undefined) push('missing_required_parameter', `Missing required parameter: '${param}'.`);
      else if (issue.expected === 'int' && typeof value === 'number') push('invalid_type', `Invalid type for '${param}': expected an integer, but got ${value}.`);
      else push('invalid_type', `Invalid type for '${param}': expected ${EXPECTED_NAMES[issue.expected] ?? issue.expected}, but got ${describeValue(value)} instead.`);
      return;
    case 'invalid_value':
      if (value === undefined) push('missing_required_parameter', `Missing required parameter: '${param}'.`);
      else push('invalid_value', `Invalid value for '${param}': ${previewValue(value)}. Supported values are: ${quoteList(issue.values)}.`);
      return;
    case 'too_big':
    case 'too_small': {
      const { code, detail } = sizeIssue(issue, value);
      push(code, `Invalid '${param}': ${detail}`);
      return;
    }
    case 'invalid_union': {
      const discriminated = issue as { discriminator?: string; options?: unknown[] };
      if (discriminated.discriminator !== undefined) {
        const options = (discriminated.options ?? []).filter((option) => option !== undefined && option !== null);
        if (value === undefined) push('missing_required_parameter', `Missing required parameter: '${param}'.`);
        else push('invalid_value', `Invalid value for '${param}': ${previewValue(value)}. Supported values are: ${quoteList(options)}.`);
        return;
      }
      const branch = pickUnionBranch(issue.errors);
      if (branch !== null) {
        for (const inner of branch) describeIssue(inner, [...path, ...inner.path], body, out);
        return;
      }
      const rootValueIssue = issue.errors.flat().find((inner) => inner.code === 'invalid_value' && inner.path.length === 0);
      if (value === undefined) push('missing_required_parameter', `Missing required parameter: '${param}'.`);
      else if (rootValueIssue) describeIssue(rootValueIssue, path, body, out);
      else push('invalid_type', `Invalid type for '${param}': expected ${expectedOfUnion(issue.errors)}, but got ${describeValue(value)} instead.`);
      return;
    }
    case 'invalid_key': {
      const inner = issue.issues[0];
      const detail = inner && (inner.code === 'too_big' || inner.code === 'too_small') ? sizeIssue(inner, String(path.at(-1))) : null;
      push(detail?.code ?? 'invalid_value', `Invalid key in '${zodPathToParam(path.slice(0, -1))}': ${detail?.detail ?? 'the key is not allowed.'}`);
      return;
    }
    case 'invalid_format':
      push('invalid_value', `Invalid '${param}': expected ${issue.format === 'regex' ? `a value matching ${issue.pattern ?? 'the pattern'}` : `a valid ${issue.format}`}.`);
      return;
    case 'custom': {
      const params = (issue.params ?? {}) as Partial<IssueParams>;
      push(params.code ?? 'invalid_value', params.sentence ? issue.message : `Invalid '${param}': ${issue.message}`);
      return;
    }
    default:
      push('invalid_value', `Invalid '${param}': ${issue.message}`);
  }
}

/** Every issue, in schema order; union issues are expanded into the branch the caller most likely meant. */
export function formatZodIssues(issues: ReadonlyArray<Issue>, body: unknown): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  for (const issue of issues) describeIssue(issue, issue.path, body, out);
  return out;
}
