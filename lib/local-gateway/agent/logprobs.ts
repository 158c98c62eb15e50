// Deterministic log probabilities for output_text chunks (include message.output_text.logprobs + top_logprobs).
import type { JsonObject } from './contract';
import { hashFraction } from './ids';
import { splitTokens } from './tokens';

const ALTERNATIVES = [
  ' the', ' a', ' and', ' of', ' to', ' in', ' is', ' it', ' that', ' for', ' on',
  ' with', ' as', ' this', ' was', ' be', ' at', ' by', ' or', ' an', ' not', '.',
];

function bytesOf(token: string): number[] {
  return Array.from(Buffer.from(token, 'utf8'));
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function entryFor(token: string, position: number, topLogprobs: number): JsonObject {
  const logprob = round(-1.5 * hashFraction(`${position}\u0000${token}`));
  const start = Math.floor(hashFraction(`alt\u0000${position}\u0000${token}`) * ALTERNATIVES.length);
  const top: JsonObject[] = [{ token, logprob, bytes: bytesOf(token) }];
  for (let k = 0; top.length < topLogprobs && k < ALTERNATIVES.length; k += 1) {
    const alternative = ALTERNATIVES[(start + k) % ALTERNATIVES.length] ?? '.';
    if (alternative === token) continue;
    top.push({ token: alternative, logprob: round(logprob - 0.75 * top.length - 0.1), bytes: bytesOf(alternative) });
  }
  return { token, logprob, bytes: bytesOf(token), top_logprobs: top };
}

/** One logprob entry per streamed chunk of `text` (their tokens concatenate to the text). */
export function buildLogprobs(text: string, topLogprobs: number): JsonObject[] {
  return splitTokens(text).map((token, position) => entryFor(token, position, topLogprobs));
}
