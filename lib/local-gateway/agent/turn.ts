// The state of one turn being planned: options, the question, and the output items so far.
import type { AnswerInput } from './answer';
import type { AgentRequest, JsonObject, OutputItem } from './contract';
import { currentQuestion, earlierQuestions } from './context';
import { deriveId } from './ids';
import { buildMessage, type MessageStyle } from './message';
import type { Behaviour } from './models';
import { readOptions, type TurnOptions } from './options';
import { generateFromSchema } from './structured';
import { detectTriggers, type TriggerEffect } from './triggers';

export interface Turn {
  request: AgentRequest;
  options: TurnOptions;
  behaviour: Behaviour;
  question: string;
  triggers: Set<TriggerEffect>;
  style: MessageStyle;
  answer: AnswerInput;
  items: OutputItem[];
  /** Hidden reasoning tokens per reasoning item id (not visible in the item). */
  hiddenReasoning: Map<string, number>;
}

export const INCLUDE_LOGPROBS = 'message.output_text.logprobs';

export function startTurn(request: AgentRequest, behaviour: Behaviour): Turn {
  const options = readOptions(request.body);
  const question = currentQuestion(request.context);
  return {
    request,
    options,
    behaviour,
    question,
    triggers: detectTriggers(question),
    style: {
      topLogprobs: options.include.has(INCLUDE_LOGPROBS) ? Math.min(20, options.topLogprobs) : 0,
      audio: options.audio,
    },
    answer: {
      question,
      earlier: earlierQuestions(request.context),
      instructions: request.instructions,
      verbosity: options.verbosity,
      temperature: options.temperature,
      seed: request.responseId,
    },
    items: [],
    hiddenReasoning: new Map(),
  };
}

/** The id of the next output item: `prefix_` + a hash of the response id and the output index. */
export function nextId(turn: Turn, prefix: string, salt = ''): string {
  return deriveId(prefix, turn.request.responseId, turn.items.length, salt);
}

/** Applies text.format: json_schema -> JSON valid for the schema, json_object -> a JSON object. */
export function formatText(turn: Turn, text: string): string {
  const { format } = turn.options;
  const hints = { question: turn.question, answer: text };
  if (format.type === 'json_schema') return JSON.stringify(generateFromSchema(format.schema, hints));
  if (format.type === 'json_object') return JSON.stringify({ answer: text, question: turn.question });
  return text;
}

/** Appends the final assistant message (text formatted per text.format). */
export function pushMessage(turn: Turn, text: string, annotations: JsonObject[] = []): void {
  const formatted = formatText(turn, text);
  const keep = formatted === text ? annotations : [];
  turn.items.push(buildMessage({ id: nextId(turn, 'msg'), text: formatted, annotations: keep }, turn.style));
}

export function pushRefusal(turn: Turn, text: string): void {
  turn.items.push(buildMessage({ id: nextId(turn, 'msg'), text, refusal: true }, turn.style));
}
