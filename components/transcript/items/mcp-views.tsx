// MCP items: listed tools, approval requests (Approve / Deny), approval responses and calls.
import type { OutputItem } from '@/lib/transcript/types';
import { ApprovalButtons } from '../transcript-actions';
import { asArray, Field, ItemFrame, JsonBlock, prettyJson, text } from './item-frame';

export function McpListToolsView({ item }: { item: OutputItem }) {
  const tools = asArray(item.tools);
  return (
    <ItemFrame item={item} title={`MCP tools · ${text(item.server_label)}`}>
      {item.error ? <p className="text-xs text-danger">{text(item.error)}</p> : null}
      <ul className="list-disc pl-5 text-xs">
        {tools.map((tool, at) => (
          <li key={at}>
            <code>{text(tool.name)}</code>
            {tool.description ? ` — ${text(tool.description)}` : null}
          </li>
        ))}
      </ul>
    </ItemFrame>
  );
}

export function McpApprovalRequestView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title={`MCP approval request · ${text(item.server_label)}`}>
      <Field label="Tool">{text(item.name)}</Field>
      <JsonBlock value={prettyJson(item.arguments)} label="Arguments" />
      {typeof item.id === 'string' ? <ApprovalButtons approvalRequestId={item.id} /> : null}
    </ItemFrame>
  );
}

export function McpApprovalResponseView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title="MCP approval response">
      <Field label="Request">{text(item.approval_request_id)}</Field>
      <Field label="Decision">{item.approve ? 'approved' : 'denied'}</Field>
      {item.reason ? <Field label="Reason">{text(item.reason)}</Field> : null}
    </ItemFrame>
  );
}

export function McpCallView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title={`MCP call · ${text(item.server_label)} / ${text(item.name)}`}>
      <JsonBlock value={prettyJson(item.arguments)} label="Arguments" />
      {item.output !== undefined && item.output !== null ? <JsonBlock value={prettyJson(item.output)} label="Output" /> : null}
      {item.error ? <p className="mt-1 text-xs text-danger">Error: {text(item.error)}</p> : null}
    </ItemFrame>
  );
}
