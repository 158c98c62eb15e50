// Pure reducer: Responses stream events -> output items, response snapshot, status and error.
import { RESPONSE_STATUSES, isTerminalStatus } from '@/lib/schema/constants';
import { isLifecycleEventType, responseSnapshotSchema } from '@/lib/schema/response';
import {
  type JsonObject,
  type OutputItem,
  type ResponseSnapshot,
  type ResponseStatus,
  type StreamError,
  type StreamEvent,
  type TranscriptState,
} from './types';

export function createTranscriptState(): TranscriptState {
  return {
    response: null,
    firstResponse: null,
    items: [],
    partialImages: {},
    looseAudio: null,
    status: null,
    error: null,
    lastSequenceNumber: -1,
    unknown: [],
    appliedCount: 0,
  };
}

export function reduceAll(events: Iterable<StreamEvent>, state = createTranscriptState()): TranscriptState {
  let next = state;
  for (const event of events) next = reduceEvents(next, event);
  return next;
}

export function reduceEvents(state: TranscriptState, event: StreamEvent): TranscriptState {
  const sequence = event.sequence_number;
  if (typeof sequence === 'number' && sequence <= state.lastSequenceNumber) return state;
  const counted: TranscriptState = {
    ...state,
    appliedCount: state.appliedCount + 1,
    lastSequenceNumber: typeof sequence === 'number' ? sequence : state.lastSequenceNumber,
  };
  return applyEvent(counted, event) ?? { ...counted, unknown: [...counted.unknown, event] };
}

/**
 * The same state as `reduceAll(events, state)`, with one copy of the transcript per run of consecutive text deltas into
 * one content part rather than one per delta (a read of a fast stream holds hundreds of them).
 */
export function reduceEventBatch(state: TranscriptState, events: readonly StreamEvent[]): TranscriptState {
  let next = state;
  let position = 0;
  while (position < events.length) {
    const first = events[position]!;
    let end = position;
    while (end < events.length && isPlainTextDeltaInto(events[end]!, first)) end += 1;
    if (end - position < 2 || !hasContentPart(next, first)) {
      const stop = Math.max(end, position + 1);
      for (; position < stop; position += 1) next = reduceEvents(next, events[position]!);
      continue;
    }
    const deltas: string[] = [];
    let lastSequenceNumber = next.lastSequenceNumber;
    for (; position < end; position += 1) {
      const { sequence_number: sequence, delta } = events[position]!;
      if (typeof sequence === 'number' && sequence <= lastSequenceNumber) continue;
      if (typeof sequence === 'number') lastSequenceNumber = sequence;
      deltas.push(str(delta));
    }
    if (deltas.length === 0) continue;
    const counted = { ...next, appliedCount: next.appliedCount + deltas.length, lastSequenceNumber };
    next = updateEntry(counted, num(first.output_index), 'content', first.content_index, (part) => appendText(part, 'text', deltas.join('')))!;
  }
  return next;
}

/** An output_text delta without logprobs into the same part as `first` (one that `reduceEvents` would apply alone). */
function isPlainTextDeltaInto(event: StreamEvent, first: StreamEvent): boolean {
  return (
    event.type === 'response.output_text.delta' &&
    (!Array.isArray(event.logprobs) || event.logprobs.length === 0) &&
    num(event.output_index) !== undefined &&
    num(event.content_index) !== undefined &&
    event.output_index === first.output_index &&
    event.content_index === first.content_index
  );
}

function hasContentPart(state: TranscriptState, event: StreamEvent): boolean {
  const index = num(event.output_index);
  const item = index === undefined ? undefined : state.items[index];
  const content = item?.content;
  return Array.isArray(content) && isObject(content[num(event.content_index) ?? -1]);
}

