// Exports a run as JSON (requests, responses, events) or Markdown, with secret headers masked and body credentials redacted
// (in the responses and events too: a remote gateway may echo a request's credentials in its response object).
import { findCredentials, REDACTED_CREDENTIAL, redactCredentials } from '@/lib/schema/credentials';
import type { Turn } from './run-types';
import type { OutputItem } from './types';

const SECRET_HEADER = /key|secret|token|authorization/i;

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADER.test(name) && value ? `${value.slice(0, 4)}…(masked)` : value]),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasClearCredential(value: Record<string, unknown>): boolean {
  return findCredentials(value).some((found) => found.value !== '' && found.value !== REDACTED_CREDENTIAL);
}

/** A response object with any echoed credential (webhook_secret, a tool's authorization or headers) redacted. */
export function redactResponseCredentials<T extends Record<string, unknown> | null | undefined>(response: T): T {
  return response && hasClearCredential(response) ? (redactCredentials(response) as T) : response;
}

/** An event's raw data as it may be shown or exported: unchanged unless the response object it carries echoes a credential. */
export function redactEventCredentials(data: string): string {
  if (!data.includes('"response"')) return data;
  const parsed = parseOrRaw(data);
  if (!isObject(parsed) || !isObject(parsed.response) || !hasClearCredential(parsed.response)) return data;
  return JSON.stringify({ ...parsed, response: redactCredentials(parsed.response) });
}

export function buildRunJson(turns: readonly Turn[]): string {
  const exported = turns.map((turn) => ({
    request: { ...turn.request, body: redactCredentials(turn.request.body), headers: maskHeaders(turn.request.headers) },
    status: turn.status,
    response: redactResponseCredentials(turn.transcript.response),
    output: turn.transcript.items.filter(Boolean),
    error: turn.error ?? turn.transcript.error,
    metrics: turn.metrics,
    events: turn.events.map((event) => ({ sequence_number: event.sequenceNumber, type: event.type, at_ms: Math.round(event.atMs), data: parseOrRaw(redactEventCredentials(event.data)) })),
  }));
  return JSON.stringify({ exported_at: new Date().toISOString(), turns: exported }, null, 2);
}

export function buildEventsNdjson(events: readonly { data: string }[]): string {
  return events.map((event) => redactEventCredentials(event.data).replace(/\n/g, ' ')).join('\n');
}

export function buildRunMarkdown(turns: readonly Turn[]): string {
  const lines: string[] = ['# Responses playground run', ''];
  turns.forEach((turn, at) => {
    const response = turn.transcript.response;
    lines.push(`## Turn ${at + 1}${response?.id ? ` (${response.id})` : ''}`, '', `Status: ${turn.status}${response?.model ? `, model ${response.model}` : ''}`, '');
    lines.push('### Request', '', '```json', JSON.stringify(redactCredentials(turn.request.body), null, 2), '```', '', '### Output', '');
    for (const item of turn.transcript.items) if (item) lines.push(...itemMarkdown(item), '');
    const error = turn.error ?? turn.transcript.error;
    if (error) lines.push(`**Error:** ${error.message}`, '');
  });
  return lines.join('\n');
}

function itemMarkdown(item: OutputItem): string[] {
  if (item.type === 'message' && Array.isArray(item.content)) {
    return item.content.map((part: Record<string, unknown>) =>
      typeof part.text === 'string' ? part.text : typeof part.refusal === 'string' ? `> Refusal: ${part.refusal}` : `_${String(part.type)}_`,
    );
  }
  if (item.type === 'function_call' || item.type === 'mcp_call') {
    return [`**${item.type}** \`${String(item.name)}\``, '', '```json', String(item.arguments ?? ''), '```'];
  }
  return [`**${item.type}**`, '', '```json', JSON.stringify(item, null, 2), '```'];
}

function parseOrRaw(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}
