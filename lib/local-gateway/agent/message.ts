// Builds assistant message items (output_text with annotations/logprobs, refusal, output_audio parts).
import { renderWavBase64 } from './audio';
import type { JsonObject, OutputItem } from './contract';
import { buildLogprobs } from './logprobs';
import { splitTokens } from './tokens';

export interface MessageStyle {
  /** Top logprobs per token; 0 leaves logprobs empty. */
  topLogprobs: number;
  audio: boolean;
}

export interface MessageSpec {
  id: string;
  text: string;
  annotations?: JsonObject[];
  refusal?: boolean;
  status?: 'completed' | 'incomplete';
}

export function buildMessage(spec: MessageSpec, style: MessageStyle): OutputItem {
  const content: JsonObject[] = [];
  if (spec.refusal) {
    content.push({ type: 'refusal', refusal: spec.text });
  } else {
    const limit = spec.text.length;
    const annotations = (spec.annotations ?? []).filter((a) => typeof a.end_index !== 'number' || a.end_index <= limit);
    const logprobs = style.topLogprobs > 0 ? buildLogprobs(spec.text, style.topLogprobs) : [];
    content.push({ type: 'output_text', text: spec.text, annotations, logprobs });
  }
  if (style.audio) {
    content.push({ type: 'output_audio', data: renderWavBase64(spec.text), format: 'wav', transcript: spec.text });
  }
  return { id: spec.id, type: 'message', status: spec.status ?? 'completed', role: 'assistant', content };
}

/** The text a message carries (output_text or refusal). */
export function messageOutputText(item: OutputItem): string {
  const parts = Array.isArray(item.content) ? (item.content as JsonObject[]) : [];
  const part = parts.find((p) => p.type === 'output_text' || p.type === 'refusal');
  const text = part?.type === 'refusal' ? part.refusal : part?.text;
  return typeof text === 'string' ? text : '';
}

/** Rebuilds a message cut to its first `tokens` text chunks, status incomplete. */
export function truncateMessage(item: OutputItem, tokens: number, style: MessageStyle): OutputItem {
  const parts = Array.isArray(item.content) ? (item.content as JsonObject[]) : [];
  const first = parts[0];
  const text = splitTokens(messageOutputText(item)).slice(0, Math.max(0, tokens)).join('');
  const annotations = Array.isArray(first?.annotations) ? (first.annotations as JsonObject[]) : [];
  return buildMessage(
    { id: item.id, text, annotations, refusal: first?.type === 'refusal', status: 'incomplete' },
    style,
  );
}
