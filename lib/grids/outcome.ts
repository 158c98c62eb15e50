// A settled cell from the run controller's final state: its status, text, metrics, the checks' verdicts and the turn the transcript view shows.
import type { GridCheck, GridCellStatus } from '@/lib/schema/grid';
import type { RunState } from '@/lib/run/machine';
import { toTurn } from '@/lib/run/turn';
import { redactCredentials } from '@/lib/schema/credentials';
import { isTerminalStatus } from '@/lib/schema/constants';
import type { Turn } from '@/lib/transcript/run-types';
import { evaluateChecks, type CheckVerdict } from './checks';
import type { JobEnd } from './scheduler';
import { decidePass } from './summary';
import type { GridCellError } from './wire';

/** What a cell cut by the server stopping says (at the stop itself, or by the sweep after a restart). */
export const INTERRUPTED_ERROR: GridCellError = { message: 'The playground server stopped while this cell was waiting or running.', type: null, code: 'interrupted', param: null, http_status: null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of every output_text part of the message items, joined as the SDKs' `output_text` joins it. */
export function outputTextOf(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    if (!isObject(item) || item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content) if (isObject(part) && part.type === 'output_text' && typeof part.text === 'string') text += part.text;
  }
  return text;
}

/** A cell's status from how its turn ended and how the scheduler ended it (a response's own final status wins). */
export function cellStatusOf(state: Pick<RunState, 'status' | 'transcript'>, end: JobEnd): GridCellStatus {
  if (isTerminalStatus(state.status)) return state.status;
  if (state.status === 'stopped' || state.status === 'idle') return end === 'timed_out' ? 'timed_out' : 'cancelled';
  if (end === 'timed_out') return 'timed_out';
  if (end === 'cancelled' && state.status !== 'error' && state.status !== 'dropped') return 'cancelled';
  return 'error';
}

export interface SettledCell {
  status: GridCellStatus;
  passed: boolean | null;
  outputText: string;
  responseId: string | null;
  model: string | null;
  error: GridCellError | null;
  checks: CheckVerdict[];
  ttftMs: number | null;
  totalMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
  turn: Turn;
}

function errorOf(turn: Turn, status: GridCellStatus, timeoutMs: number): GridCellError | null {
  if (status === 'timed_out') return { message: `The cell ran longer than its timeout of ${timeoutMs} ms and was stopped.`, type: null, code: 'cell_timeout', param: null, http_status: null };
  const error = turn.error ?? (turn.transcript.error ? { ...turn.transcript.error, httpStatus: null } : null);
  if (!error) return status === 'cancelled' && !isTerminalStatus(turn.status) ? { message: 'Stopped before it finished.', type: null, code: 'cancelled', param: null, http_status: null } : null;
  return { message: error.message, type: error.type, code: error.code, param: error.param, http_status: error.httpStatus };
}

export function settleCell(key: string, state: RunState, end: JobEnd, checks: readonly GridCheck[], timeoutMs: number): SettledCell {
  const turn = toTurn(key, state);
  // Credentials never reach a stored grid, but a gateway may echo what it was sent: the stored turn keeps none.
  const stored: Turn = { ...turn, request: { ...turn.request, body: redactCredentials(turn.request.body) } };
  const status = cellStatusOf(state, end);
  const items = turn.transcript.items.filter((item) => item !== undefined);
  const outputText = outputTextOf(items);
  const usage = turn.metrics.usage;
  const body = turn.request.body;
  const verdicts = evaluateChecks(checks, {
    status,
    outputText,
    items,
    ttftMs: turn.metrics.ttftMs,
    totalMs: turn.metrics.totalMs,
    outputTokens: usage?.output_tokens ?? null,
    textFormat: isObject(body.text) ? body.text.format : undefined,
  });
  return {
    status,
    passed: decidePass(status, verdicts),
    outputText,
    responseId: turn.metrics.responseId,
    model: turn.metrics.model,
    error: errorOf(turn, status, timeoutMs),
    checks: verdicts,
    ttftMs: turn.metrics.ttftMs,
    totalMs: turn.metrics.totalMs,
    inputTokens: usage?.input_tokens ?? null,
    outputTokens: usage?.output_tokens ?? null,
    totalTokens: usage?.total_tokens ?? null,
    turn: stored,
  };
}