/** Returns the next state, or null when the event is unknown or addresses nothing we hold. */
function applyEvent(state: TranscriptState, event: StreamEvent): TranscriptState | null {
  const type = event.type;
  const index = num(event.output_index);
  if (isLifecycleEventType(type)) {
    // The snapshot is read by the shared lenient schema: a field of an odd type reads as null, the rest is kept.
    const snapshot = responseSnapshotSchema.safeParse(event.response);
    return snapshot.success ? applyTerminalOutput(applySnapshot(state, snapshot.data), snapshot.data) : null;
  }
  switch (type) {
    case 'error':
      return { ...state, status: 'failed', error: readError(event) };
    case 'keepalive':
      return state;
    case 'response.output_item.added':
    case 'response.output_item.done':
      if (index === undefined || !isItem(event.item)) return null;
      return setItem(state, index, event.item);
    case 'response.content_part.added':
    case 'response.content_part.done':
      return isObject(event.part) ? updateEntry(state, index, 'content', event.content_index, () => event.part as JsonObject, true) : null;
    case 'response.output_text.delta':
      return updateEntry(state, index, 'content', event.content_index, (part) => appendText(part, 'text', event.delta, event.logprobs));
    case 'response.output_text.done':
      return updateEntry(state, index, 'content', event.content_index, (part) => withLogprobs({ ...part, text: str(event.text) }, event.logprobs, true));
    case 'response.output_text.annotation.added':
      return updateEntry(state, index, 'content', event.content_index, (part) => {
        const annotations = Array.isArray(part.annotations) ? [...part.annotations] : [];
        annotations[num(event.annotation_index) ?? annotations.length] = event.annotation;
        return { ...part, annotations };
      });
    case 'response.refusal.delta':
      return updateEntry(state, index, 'content', event.content_index, (part) => appendText(part, 'refusal', event.delta));
    case 'response.refusal.done':
      return updateEntry(state, index, 'content', event.content_index, (part) => ({ ...part, refusal: str(event.refusal) }));
    case 'response.reasoning_text.delta':
      return updateEntry(state, index, 'content', event.content_index, (part) => appendText({ type: 'reasoning_text', ...part }, 'text', event.delta), true);
    case 'response.reasoning_text.done':
      return updateEntry(state, index, 'content', event.content_index, (part) => ({ type: 'reasoning_text', ...part, text: str(event.text) }), true);
    case 'response.reasoning_summary_part.added':
    case 'response.reasoning_summary_part.done':
      return isObject(event.part) ? updateEntry(state, index, 'summary', event.summary_index, () => event.part as JsonObject, true) : null;
    case 'response.reasoning_summary_text.delta':
      return updateEntry(state, index, 'summary', event.summary_index, (part) => appendText({ type: 'summary_text', ...part }, 'text', event.delta), true);
    case 'response.reasoning_summary_text.done':
      return updateEntry(state, index, 'summary', event.summary_index, (part) => ({ type: 'summary_text', ...part, text: str(event.text) }), true);
    case 'response.function_call_arguments.delta':
    case 'response.mcp_call_arguments.delta':
      return updateItem(state, index, (item) => appendText(item, 'arguments', event.delta));
    case 'response.function_call_arguments.done':
    case 'response.mcp_call_arguments.done':
      return updateItem(state, index, (item) => ({ ...item, arguments: str(event.arguments) }));
    case 'response.custom_tool_call_input.delta':
      return updateItem(state, index, (item) => appendText(item, 'input', event.delta));
    case 'response.custom_tool_call_input.done':
      return updateItem(state, index, (item) => ({ ...item, input: str(event.input) }));
    case 'response.code_interpreter_call_code.delta':
      return updateItem(state, index, (item) => appendText(item, 'code', event.delta));
    case 'response.code_interpreter_call_code.done':
      return updateItem(state, index, (item) => ({ ...item, code: str(event.code) }));
    case 'response.image_generation_call.partial_image':
      if (index === undefined || !state.items[index]) return null;
      return {
        ...state,
        partialImages: {
          ...state.partialImages,
          [index]: { b64: str(event.partial_image_b64), index: num(event.partial_image_index) ?? 0, format: optionalStr(event.output_format) },
        },
      };
    case 'response.shell_call_command.added':
    case 'response.shell_call_command.done':
      return updateCommand(state, index, event.command_index, () => str(event.command));
    case 'response.shell_call_command.delta':
      return updateCommand(state, index, event.command_index, (command) => command + str(event.delta));
    case 'response.shell_call_output_content.delta':
      return updateEntry(state, index, 'output', event.command_index, (entry) => {
        const delta = isObject(event.delta) ? event.delta : {};
        return { ...entry, stdout: str(entry.stdout) + str(delta.stdout), stderr: str(entry.stderr) + str(delta.stderr) };
      }, true);
    case 'response.shell_call_output_content.done':
      return updateItem(state, index, (item) => {
        const output = Array.isArray(event.output) ? event.output : [];
        const commandIndex = num(event.command_index);
        if (output.length !== 1 || commandIndex === undefined) return { ...item, output };
        const entries = Array.isArray(item.output) ? [...item.output] : [];
        entries[commandIndex] = output[0];
        return { ...item, output: entries };
      });
    case 'response.audio.delta':
      return appendAudio(state, 'data', event.delta);
    case 'response.audio.transcript.delta':
      return appendAudio(state, 'transcript', event.delta);
    case 'response.audio.done':
    case 'response.audio.transcript.done':
      return state;
    default:
      return applyProgress(state, type, index);
  }
}

/** Hosted-tool progress events (`response.<kind>.<phase>`): the phase becomes the item status. */
function applyProgress(state: TranscriptState, type: string, index: number | undefined): TranscriptState | null {
  const match = /^response\.(web_search_call|file_search_call|code_interpreter_call|image_generation_call|mcp_list_tools|mcp_call|compaction)\.(\w+)$/.exec(type);
  if (!match) return null;
  const phase = match[2] === 'compacting' ? 'in_progress' : match[2];
  return updateItem(state, index, (item) => ('status' in item ? { ...item, status: phase } : item));
}

