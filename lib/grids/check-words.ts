// Checks in words, as the page and the CSV export name them (no validator here: the browser imports this).
import type { GridCheck } from '@/lib/schema/grid';

const QUOTE_MAX_CHARS = 60;

export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > QUOTE_MAX_CHARS ? `${flat.slice(0, QUOTE_MAX_CHARS)}…` : flat);
}

/** How a check reads on the page: its label, else its type and value in words. */
export function describeCheck(check: GridCheck): string {
  if (check.label) return check.label;
  const anyCase = 'case_sensitive' in check && check.case_sensitive ? '' : ' (any case)';
  switch (check.type) {
    case 'contains':
      return `contains ${quote(check.value)}${anyCase}`;
    case 'not_contains':
      return `does not contain ${quote(check.value)}${anyCase}`;
    case 'regex':
      return `matches /${check.value}/${check.flags ?? ''}`;
    case 'equals':
      return `equals ${quote(check.value)}${anyCase}`;
    case 'is_json':
      return 'output is valid JSON';
    case 'matches_schema':
      return 'output matches text.format';
    case 'status':
      return `status is ${check.value}`;
    case 'ttft_under':
      return `first token under ${check.value} ms`;
    case 'total_time_under':
      return `total time under ${check.value} ms`;
    case 'output_tokens_under':
      return `output tokens under ${check.value}`;
    case 'tool_called':
      return `tool ${check.value} called`;
  }
}
