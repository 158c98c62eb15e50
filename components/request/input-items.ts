// Input items and content parts: templates for the editor, and reading uploaded files into the wire shapes.
import { isJsonObject, type JsonObject } from './body-path';

export const ITEM_KINDS = ['message', 'function_call_output', 'item_reference'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const PART_KINDS = ['input_text', 'input_image', 'input_file', 'input_audio'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export function createItem(kind: ItemKind): JsonObject {
  if (kind === 'message') return { role: 'user', content: [{ type: 'input_text', text: '' }] };
  if (kind === 'function_call_output') return { type: 'function_call_output', call_id: '', output: '' };
  return { type: 'item_reference', id: '' };
}

export function createPart(kind: PartKind): JsonObject {
  if (kind === 'input_text') return { type: 'input_text', text: '' };
  if (kind === 'input_image') return { type: 'input_image', image_url: '' };
  if (kind === 'input_file') return { type: 'input_file', file_url: '' };
  return { type: 'input_audio', input_audio: { data: '', format: 'wav' } };
}

/** Which editor an item gets; anything else is edited as raw JSON and sent unchanged. */
export function classifyItem(item: unknown): ItemKind | 'raw' {
  if (!isJsonObject(item)) return 'raw';
  const type = item.type ?? (typeof item.role === 'string' ? 'message' : undefined);
  if (type === 'message' && typeof item.role === 'string') return 'message';
  if (type === 'function_call_output' || type === 'item_reference') return type;
  return 'raw';
}

/** Turning the plain-text input into items keeps the text as the first user message. */
export function textToItems(text: string): JsonObject[] {
  return [{ role: 'user', content: [{ type: 'input_text', text }] }];
}

/** Items back to plain text only when nothing would be lost: one user message of text. */
export function itemsToText(items: unknown): string | null {
  if (!Array.isArray(items) || items.length !== 1) return items === undefined ? '' : null;
  const [item] = items;
  if (!isJsonObject(item) || item.role !== 'user' || Object.keys(item).some((key) => !['role', 'content', 'type'].includes(key))) return null;
  if (typeof item.content === 'string') return item.content;
  if (Array.isArray(item.content) && item.content.length === 1) {
    const [part] = item.content;
    if (isJsonObject(part) && part.type === 'input_text' && typeof part.text === 'string' && Object.keys(part).length === 2) return part.text;
  }
  return null;
}

export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Wire shape of an uploaded file part: image → data URL, file → file_data + filename, audio → base64 + format. */
export async function uploadToPart(kind: 'input_image' | 'input_file' | 'input_audio', file: File, previous: JsonObject): Promise<JsonObject> {
  const dataUrl = await readFileAsDataUrl(file);
  if (kind === 'input_image') return { ...previous, type: 'input_image', image_url: dataUrl };
  if (kind === 'input_file') {
    const { file_url: _url, file_id: _id, ...rest } = previous;
    return { ...rest, type: 'input_file', filename: file.name, file_data: dataUrl };
  }
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const format = /\.mp3$/i.test(file.name) || file.type === 'audio/mpeg' ? 'mp3' : 'wav';
  return { ...previous, type: 'input_audio', input_audio: { data: base64, format } };
}
