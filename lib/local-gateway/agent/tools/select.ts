// Which tools a turn calls: tool_choice (none/auto/required/specific/allowed_tools), input matching, parallel and max_tool_calls.
import type { JsonObject } from '../contract';
import { isObject } from '../options';
import type { Turn } from '../turn';

export type ToolFamily =
  | 'function' | 'custom' | 'web_search' | 'file_search' | 'code_interpreter' | 'image_generation'
  | 'computer' | 'local_shell' | 'shell' | 'mcp' | 'hosted' | 'sleep' | 'history';

const FAMILY_BY_TYPE: Record<string, ToolFamily> = {
  function: 'function',
  custom: 'custom',
  web_search: 'web_search',
  web_search_2025_08_26: 'web_search',
  web_search_preview: 'web_search',
  web_search_preview_2025_03_11: 'web_search',
  file_search: 'file_search',
  code_interpreter: 'code_interpreter',
  image_generation: 'image_generation',
  computer: 'computer',
  computer_use: 'computer',
  computer_use_preview: 'computer',
  local_shell: 'local_shell',
  shell: 'shell',
  mcp: 'mcp',
  hosted: 'hosted',
  sleep: 'sleep',
  history: 'history',
};

/** Families the client executes: the turn ends waiting for their output. */
export const CLIENT_FAMILIES = new Set<ToolFamily>(['function', 'custom', 'computer', 'local_shell', 'shell']);

export function familyOf(tool: JsonObject): ToolFamily | undefined {
  return typeof tool.type === 'string' ? FAMILY_BY_TYPE[tool.type] : undefined;
}

const KEYWORDS: Partial<Record<ToolFamily, RegExp>> = {
  web_search: /\b(search the web|web ?search|search online|on the web|look (it |this |that )?up|latest|news|google|browse)\b/i,
  file_search: /\b(search (my|the|our) (files|documents|docs|notes)|file ?search|my files|my documents|knowledge base|vector store)\b/i,
  code_interpreter: /\b(run (some |the |this )?(code|python)|python|calculate|compute|code interpreter|execute)\b/i,
  image_generation: /\b(draw|image|picture|illustration|sketch|paint|logo|png)\b/i,
  computer: /\b(screenshot|click|computer|screen|browser)\b/i,
  local_shell: /\b(shell|terminal|command|bash)\b|`[^`]+`/i,
  shell: /\b(shell|terminal|command|bash)\b|`[^`]+`/i,
  sleep: /\b(sleep|wait|pause)\b/i,
  history: /\bhistory\b/i,
};

const GENERIC_WORDS = new Set([
  'get', 'set', 'fetch', 'create', 'list', 'update', 'delete', 'run', 'call', 'tool', 'make', 'find', 'the', 'and',
  'for', 'with', 'from', 'this', 'that', 'into', 'your', 'when', 'what', 'returns', 'return', 'given', 'current',
]);

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function nameParts(name: string): string[] {
  return words(name.replace(/([a-z])([A-Z])/g, '$1 $2')).filter((part) => part.length >= 3 && !GENERIC_WORDS.has(part));
}

/** A named tool matches when the input says its name, a distinctive part of it, or two words of its description. */
function matchesNamed(tool: JsonObject, question: string): boolean {
  const name = typeof tool.name === 'string' ? tool.name : '';
  const lower = question.toLowerCase();
  const inputWords = new Set(words(question));
  if (name && (lower.includes(name.toLowerCase()) || lower.includes(name.toLowerCase().replace(/[_-]+/g, ' ')))) return true;
  if (nameParts(name).some((part) => inputWords.has(part))) return true;
  const described = [...new Set(words(typeof tool.description === 'string' ? tool.description : ''))].filter(
    (word) => word.length >= 4 && !GENERIC_WORDS.has(word),
  );
  const hits = described.filter((word) => inputWords.has(word)).length;
  return hits >= Math.min(2, described.length) && hits > 0;
}

export function matchesInput(tool: JsonObject, question: string): boolean {
  const family = familyOf(tool);
  if (!family) return false;
  if (family === 'function' || family === 'custom') return matchesNamed(tool, question);
  if (family === 'mcp') {
    const label = typeof tool.server_label === 'string' ? tool.server_label.toLowerCase() : '';
    return /\bmcp\b/i.test(question) || (label !== '' && question.toLowerCase().includes(label));
  }
  if (family === 'hosted') return /\bhosted\b/i.test(question) || matchesNamed(tool, question);
  return KEYWORDS[family]?.test(question) ?? false;
}

function sameTool(choice: JsonObject, tool: JsonObject): boolean {
  if (choice.type === 'function' || choice.type === 'custom') return tool.type === choice.type && tool.name === choice.name;
  if (choice.type === 'mcp') return tool.type === 'mcp' && tool.server_label === choice.server_label;
  return familyOf(tool) !== undefined && familyOf(tool) === familyOf(choice);
}

/** The tools this turn calls, in the order of `tools`. */
export function selectTools(turn: Turn): JsonObject[] {
  const { tools, toolChoice, parallelToolCalls, maxToolCalls } = turn.options;
  if (turn.behaviour === 'echo' || toolChoice === 'none' || tools.length === 0) return [];
  let candidates = tools.filter((tool) => familyOf(tool) !== undefined);
  let required = toolChoice === 'required';
  if (isObject(toolChoice) && toolChoice.type === 'allowed_tools') {
    const allowed = Array.isArray(toolChoice.tools) ? toolChoice.tools.filter(isObject) : [];
    candidates = candidates.filter((tool) => allowed.some((choice) => sameTool(choice, tool)));
    required = toolChoice.mode === 'required';
  } else if (isObject(toolChoice)) {
    const forced = candidates.find((tool) => sameTool(toolChoice, tool));
    return forced ? [forced] : [];
  }
  const callAll = turn.triggers.has('parallel_tools');
  let chosen = candidates.filter((tool) => callAll || matchesInput(tool, turn.question));
  if (chosen.length === 0 && required && candidates[0]) chosen = [candidates[0]];
  if (!parallelToolCalls) chosen = chosen.slice(0, 1);
  let builtIns = 0;
  return chosen.filter((tool) => {
    if (CLIENT_FAMILIES.has(familyOf(tool)!)) return true;
    builtIns += 1;
    return builtIns <= maxToolCalls;
  });
}
