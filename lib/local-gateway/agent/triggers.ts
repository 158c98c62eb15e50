// Documented input phrases that steer the agent (for the README and the UI), and their detection.
import { MAX_STREAM_WORDS, STREAM_WORDS_PATTERN } from './stream-words';

export type TriggerEffect =
  | 'fail'
  | 'rate_limited'
  | 'server_error'
  | 'drop_stream'
  | 'slow_first_token'
  | 'refuse'
  | 'content_filter'
  | 'recall'
  | 'parallel_tools'
  | 'stream_words';

export interface Trigger {
  phrase: string;
  effect: string;
}

interface TriggerRule extends Trigger {
  kind: TriggerEffect;
  pattern: RegExp;
}

const RULES: TriggerRule[] = [
  { phrase: 'simulate failure', kind: 'fail', pattern: /\bsimulate (a )?fail(ure|ed response)?\b/i, effect: 'The response ends failed: status failed, error {code: "server_error", message}.' },
  { phrase: 'simulate rate limit', kind: 'rate_limited', pattern: /\bsimulate (a )?rate[ -]?limit(ed)?\b|\bsimulate 429\b/i, effect: 'HTTP 429 with a Retry-After header, before any stream starts.' },
  { phrase: 'simulate server error', kind: 'server_error', pattern: /\bsimulate (a |an )?(server error|500)\b/i, effect: 'HTTP 500 with an error body.' },
  { phrase: 'simulate dropped stream', kind: 'drop_stream', pattern: /\bsimulate (a )?(dropped|drop(ped)?|broken) (stream|connection)\b/i, effect: 'The stream closes mid-way, without a terminal event.' },
  { phrase: 'simulate slow start', kind: 'slow_first_token', pattern: /\bsimulate (a )?slow (start|first token|response)\b/i, effect: 'The first token arrives after a delay.' },
  { phrase: 'simulate content filter', kind: 'content_filter', pattern: /\bsimulate (a )?content filter\b/i, effect: 'The answer stops half-way: status incomplete, reason content_filter.' },
  { phrase: 'please refuse', kind: 'refuse', pattern: /\b(please refuse|simulate (a )?refusal)\b/i, effect: 'The answer is a message with a refusal part.' },
  { phrase: 'what did I ask before?', kind: 'recall', pattern: /\bwhat (did|have) i (ask|asked|say|said)\b|\bmy (previous|earlier|last) (question|message)\b/i, effect: 'Answers from the earlier user messages in the context.' },
  { phrase: 'use all tools', kind: 'parallel_tools', pattern: /\buse (all|every|each|both)( of the| the)? tools\b/i, effect: 'Calls every tool given (in parallel unless parallel_tool_calls is false).' },
  { phrase: 'stream 20000 words', kind: 'stream_words', pattern: STREAM_WORDS_PATTERN, effect: `The answer is that many words (at most ${MAX_STREAM_WORDS}) of a fixed paragraph, one word per text delta, to watch a long stream; max_output_tokens still cuts it.` },
];

/** Tool phrases: any tool is called when the input names it; these phrases pick a built-in tool. */
const TOOL_TRIGGERS: Trigger[] = [
  { phrase: 'use the <name> tool / mention a function name or words of its description', effect: 'Calls that function (function_call) or custom tool.' },
  { phrase: 'search the web', effect: 'web_search_call, then an answer with url_citation annotations.' },
  { phrase: 'search my files', effect: 'file_search_call, then an answer citing the file.' },
  { phrase: 'run code / calculate', effect: 'code_interpreter_call (code, logs), then an answer.' },
  { phrase: 'draw / generate an image', effect: 'image_generation_call with a small PNG (partial images when streaming).' },
  { phrase: 'take a screenshot / click', effect: 'computer_call; the turn waits for computer_call_output.' },
  { phrase: 'run the command `ls`', effect: 'local_shell_call or shell_call; the turn waits for its output.' },
  { phrase: 'ask <mcp server label>', effect: 'mcp_list_tools, then mcp_approval_request or mcp_call.' },
  { phrase: 'sleep / wait', effect: 'sleep tool: a message saying it waited.' },
];

export const TRIGGERS: Trigger[] = [...RULES.map(({ phrase, effect }) => ({ phrase, effect })), ...TOOL_TRIGGERS];

/** The steering effects whose phrase occurs in the text. */
export function detectTriggers(text: string): Set<TriggerEffect> {
  return new Set(RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.kind));
}
