'use client';
// Turn-taking actions offered inside item views of the latest turn (tool outputs, MCP approvals), and the approval decisions already sent.
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { functionCallOutput, mcpApprovalResponse } from '@/lib/transcript/follow-up';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/input';
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
      <TextArea id={fieldId} data-testid="call-reply-output" value={output} onChange={(event) => setOutput(event.target.value)} rows={2} isMono className="text-xs sm:text-xs" placeholder='{"temperature": 21}' />
      <Button type="submit" size="sm" variant="primary" data-testid="call-reply-send" disabled={actions.isBusy}>
        {remaining > 0 ? `Save output (${remaining} more call${remaining > 1 ? 's' : ''} to answer)` : 'Reply with output'}
      </Button>
      {saved ? <span className="ml-2 text-xs text-fg-muted">Saved; sent with the other outputs.</span> : null}
    </form>
  );
}

/** The decisions sent so far in this thread (mcp_approval_response items of later requests), by approval request id. */
const ApprovalDecisionsContext = createContext<ReadonlyMap<string, boolean>>(new Map());

export function ApprovalDecisionsProvider({ requests, children }: { requests: readonly { input?: unknown }[]; children: ReactNode }) {
  const decisions = useMemo(() => {
    const found = new Map<string, boolean>();
    for (const request of requests) {
      if (!Array.isArray(request.input)) continue;
      for (const item of request.input as unknown[]) {
        if (typeof item !== 'object' || item === null) continue;
        const { type, approval_request_id: id, approve } = item as Record<string, unknown>;
        if (type === 'mcp_approval_response' && typeof id === 'string') found.set(id, approve === true);
      }
    }
    return found;
  }, [requests]);
  return <ApprovalDecisionsContext.Provider value={decisions}>{children}</ApprovalDecisionsContext.Provider>;
}

/** Approve / Deny while the request waits; once answered, the decision taken. */
export function ApprovalButtons({ approvalRequestId }: { approvalRequestId: string }) {
  const actions = useContext(TranscriptActionsContext);
  const decision = useContext(ApprovalDecisionsContext).get(approvalRequestId);
  if (decision !== undefined) {
    return (
      <p data-testid="mcp-decision" data-decision={decision ? 'approved' : 'denied'} className={`mt-2 text-sm font-medium ${decision ? 'text-success' : 'text-danger'}`}>
        {decision ? 'Approved' : 'Denied'}: the answer was sent in the next turn.
      </p>
    );
  }
  if (!actions) return null;
  return (
    <div className="mt-2 flex gap-2" role="group" aria-label="Approve this MCP tool call?">
      <Button size="sm" variant="primary" data-testid="mcp-approve" disabled={actions.isBusy} onClick={() => actions.respondToApproval(approvalRequestId, true)}>
        Approve
      </Button>
      <Button size="sm" variant="danger" data-testid="mcp-deny" disabled={actions.isBusy} onClick={() => actions.respondToApproval(approvalRequestId, false)}>
        Deny
      </Button>
    </div>
  );
}
