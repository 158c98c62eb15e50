// Collects one item's stream events: item-scoped addressing, obfuscation padding, token counts.
import type { ItemEvent, ItemEventOptions, JsonObject, OutputItem } from '../contract';
import { obfuscationPads } from '../ids';
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
    events.push({ event: { type, item_id: item.id, output_index: outputIndex, ...fields }, tokens });
  };
  // A delta is built as one object in its wire order (a turn streams hundreds: each spread and each hash showed in profiles).
  const deltas: Emitter['deltas'] = (type, text, fields = {}, chunks, extra) => {
    const pads = options.obfuscation ? obfuscationPads(`${item.id}\u0000${type}`) : null;
    const pieces = chunks ?? splitTokens(text);
    for (let index = 0; index < pieces.length; index += 1) {
      const delta = pieces[index]!;
      const event: ItemEvent['event'] = { type, item_id: item.id, output_index: outputIndex, ...fields, delta };
      if (extra) Object.assign(event, extra(index));
      if (pads) event.obfuscation = pads(events.length, delta.length);
      events.push({ event, tokens: 1 });
    }
  };
  return { events, plain, scoped, deltas, chunk: splitTokens };
}
