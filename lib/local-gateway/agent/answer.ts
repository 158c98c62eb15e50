// Composes the assistant's plain-text answers: from the question, earlier turns, or tool results.
import { hashNumber } from './ids';
import type { Verbosity } from './options';

export interface AnswerInput {
  question: string;
  earlier: string[];
  instructions: string | null;
  verbosity: Verbosity;
  temperature: number | undefined;
  /** Seed for temperature > 0 phrasing choices (the response id). */
  seed: string;
}

const RECALL_PATTERN = /\bwhat (did|have) i (ask|asked|say|said|tell|told)\b|\bmy (previous|earlier|last) (question|message)\b/i;
const GREETING_PATTERN = /^(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,?]*(there|agent)?[\s!.,?]*$/i;
// Numbers stand alone: digits inside a word, an id, a URL or a date ("probe=mwz4p0x8", "0x8f", "2026-11-27") are not arithmetic.
const ARITHMETIC_PATTERN = /(?<![\w.-])(-?\d+(?:\.\d+)?)\s*([+\-*/x×])\s*(-?\d+(?:\.\d+)?)(?![\w-])/;

function quote(text: string, maxLength = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat}"`;
}

/** Index of the phrasing to use: 0 at temperature 0 (or unset), otherwise a stable pick per seed. */
function phrasingIndex(input: AnswerInput, count: number): number {
  if (!input.temperature) return 0;
  return hashNumber(`${input.seed}\u0000${input.question}\u0000${input.temperature}`) % count;
}

function arithmetic(question: string): string | undefined {
  const match = ARITHMETIC_PATTERN.exec(question);
  if (!match) return undefined;
  const a = Number(match[1]);
  const b = Number(match[3]);
  const op = match[2];
  const value = op === '+' ? a + b : op === '-' ? a - b : op === '/' ? (b === 0 ? NaN : a / b) : a * b;
  if (!Number.isFinite(value)) return undefined;
  return `${match[1]} ${op} ${match[3]} = ${Number(value.toFixed(6))}`;
}

/** Evaluates a simple `a op b` expression in the text, if any. */
export function evaluateArithmetic(question: string): string | undefined {
  return arithmetic(question);
}

function core(input: AnswerInput): string {
  const { question, earlier } = input;
  if (RECALL_PATTERN.test(question)) {
    if (earlier.length === 0) return 'This is the first thing you asked in this conversation.';
    const listed = earlier.map((text) => quote(text)).join(', then ');
    return `Earlier you asked: ${listed}.`;
  }
  if (question === '') return 'Hello! There was no question in the input, so here is a greeting.';
  if (GREETING_PATTERN.test(question)) return 'Hello! How can I help you today?';
  const computed = arithmetic(question);
  if (computed) return `The answer is ${computed}.`;
  const openers = [`You said: ${quote(question)}.`, `Here is my reply to ${quote(question)}.`, `Regarding ${quote(question)}:`];
  return openers[phrasingIndex(input, openers.length)] ?? openers[0]!;
}

// What the agent is (scripted, deterministic) is said once, in the model's description; answers never repeat it.
const MEDIUM_EXTRA = [
  'Tell me if you would like more detail on any part of it.',
  'Happy to go further into any part of this.',
];
const HIGH_EXTRA = [
  'Sending the same request again gives the same answer, word for word.',
  'If a tool would help, ask for it by name (for example "use the weather tool" or "search the web") and the call will stream in.',
  'A phrase such as "simulate failure" shows how errors look, and the verbosity setting changes how long this reply is.',
];

function verbositySentences(input: AnswerInput): string[] {
  const pick = phrasingIndex(input, MEDIUM_EXTRA.length);
  const medium = [MEDIUM_EXTRA[pick] ?? MEDIUM_EXTRA[0]!];
  const instructions = input.instructions?.trim();
  const instructionNote = instructions ? [`I followed your instructions: ${quote(instructions, 80)}.`] : [];
  if (input.verbosity === 'low') return [];
  if (input.verbosity === 'medium') return medium;
  return [...medium, ...instructionNote, ...HIGH_EXTRA];
}

/** The answer to the latest question; length grows with verbosity (low < medium < high). */
export function composeAnswer(input: AnswerInput): string {
  return [core(input), ...verbositySentences(input)].join(' ');
}

/** Appends verbosity-dependent closing sentences to an answer that uses a tool result. */
export function composeToolAnswer(lead: string, input: AnswerInput): string {
  return [lead, ...verbositySentences(input)].join(' ');
}
