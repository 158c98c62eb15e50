// The output as streamed so far: item events applied to in-progress copies, so a poll, a cancel or a disconnect keeps what was generated.
import type { JsonObject, OutputItem } from './agent/contract';

type Part = JsonObject;

const APPEND_TO_ITEM: Record<string, string> = {
  'response.function_call_arguments.delta': 'arguments',
  'response.mcp_call_arguments.delta': 'arguments',
  'response.custom_tool_call_input.delta': 'input',
  'response.code_interpreter_call_code.delta': 'code',
};

const SET_ON_ITEM: Record<string, string> = {
  'response.function_call_arguments.done': 'arguments',
  'response.mcp_call_arguments.done': 'arguments',
  'response.custom_tool_call_input.done': 'input',
  'response.code_interpreter_call_code.done': 'code',
};

function partsOf(item: OutputItem, key: 'content' | 'summary'): Part[] {
  if (!Array.isArray(item[key])) item[key] = [];
  return item[key] as Part[];
}

function append(target: JsonObject, key: string, delta: unknown): void {
  if (typeof delta === 'string') target[key] = `${typeof target[key] === 'string' ? target[key] : ''}${delta}`;
}

export class PartialOutput {
  private readonly items: OutputItem[] = [];
  private readonly finished = new Set<number>();
  /** Changes since the last `takeChanged()`, so periodic saves skip idle runs. */
  private changed = false;
  /** Events not applied yet: most runs end without anyone asking for their partial output, so the work waits until asked. */
  private unapplied: JsonObject[] = [];

  apply(event: JsonObject): void {
    this.unapplied.push(event);
  }

  private settle(): void {
    const events = this.unapplied;
    this.unapplied = [];
    for (const event of events) this.applyNow(event);
  }

  private applyNow(event: JsonObject): void {
    const type = String(event.type);
    const index = typeof event.output_index === 'number' ? event.output_index : -1;
    if (type === 'response.output_item.added' || type === 'response.output_item.done') {
      this.items[index] = structuredClone(event.item as OutputItem);
      if (type.endsWith('.done')) this.finished.add(index);
      this.changed = true;
      return;
    }
    if (type.startsWith('response.audio.')) return this.applyAudio(type, event.delta);
    const item = this.items[index];
    if (!item || this.finished.has(index)) return;
    this.changed = true;
    const contentIndex = Number(event.content_index);
    const summaryIndex = Number(event.summary_index);
    switch (type) {
      case 'response.content_part.added':
      case 'response.content_part.done':
        partsOf(item, 'content')[contentIndex] = structuredClone(event.part as Part);
        return;
      case 'response.output_text.delta': {
        const part = partsOf(item, 'content')[contentIndex];
        if (!part) return;
        append(part, 'text', event.delta);
        if (Array.isArray(event.logprobs) && event.logprobs.length > 0 && Array.isArray(part.logprobs)) part.logprobs = [...(part.logprobs as unknown[]), ...event.logprobs];
        return;
      }
      case 'response.output_text.done':
      case 'response.refusal.done': {
        const part = partsOf(item, 'content')[contentIndex];
        const key = type === 'response.refusal.done' ? 'refusal' : 'text';
        if (part) part[key] = event[key];
        return;
      }
      case 'response.refusal.delta':
        return append(partsOf(item, 'content')[contentIndex] ?? {}, 'refusal', event.delta);
      case 'response.output_text.annotation.added': {
        const part = partsOf(item, 'content')[contentIndex];
        if (part) part.annotations = [...((part.annotations as unknown[] | undefined) ?? []), event.annotation];
        return;
      }
      case 'response.reasoning_summary_part.added':
      case 'response.reasoning_summary_part.done':
        partsOf(item, 'summary')[summaryIndex] = structuredClone(event.part as Part);
        return;
      case 'response.reasoning_summary_text.delta':
        return append(partsOf(item, 'summary')[summaryIndex] ?? {}, 'text', event.delta);
      default:
        if (APPEND_TO_ITEM[type]) append(item, APPEND_TO_ITEM[type], event.delta);
        else if (SET_ON_ITEM[type]) item[SET_ON_ITEM[type]] = event[SET_ON_ITEM[type]];
    }
  }

  /** Audio events carry no item address: they extend the last audio part of the item being generated. */
  private applyAudio(type: string, delta: unknown): void {
    const index = this.items.findLastIndex((item, at) => item && !this.finished.has(at));
    const item = this.items[index];
    if (!item) return;
    const part = partsOf(item, 'content').findLast((entry) => entry?.type === 'output_audio');
    if (!part) return;
    this.changed = true;
    if (type === 'response.audio.delta') append(part, 'data', delta);
    if (type === 'response.audio.transcript.delta') append(part, 'transcript', delta);
  }

  /** The items so far; the one being generated keeps status `in_progress`. */
  current(): OutputItem[] {
    this.settle();
    return this.items.filter(Boolean).map((item) => structuredClone(item));
  }

  /** The items so far with every unfinished one marked `incomplete` (what a stopped response keeps). */
  closed(): OutputItem[] {
    this.settle();
    return this.items.flatMap((item, index) => (item ? [this.finished.has(index) ? structuredClone(item) : { ...structuredClone(item), status: 'incomplete' }] : []));
  }

  takeChanged(): boolean {
    this.settle();
    const changed = this.changed;
    this.changed = false;
    return changed;
  }
}
