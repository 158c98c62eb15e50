// Collects one item's stream events: item-scoped addressing, obfuscation padding, token counts.
import type { ItemEvent, ItemEventOptions, JsonObject, OutputItem } from '../contract';
import { obfuscationPad } from '../ids';
import { splitTokens } from '../tokens';

export interface Emitter {
  events: ItemEvent[];
  /** An event with the given fields only (lifecycle-free, e.g. audio events). */
  plain(type: string, fields?: JsonObject, tokens?: number): void;
  /** An item-scoped event: adds `item_id` and `output_index`. */
  scoped(type: string, fields?: JsonObject, tokens?: number): void;
  /** Token-sized chunks of a text. */
  chunk(text: string): string[];
  /** Item-scoped delta events (each carrying one token), one per chunk of `text`. */
  deltas(type: string, text: string, fields?: JsonObject, chunks?: string[], extra?: (index: number) => JsonObject): void;
}

export function createEmitter(item: OutputItem, outputIndex: number, options: ItemEventOptions): Emitter {
  const events: ItemEvent[] = [];
  const plain = (type: string, fields: JsonObject = {}, tokens = 0) => {
    events.push({ event: { type, ...fields }, tokens });
  };
  const scoped = (type: string, fields: JsonObject = {}, tokens = 0) => {
    plain(type, { item_id: item.id, output_index: outputIndex, ...fields }, tokens);
  };
  const deltas: Emitter['deltas'] = (type, text, fields = {}, chunks, extra) => {
    (chunks ?? splitTokens(text)).forEach((delta, index) => {
      const padding = options.obfuscation
        ? { obfuscation: obfuscationPad(`${item.id}\u0000${type}\u0000${events.length}`, delta.length) }
        : {};
      scoped(type, { ...fields, delta, ...(extra ? extra(index) : {}), ...padding }, 1);
    });
  };
  return { events, plain, scoped, deltas, chunk: splitTokens };
}
