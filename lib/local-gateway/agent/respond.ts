// Decides what the turn does after reasoning (refuse, answer tool results, call tools, or answer) and does it.
import { composeAnswer, composeToolAnswer } from './answer';
import type { ContextItem, JsonObject } from './contract';
import { pendingResults } from './context';
import { composeStreamWords, streamWordCount } from './stream-words';
import {
  runCodeInterpreter,
  runExtensionTool,
  runFileSearch,
  runImageGeneration,
  runWebSearch,
  type Finding,
} from './tools/builtin';
import { pushClientCall } from './tools/client';
import { runMcp } from './tools/mcp';
import { answerResults } from './tools/results';
import { CLIENT_FAMILIES, familyOf, selectTools } from './tools/select';
import { pushMessage, pushRefusal, type Turn } from './turn';

const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

export type Action =
  | { kind: 'refuse' }
  | { kind: 'results'; results: ContextItem[] }
  | { kind: 'tools'; tools: JsonObject[] }
  | { kind: 'answer' };

export function decideAction(turn: Turn): Action {
  if (turn.triggers.has('refuse')) return { kind: 'refuse' };
  const results = pendingResults(turn.request.context);
  if (results.length > 0) return { kind: 'results', results };
  const tools = selectTools(turn);
  return tools.length > 0 ? { kind: 'tools', tools } : { kind: 'answer' };
}

/** One sentence for the reasoning summary on what the agent is about to do. */
export function describeApproach(action: Action): string {
  switch (action.kind) {
    case 'refuse':
      return 'This request should be declined politely.';
    case 'results':
      return 'The tool results are in, so I can answer from them.';
    case 'tools':
      return `I should use ${action.tools.map((tool) => String(tool.name ?? tool.server_label ?? tool.type)).join(', ')} before answering.`;
    default:
      return 'I can answer directly from the input.';
  }
}

/** The final message: findings in order (annotations shifted to their place), then verbosity extras. */
function pushFindings(turn: Turn, findings: Finding[]): void {
  const annotations: JsonObject[] = [];
  let lead = '';
  for (const finding of findings) {
    const offset = lead === '' ? 0 : lead.length + 1;
    lead = lead === '' ? finding.lead : `${lead} ${finding.lead}`;
    for (const annotation of finding.annotations) {
      const shifted: JsonObject = { ...annotation };
      for (const key of ['start_index', 'end_index', 'index']) {
        if (typeof annotation[key] === 'number') shifted[key] = (annotation[key] as number) + offset;
      }
      annotations.push(shifted);
    }
  }
  pushMessage(turn, composeToolAnswer(lead, turn.answer), annotations);
}

function runTools(turn: Turn, tools: JsonObject[]): void {
  const findings: Finding[] = [];
  let waiting = false;
  for (const tool of tools.filter((t) => !CLIENT_FAMILIES.has(familyOf(t)!))) {
    switch (familyOf(tool)) {
      case 'web_search':
        findings.push(runWebSearch(turn));
        break;
      case 'file_search':
        findings.push(runFileSearch(turn, tool));
        break;
      case 'code_interpreter':
        findings.push(runCodeInterpreter(turn, tool));
        break;
      case 'image_generation':
        findings.push(runImageGeneration(turn, tool));
        break;
      case 'mcp': {
        const finding = runMcp(turn, tool);
        if (finding) findings.push(finding);
        else waiting = true;
        break;
      }
      default:
        findings.push(runExtensionTool(turn, tool));
    }
  }
  const clientTools = tools.filter((t) => CLIENT_FAMILIES.has(familyOf(t)!));
  for (const tool of clientTools) pushClientCall(turn, tool);
  if (clientTools.length === 0 && !waiting) pushFindings(turn, findings);
}

export function act(turn: Turn, action: Action): void {
  switch (action.kind) {
    case 'refuse':
      return pushRefusal(turn, REFUSAL_TEXT);
    case 'results':
      return pushFindings(turn, answerResults(turn, action.results));
    case 'tools':
      return runTools(turn, action.tools);
    default: {
      const words = turn.triggers.has('stream_words') ? streamWordCount(turn.question) : undefined;
      return pushMessage(turn, words === undefined ? composeAnswer(turn.answer) : composeStreamWords(words));
    }
  }
}
