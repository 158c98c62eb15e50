// The request being built: the wire body exactly as it will be sent, plus the X-On-Behalf-Of header; pure helpers.
import { isJsonObject, type JsonObject } from './body-path';

export interface RequestDraft {
  body: JsonObject;
  onBehalfOf: string;
}

export const DEFAULT_MODEL = 'local-agent';

/** A new user types input and sends at once: the default sends model, input and stream, all shown in the preview. */
export function createDefaultDraft(model: string = DEFAULT_MODEL): RequestDraft {
  return { body: { model, input: '', stream: true }, onBehalfOf: '' };
}

/** The draft is a new request's, untouched: it has no issues (tests/unit/request/draft-checker-load.test.ts holds this to the schema). */
export function isDefaultDraft(draft: RequestDraft): boolean {
  return draft.onBehalfOf === '' && serializeDraft(draft) === serializeDraft(createDefaultDraft());
}

/** The headers the browser adds to the proxy call (the gateway key is added by the server or the browser-key helper). */
export function buildDraftHeaders(draft: RequestDraft): Record<string, string> {
  const onBehalfOf = draft.onBehalfOf.trim();
  return onBehalfOf ? { 'X-On-Behalf-Of': onBehalfOf } : {};
}

/** Parses the JSON editor's text; an error carries the 1-based line and column of the problem. */
export function parseBodyText(text: string): { ok: true; body: JsonObject } | { ok: false; message: string; line: number; column: number } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isJsonObject(parsed)) return { ok: false, message: 'The request body must be a JSON object ({ ... }).', line: 1, column: 1 };
    return { ok: true, body: parsed };
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN);
    const lineMatch = /line (\d+) column (\d+)/.exec(message);
    if (lineMatch) return { ok: false, message, line: Number(lineMatch[1]), column: Number(lineMatch[2]) };
    if (Number.isFinite(position)) {
      const before = text.slice(0, position).split('\n');
      return { ok: false, message, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
    }
    return { ok: false, message, line: 1, column: 1 };
  }
}

export function formatBody(body: JsonObject): string {
  return JSON.stringify(body, null, 2);
}

/** A number typed into a control: empty is unset; text that is not a number is kept so the schema reports it at the field. */
export function parseNumberInput(raw: string): number | string | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** Metadata as editable key/value rows and back; rows with an empty key are not sent. */
export interface KeyValueRow {
  key: string;
  value: string;
}

export function toKeyValueRows(value: unknown): KeyValueRow[] {
  if (!isJsonObject(value)) return [];
  return Object.entries(value).map(([key, entry]) => ({ key, value: typeof entry === 'string' ? entry : JSON.stringify(entry) }));
}

/** Draft persistence: only the body and the header the user typed; the browser API key is never part of a draft. */
export const DRAFT_STORAGE_KEY = 'request-builder-draft-v1';

export function serializeDraft(draft: RequestDraft): string {
  return JSON.stringify({ body: draft.body, onBehalfOf: draft.onBehalfOf });
}

export function deserializeDraft(text: string | null): RequestDraft | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isJsonObject(parsed) || !isJsonObject(parsed.body)) return null;
    return { body: parsed.body, onBehalfOf: typeof parsed.onBehalfOf === 'string' ? parsed.onBehalfOf : '' };
  } catch {
    return null;
  }
}
