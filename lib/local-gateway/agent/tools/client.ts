// Client-executed tool calls (function, custom, computer, local shell, shell): the turn ends waiting for their output.
import type { JsonObject } from '../contract';
import { deriveId } from '../ids';
import { generateArguments } from '../structured';
import { nextId, type Turn } from '../turn';
import { familyOf } from './select';

function callId(turn: Turn): string {
  return deriveId('call', turn.request.responseId, turn.items.length, 'call_id');
}

/** The first `backticked` command of the input, else a harmless default. */
function commandOf(question: string): string {
  return /`([^`]+)`/.exec(question)?.[1]?.trim() || 'ls -la';
}

function computerAction(question: string): JsonObject {
  if (/\bclick\b/i.test(question)) return { type: 'click', button: 'left', x: 320, y: 240 };
  const typed = /\btype\s+"([^"]+)"/i.exec(question);
  if (typed) return { type: 'type', text: typed[1] };
  if (/\bscroll\b/i.test(question)) return { type: 'scroll', x: 320, y: 240, scroll_x: 0, scroll_y: 400 };
  return { type: 'screenshot' };
}

export function pushClientCall(turn: Turn, tool: JsonObject): void {
  const name = typeof tool.name === 'string' ? tool.name : '';
  const hints = { question: turn.question, answer: turn.question };
  switch (familyOf(tool)) {
    case 'function':
      turn.items.push({
        id: nextId(turn, 'fc'),
        type: 'function_call',
        status: 'completed',
        arguments: generateArguments(tool.parameters, hints),
        call_id: callId(turn),
        name,
      });
      return;
    case 'custom':
      turn.items.push({ id: nextId(turn, 'ctc'), type: 'custom_tool_call', status: 'completed', call_id: callId(turn), name, input: turn.question });
      return;
    case 'computer':
      turn.items.push({
        id: nextId(turn, 'cu'),
        type: 'computer_call',
        status: 'completed',
        call_id: callId(turn),
        action: computerAction(turn.question),
        pending_safety_checks: [],
      });
      return;
    case 'local_shell':
      turn.items.push({
        id: nextId(turn, 'lsh'),
        type: 'local_shell_call',
        status: 'completed',
        call_id: callId(turn),
        action: { type: 'exec', command: ['sh', '-c', commandOf(turn.question)], env: {}, timeout_ms: 10_000 },
      });
      return;
    case 'shell': {
      const environment = (tool.environment as JsonObject | undefined)?.type === 'local' ? { type: 'local' } : null;
      turn.items.push({
        id: nextId(turn, 'sh'),
        type: 'shell_call',
        status: 'completed',
        call_id: callId(turn),
        action: { commands: [commandOf(turn.question)], timeout_ms: 10_000, max_output_length: 4096 },
        environment,
      });
      return;
    }
    default:
      return;
  }
}
