// Stream events inside a message item: output_text (with annotations, logprobs), refusal and output_audio parts.
import { splitBase64 } from '../audio';
import type { JsonObject } from '../contract';
import type { Emitter } from './emitter';

function stringField(part: JsonObject, key: string): string {
  const value = part[key];
  return typeof value === 'string' ? value : '';
}

function outputTextEvents(emit: Emitter, part: JsonObject, contentIndex: number): void {
  const at = { content_index: contentIndex };
  const text = stringField(part, 'text');
  const annotations = Array.isArray(part.annotations) ? (part.annotations as JsonObject[]) : [];
  const logprobs = Array.isArray(part.logprobs) ? (part.logprobs as JsonObject[]) : [];
  emit.scoped('response.content_part.added', { ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
  // With logprobs, each entry's token is one delta, so delta logprobs line up with the part's.
  const chunks = logprobs.length > 0 ? logprobs.map((entry) => String(entry.token)) : undefined;
  emit.deltas('response.output_text.delta', text, at, chunks, (index) => ({
    logprobs: logprobs[index] ? [logprobs[index]] : [],
  }));
  annotations.forEach((annotation, annotationIndex) => {
    emit.scoped('response.output_text.annotation.added', { ...at, annotation_index: annotationIndex, annotation });
  });
  emit.scoped('response.output_text.done', { ...at, text, logprobs });
  emit.scoped('response.content_part.done', { ...at, part });
}

function refusalEvents(emit: Emitter, part: JsonObject, contentIndex: number): void {
  const at = { content_index: contentIndex };
  const refusal = stringField(part, 'refusal');
  emit.scoped('response.content_part.added', { ...at, part: { type: 'refusal', refusal: '' } });
  emit.deltas('response.refusal.delta', refusal, at);
  emit.scoped('response.refusal.done', { ...at, refusal });
  emit.scoped('response.content_part.done', { ...at, part });
}

/** Audio events carry no item_id/output_index (docs/protocol.md, "Streaming"); the part itself is added and done like any other. */
function audioEvents(emit: Emitter, part: JsonObject, contentIndex: number): void {
  const at = { content_index: contentIndex };
  const format = stringField(part, 'format') || 'wav';
  emit.scoped('response.content_part.added', { ...at, part: { type: 'output_audio', data: '', format, transcript: '' } });
  for (const delta of emit.chunk(stringField(part, 'transcript'))) emit.plain('response.audio.transcript.delta', { delta }, 1);
  emit.plain('response.audio.transcript.done');
  for (const delta of splitBase64(stringField(part, 'data'))) emit.plain('response.audio.delta', { delta });
  emit.plain('response.audio.done');
  emit.scoped('response.content_part.done', { ...at, part });
}

export function messagePartEvents(emit: Emitter, content: JsonObject[]): void {
  content.forEach((part, contentIndex) => {
    if (part.type === 'refusal') refusalEvents(emit, part, contentIndex);
    else if (part.type === 'output_audio') audioEvents(emit, part, contentIndex);
    else outputTextEvents(emit, part, contentIndex);
  });
}
