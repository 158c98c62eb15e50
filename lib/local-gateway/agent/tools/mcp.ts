// MCP: list the server's tools once, then ask for approval (require_approval not 'never') or call the tool.
import type { ContextItem, JsonObject, OutputItem } from '../contract';
import { isObject } from '../options';
import { generateArguments } from '../structured';
import { nextId, type Turn } from '../turn';
import type { Finding } from './builtin';

const INPUT_SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string', description: 'What to look up.' } },
  required: ['query'],
  additionalProperties: false,
};

function toolNames(tool: JsonObject): string[] {
  const allowed = tool.allowed_tools;
  const names = Array.isArray(allowed) ? allowed : isObject(allowed) && Array.isArray(allowed.tool_names) ? allowed.tool_names : [];
  const strings = names.filter((name): name is string => typeof name === 'string');
  return strings.length > 0 ? strings : ['lookup', 'summarize'];
}

function labelOf(tool: JsonObject): string {
  return typeof tool.server_label === 'string' ? tool.server_label : 'mcp';
}

function needsApproval(tool: JsonObject, name: string): boolean {
  const policy = tool.require_approval;
  if (policy === 'never') return false;
  if (isObject(policy) && isObject(policy.never) && Array.isArray(policy.never.tool_names)) {
    return !policy.never.tool_names.includes(name);
  }
  return true;
}

/** Simulated output of an MCP tool (a JSON string, as MCP servers return text). */
export function simulatedMcpOutput(label: string, name: string, args: string): string {
  return JSON.stringify({ server: label, tool: name, result: `Simulated ${name} result for ${args}` });
}

export function buildMcpCall(turn: Turn, request: { server_label: string; name: string; arguments: string }, approvalId?: string): OutputItem {
  return {
    id: nextId(turn, 'mcp'),
    type: 'mcp_call',
    status: 'completed',
    server_label: request.server_label,
    name: request.name,
    arguments: request.arguments,
    output: simulatedMcpOutput(request.server_label, request.name, request.arguments),
    error: null,
    ...(approvalId ? { approval_request_id: approvalId } : {}),
  };
}

export function mcpCallFinding(call: OutputItem): Finding {
  return { lead: `The MCP tool ${String(call.name)} on ${String(call.server_label)} returned ${String(call.output)}.`, annotations: [] };
}

/** Returns a finding when the call ran, or undefined when the turn now waits for an approval. */
export function runMcp(turn: Turn, tool: JsonObject): Finding | undefined {
  const label = labelOf(tool);
  const names = toolNames(tool);
  const listed = turn.request.context.some((item: ContextItem) => item.type === 'mcp_list_tools' && item.server_label === label);
  if (!listed) {
    turn.items.push({
      id: nextId(turn, 'mcpl'),
      type: 'mcp_list_tools',
      server_label: label,
      tools: names.map((name) => ({ name, description: `Simulated ${name} tool of ${label}.`, input_schema: INPUT_SCHEMA, annotations: null })),
    });
  }
  const choice = turn.options.toolChoice;
  const forced = isObject(choice) && choice.type === 'mcp' && typeof choice.name === 'string' ? choice.name : undefined;
  const name = forced ?? names.find((candidate) => turn.question.toLowerCase().includes(candidate.toLowerCase())) ?? names[0]!;
  const args = generateArguments(INPUT_SCHEMA, { question: turn.question, answer: turn.question });
  if (needsApproval(tool, name)) {
    turn.items.push({ id: nextId(turn, 'mcpr'), type: 'mcp_approval_request', server_label: label, name, arguments: args });
    return undefined;
  }
  const call = buildMcpCall(turn, { server_label: label, name, arguments: args });
  turn.items.push(call);
  return mcpCallFinding(call);
}
