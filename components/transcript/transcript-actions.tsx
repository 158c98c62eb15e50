'use client';
// Turn-taking actions offered inside item views of the latest turn: tool outputs and MCP approvals.
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { functionCallOutput, mcpApprovalResponse } from '@/lib/transcript/follow-up';
import type { OutputItem } from '@/lib/transcript/types';

type CallKind = 'function_call' | 'custom_tool_call';

interface TranscriptActions {
  isBusy: boolean;
  /** Calls of the latest response still waiting for an output, and the outputs drafted so far. */
  openCallIds: string[];
  savedOutputs: Record<string, unknown>;
  saveOutput(callId: string, output: string, kind: CallKind): void;
  respondToApproval(approvalRequestId: string, approve: boolean): void;
}

const TranscriptActionsContext = createContext<TranscriptActions | null>(null);

/** Collects one output per open call and sends them together in a single follow-up request. */
export function TranscriptActionsProvider({ items, isBusy, onReply, children }: { items: (OutputItem | undefined)[]; isBusy: boolean; onReply: (input: unknown[]) => void; children: ReactNode }) {
  const [savedOutputs, setSavedOutputs] = useState<Record<string, unknown>>({});
  const openCallIds = useMemo(
    () => items.flatMap((item) => (item && (item.type === 'function_call' || item.type === 'custom_tool_call') && typeof item.call_id === 'string' ? [item.call_id] : [])),
    [items],
  );
  const saveOutput = useCallback(
    (callId: string, output: string, kind: CallKind) => {
      const next = { ...savedOutputs, [callId]: functionCallOutput(callId, output, kind) };
      if (openCallIds.every((id) => id in next)) {
        setSavedOutputs({});
        onReply(openCallIds.map((id) => next[id]));
      } else {
        setSavedOutputs(next);
      }
    },
    [onReply, openCallIds, savedOutputs],
  );
  const respondToApproval = useCallback((id: string, approve: boolean) => onReply([mcpApprovalResponse(id, approve)]), [onReply]);
  const value = useMemo(() => ({ isBusy, openCallIds, savedOutputs, saveOutput, respondToApproval }), [isBusy, openCallIds, savedOutputs, saveOutput, respondToApproval]);
  return <TranscriptActionsContext.Provider value={value}>{children}</TranscriptActionsContext.Provider>;
}

export function CallReply({ callId, kind }: { callId: string; kind: CallKind }) {
  const actions = useContext(TranscriptActionsContext);
  const [output, setOutput] = useState('');
  const fieldId = useId();
  if (!actions || !actions.openCallIds.includes(callId)) return null;
  const saved = callId in actions.savedOutputs;
  const remaining = actions.openCallIds.filter((id) => id !== callId && !(id in actions.savedOutputs)).length;
  return (
    <form
      data-testid="call-reply"
      className="mt-2 space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        actions.saveOutput(callId, output, kind);
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium">
        {kind === 'custom_tool_call' ? 'custom_tool_call_output' : 'function_call_output'}.output for {callId}
      </label>
      <textarea
        id={fieldId}
        data-testid="call-reply-output"
        value={output}
        onChange={(event) => setOutput(event.target.value)}
        rows={2}
        className="w-full rounded border border-zinc-300 bg-white p-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
        placeholder='{"temperature": 21}'
      />
      <button type="submit" data-testid="call-reply-send" disabled={actions.isBusy} className="rounded bg-sky-700 px-2 py-1 text-xs text-white disabled:opacity-50">
        {remaining > 0 ? `Save output (${remaining} more call${remaining > 1 ? 's' : ''} to answer)` : 'Reply with output'}
      </button>
      {saved ? <span className="ml-2 text-xs text-zinc-500">Saved; sent with the other outputs.</span> : null}
    </form>
  );
}

export function ApprovalButtons({ approvalRequestId }: { approvalRequestId: string }) {
  const actions = useContext(TranscriptActionsContext);
  if (!actions) return null;
  return (
    <div className="mt-2 flex gap-2" role="group" aria-label="Approve this MCP tool call?">
      <button type="button" data-testid="mcp-approve" disabled={actions.isBusy} onClick={() => actions.respondToApproval(approvalRequestId, true)} className="rounded bg-emerald-700 px-2 py-1 text-xs text-white disabled:opacity-50">
        Approve
      </button>
      <button type="button" data-testid="mcp-deny" disabled={actions.isBusy} onClick={() => actions.respondToApproval(approvalRequestId, false)} className="rounded bg-red-700 px-2 py-1 text-xs text-white disabled:opacity-50">
        Deny
      </button>
    </div>
  );
}
