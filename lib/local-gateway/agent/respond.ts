// Decides what the turn produces after reasoning: a refusal, tool calls, or an answer (from tool results or the input).
import { composeAnswer } from './answer';
import { pushMessage, pushRefusal, type Turn } from './turn';

const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

export function respond(turn: Turn): void {
  if (turn.triggers.has('refuse')) {
    pushRefusal(turn, REFUSAL_TEXT);
    return;
  }
  pushMessage(turn, composeAnswer(turn.answer));
}

/** One sentence for the reasoning summary on what the agent is about to do. */
export function describeApproach(turn: Turn): string {
  if (turn.triggers.has('refuse')) return 'This request should be declined politely.';
  return 'I can answer directly from the input.';
}
