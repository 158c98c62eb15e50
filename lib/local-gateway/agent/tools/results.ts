// Answers from tool results in the context: function/custom/computer/shell outputs and MCP approval answers.
import type { ContextItem } from '../contract';
import { findCallFor, outputSummary } from '../context';
import type { Turn } from '../turn';
import type { Finding } from './builtin';
import { buildMcpCall, mcpCallFinding } from './mcp';

function shellOutput(output: unknown): string {
  if (!Array.isArray(output)) return outputSummary(output);
  return outputSummary(output.map((chunk) => (typeof chunk === 'object' && chunk ? String((chunk as { stdout?: unknown }).stdout ?? '') : '')).join(''));
}

function findingFor(turn: Turn, result: ContextItem): Finding {
  const call = findCallFor(turn.request.context, result);
  const name = typeof call?.name === 'string' ? call.name : 'the tool';
  switch (result.type) {
    case 'function_call_output':
    case 'custom_tool_call_output':
      return { lead: `The ${name} tool returned ${outputSummary(result.output)}.`, annotations: [] };
    case 'computer_call_output':
      return { lead: 'I received the screenshot from your computer and can see the current screen.', annotations: [] };
    case 'local_shell_call_output':
      return { lead: `The shell command printed ${outputSummary(result.output)}.`, annotations: [] };
    case 'shell_call_output':
      return { lead: `The shell command printed ${shellOutput(result.output)}.`, annotations: [] };
    case 'mcp_approval_response': {
      const label = String(call?.server_label ?? 'the MCP server');
      const tool = String(call?.name ?? 'tool');
      if (result.approve !== true) {
        return { lead: `The call to ${tool} on ${label} was denied, so I did not run it.`, annotations: [] };
      }
      const mcpCall = buildMcpCall(
        turn,
        { server_label: label, name: tool, arguments: typeof call?.arguments === 'string' ? call.arguments : '{}' },
        String(result.approval_request_id),
      );
      turn.items.push(mcpCall);
      return mcpCallFinding(mcpCall);
    }
    default:
      return { lead: `I received ${outputSummary(result)}.`, annotations: [] };
  }
}

/** Findings for each pending result (an approved MCP request runs its call first). */
export function answerResults(turn: Turn, results: ContextItem[]): Finding[] {
  return results.map((result) => findingFor(turn, result));
}
