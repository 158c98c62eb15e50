// Exports a run as JSON (requests, responses, events) or Markdown, with secret headers masked and body credentials redacted.
import { redactCredentials } from '@/lib/schema/credentials';
import type { Turn } from './run-types';
import type { OutputItem } from './types';

const SECRET_HEADER = /key|secret|token|authorization/i;

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADER.test(name) && value ? `${value.slice(0, 4)}…(masked)` : value]),
  );
}

export function buildRunJson(turns: readonly Turn[]): string {
  const exported = turns.map((turn) => ({
    request: { ...turn.request, body: redactCredentials(turn.request.body), headers: maskHeaders(turn.request.headers) },
    status: turn.status,
    response: turn.transcript.response,
    output: turn.transcript.items.filter(Boolean),
    error: turn.error ?? turn.transcript.error,
    metrics: turn.metrics,
    events: turn.events.map((event) => ({ sequence_number: event.sequenceNumber, type: event.type, at_ms: Math.round(event.atMs), data: parseOrRaw(event.data) })),
  }));
  return JSON.stringify({ exported_at: new Date().toISOString(), turns: exported }, null, 2);
}

export function buildEventsNdjson(events: readonly { data: string }[]): string {
  return events.map((event) => event.data.replace(/\n/g, ' ')).join('\n');
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