function applySnapshot(state: TranscriptState, response: ResponseSnapshot): TranscriptState {
  const status = readStatus(response.status) ?? state.status;
  const failure = response.error ? readError(response.error) : null;
  return { ...state, response, firstResponse: state.firstResponse ?? response, status, error: failure ?? state.error };
}

/** A terminal snapshot's `output` is authoritative; kept only when the gateway sent one. */
function applyTerminalOutput(state: TranscriptState, response: ResponseSnapshot): TranscriptState {
  const status = readStatus(response.status);
  if (!isTerminalStatus(status)) return state;
  if (!Array.isArray(response.output) || response.output.length === 0) return state;
  return { ...state, items: response.output.filter(isItem) };
}

function setItem(state: TranscriptState, index: number, item: OutputItem): TranscriptState {
  const items = [...state.items];
  items[index] = item;
  return { ...state, items };
}

function updateItem(state: TranscriptState, index: number | undefined, update: (item: OutputItem) => JsonObject): TranscriptState | null {
  if (index === undefined) return null;
  const item = state.items[index];
  if (!item) return null;
  return setItem(state, index, { ...update(item), type: item.type } as OutputItem);
}

/** Updates entry `position` of the array field `field` of an item (content parts, summary parts, shell outputs). */
function updateEntry(
  state: TranscriptState,
  index: number | undefined,
  field: string,
  position: unknown,
  update: (entry: JsonObject) => JsonObject,
  createMissing = false,
): TranscriptState | null {
  const at = num(position);
  if (at === undefined) return null;
  const item = index === undefined ? undefined : state.items[index];
  if (!item) return null;
  const entries = Array.isArray(item[field]) ? [...(item[field] as unknown[])] : [];
  const current = entries[at];
  if (!isObject(current) && !createMissing) return null;
  entries[at] = update(isObject(current) ? current : {});
  return updateItem(state, index, (it) => ({ ...it, [field]: entries }));
}

function updateCommand(state: TranscriptState, index: number | undefined, position: unknown, update: (command: string) => string): TranscriptState | null {
  const at = num(position);
  if (at === undefined) return null;
  return updateItem(state, index, (item) => {
    const action = isObject(item.action) ? item.action : {};
    const commands = Array.isArray(action.commands) ? [...action.commands] : [];
    commands[at] = update(str(commands[at]));
    return { ...item, action: { ...action, commands } };
  });
}

/** Audio deltas carry no item address: they go to the output_audio part of the last message. */
function appendAudio(state: TranscriptState, field: 'data' | 'transcript', delta: unknown): TranscriptState {
  const index = state.items.findLastIndex((item) => item?.type === 'message');
  const message = index >= 0 ? state.items[index] : undefined;
  if (!message) {
    const loose = state.looseAudio ?? { data: '', transcript: '' };
    return { ...state, looseAudio: { ...loose, [field]: loose[field] + str(delta) } };
  }
  const content = Array.isArray(message.content) ? [...message.content] : [];
  let partIndex = content.findLastIndex((part) => isObject(part) && part.type === 'output_audio');
  if (partIndex < 0) {
    partIndex = content.length;
    content.push({ type: 'output_audio', data: '', transcript: '' });
  }
  content[partIndex] = appendText(content[partIndex] as JsonObject, field, delta);
  return setItem(state, index, { ...message, content });
}

function appendText(target: JsonObject, field: string, delta: unknown, logprobs?: unknown): JsonObject {
  return withLogprobs({ ...target, [field]: str(target[field]) + str(delta) }, logprobs, false);
}

function withLogprobs(part: JsonObject, logprobs: unknown, replace: boolean): JsonObject {
  if (!Array.isArray(logprobs) || logprobs.length === 0) return part;
  const previous = !replace && Array.isArray(part.logprobs) ? part.logprobs : [];
  return { ...part, logprobs: [...previous, ...logprobs] };
}

/** Reads both error shapes: flat `{message, code}` and nested `{error: {...}}` (docs/protocol.md, "Reading streams"). */
export function readError(source: JsonObject): StreamError {
  const inner = isObject(source.error) ? source.error : source;
  return {
    message: str(inner.message) || 'The gateway reported an error without a message.',
    code: optionalStr(inner.code) ?? null,
    type: optionalStr(inner.type) === 'error' ? null : (optionalStr(inner.type) ?? null),
    param: optionalStr(inner.param) ?? null,
  };
}

function readStatus(value: unknown): ResponseStatus | null {
  return (RESPONSE_STATUSES as readonly unknown[]).includes(value) ? (value as ResponseStatus) : null;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isItem(value: unknown): value is OutputItem {
  return isObject(value) && typeof value.type === 'string';
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function optionalStr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
