// Rules the real service enforces beyond the schema (docs/protocol.md, "Request rules"): each breach is a 400 naming the field.
import { LIMITS, type CreateResponseBody } from '@/lib/schema';
import { familyOf, LOCAL_MODELS, messageText } from './agent';
import type { ContextItem, ModelInfo } from './agent/contract';
import { badRequest } from './errors';

/** tool_choice forms that name a tool by name or label (the schema already checks those point at an offered tool). */
const NAMED_CHOICES = new Set(['function', 'custom', 'mcp', 'allowed_tools']);

function checkToolChoice(body: CreateResponseBody): void {
  const tools = body.tools ?? [];
  const choice = body.tool_choice;
  if (choice === 'required' && tools.length === 0) {
    throw badRequest("Invalid 'tool_choice': 'required' needs at least one tool in 'tools'.", 'tool_choice', 'invalid_combination');
  }
  if (typeof choice !== 'object' || NAMED_CHOICES.has(choice.type)) return;
  const family = familyOf(choice);
  if (family !== undefined && !tools.some((tool) => familyOf(tool) === family)) {
    throw badRequest(
      `Invalid 'tool_choice': it selects the ${choice.type} tool, but 'tools' has no ${choice.type} tool. Add one to 'tools' or choose another tool.`,
      'tool_choice',
      'invalid_combination',
    );
  }
}

/** Function and custom tools share one name space. */
function checkToolNames(body: CreateResponseBody): void {
  const seen = new Map<string, number>();
  (body.tools ?? []).forEach((tool, index) => {
    if (tool.type !== 'function' && tool.type !== 'custom') return;
    const first = seen.get(tool.name);
    if (first !== undefined) {
      throw badRequest(`Duplicate tool name '${tool.name.slice(0, 128)}': tools[${first}] and tools[${index}] both use it; tool names must be unique.`, `tools[${index}].name`, 'duplicate_tool_name');
    }
    seen.set(tool.name, index);
  });
}

function checkReasoning(body: CreateResponseBody, model: ModelInfo): void {
  if (model.supportsReasoning || !body.reasoning) return;
  const reasoning = body.reasoning;
  const key = (['effort', 'summary', 'generate_summary'] as const).find((name) => reasoning[name] != null);
  if (key === undefined) return;
  const reasoners = LOCAL_MODELS.filter((entry) => entry.supportsReasoning).map((entry) => entry.id).join(', ');
  throw badRequest(
    `Unsupported parameter: 'reasoning.${key}' is not supported with the model '${body.model.slice(0, 64)}'; it is not a reasoning model (use ${reasoners}).`,
    `reasoning.${key}`,
    'unsupported_parameter',
  );
}

function checkStreamOptions(body: CreateResponseBody): void {
  if (body.stream_options != null && body.stream !== true) {
    throw badRequest("Invalid 'stream_options': it is only allowed when 'stream' is true.", 'stream_options', 'invalid_combination');
  }
}

/** The routing decision takes one metadata pair of its own; the user's pairs are never overwritten or pushed past the bound. */
function checkRoutingMetadata(body: CreateResponseBody): void {
  if (body.auto_routing !== true || body.auto_routing_debug !== true) return;
  const metadata = body.metadata ?? {};
  if (Object.hasOwn(metadata, 'auto_routing_debug')) {
    throw badRequest(
      "Invalid 'metadata': the key 'auto_routing_debug' is where auto_routing_debug writes the routing decision; rename your key or turn auto_routing_debug off.",
      'metadata.auto_routing_debug',
      'invalid_combination',
    );
  }
  const pairs = Object.keys(metadata).length;
  if (pairs >= LIMITS.metadata.maxPairs) {
    throw badRequest(
      `Invalid 'metadata': auto_routing_debug adds the pair 'auto_routing_debug', so metadata may hold at most ${LIMITS.metadata.maxPairs - 1} pairs of your own (got ${pairs}).`,
      'metadata',
      'invalid_combination',
    );
  }
}

/** Checks that need only the body and the model; run before anything is stored. */
export function checkRequestRules(body: CreateResponseBody, model: ModelInfo): void {
  checkStreamOptions(body);
  checkToolNames(body);
  checkToolChoice(body);
  checkReasoning(body, model);
  checkRoutingMetadata(body);
}

/** JSON mode (`text.format: json_object`) needs the word JSON somewhere in the instructions or the messages. */
export function checkJsonMode(body: CreateResponseBody, instructions: string | null, context: readonly ContextItem[]): void {
  if (body.text?.format?.type !== 'json_object') return;
  const texts = [instructions ?? '', ...context.filter((item) => item.type === 'message').map((item) => messageText(item))];
  if (texts.some((text) => /json/i.test(text))) return;
  throw badRequest(
    "The instructions or input messages must contain the word 'JSON' to use 'text.format' of type 'json_object'. Say in the prompt that you want JSON (or use json_schema).",
    'input',
    'invalid_combination',
  );
}
