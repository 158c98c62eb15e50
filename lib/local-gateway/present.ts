// What a GET shows of a stored response: `include[]` extras computed on request, for the JSON object and replayed events.
import { encryptedReasoningContent } from './agent';
import type { JsonObject, OutputItem } from './agent/contract';
import type { ResponseObject } from './response-object';

const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

export interface Presenter {
  response(response: ResponseObject): ResponseObject;
  event(event: JsonObject): JsonObject;
}

function effortOf(response: JsonObject): string | undefined {
  const reasoning = response.reasoning as JsonObject | null | undefined;
  return typeof reasoning?.effort === 'string' ? reasoning.effort : undefined;
}

/** `include[]=reasoning.encrypted_content` adds the blob to finished reasoning items that lack it (nothing is removed). */
export function createPresenter(includes: ReadonlySet<string>, stored: JsonObject): Presenter {
  const effort = effortOf(stored);
  const item = (value: OutputItem): OutputItem =>
    includes.has(ENCRYPTED_REASONING) && value.type === 'reasoning' && value.status === 'completed' && value.encrypted_content === undefined
      ? { ...value, encrypted_content: encryptedReasoningContent(value.id, effort) }
      : value;
  const response = (value: ResponseObject): ResponseObject => (Array.isArray(value.output) ? { ...value, output: value.output.map(item) } : value);
  return {
    response,
    event(event) {
      if (event.type === 'response.output_item.done' && event.item && typeof event.item === 'object') return { ...event, item: item(event.item as OutputItem) };
      if (event.response && typeof event.response === 'object') return { ...event, response: response(event.response as ResponseObject) };
      return event;
    },
  };
}
