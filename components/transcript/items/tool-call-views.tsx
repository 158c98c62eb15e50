// Client-executed tool items: function and custom tool calls with their outputs, computer calls and outputs.
import type { OutputItem } from '@/lib/transcript/types';
import { CallReply } from '../transcript-actions';
import { asArray, Field, ItemFrame, JsonBlock, prettyJson, text } from './item-frame';

export function FunctionCallView({ item }: { item: OutputItem }) {
  const callId = text(item.call_id);
  return (
    <ItemFrame item={item} title={`Function call · ${text(item.name)}`}>
      <Field label="call_id">{callId}</Field>
      <JsonBlock value={prettyJson(item.arguments)} label="Arguments" />
      {callId ? <CallReply callId={callId} kind="function_call" /> : null}
    </ItemFrame>
  );
}

export function CustomToolCallView({ item }: { item: OutputItem }) {
  const callId = text(item.call_id);
  return (
    <ItemFrame item={item} title={`Custom tool call · ${text(item.name)}`}>
      <Field label="call_id">{callId}</Field>
      <JsonBlock value={text(item.input)} label="Input" />
      {callId ? <CallReply callId={callId} kind="custom_tool_call" /> : null}
    </ItemFrame>
  );
}

export function CallOutputView({ item }: { item: OutputItem }) {
  const title = item.type === 'custom_tool_call_output' ? 'Custom tool output' : 'Function output';
  return (
    <ItemFrame item={item} title={title}>
      <Field label="call_id">{text(item.call_id)}</Field>
      <JsonBlock value={typeof item.output === 'string' ? prettyJson(item.output) : item.output} label="Output" />
    </ItemFrame>
  );
}

export function ComputerCallView({ item }: { item: OutputItem }) {
  const actions = Array.isArray(item.actions) ? asArray(item.actions) : asArray([item.action]);
  const checks = asArray(item.pending_safety_checks);
  return (
    <ItemFrame item={item} title="Computer call">
      <Field label="call_id">{text(item.call_id)}</Field>
      <ol className="mt-1 list-decimal pl-5 text-xs">
        {actions.map((action, at) => (
          <li key={at}>
            <span className="font-medium">{text(action.type)}</span> {describeAction(action)}
          </li>
        ))}
      </ol>
      {checks.length > 0 ? (
        <ul aria-label="Pending safety checks" className="mt-1 text-xs text-warning">
          {checks.map((check, at) => (
            <li key={at}>
              {text(check.code)} {text(check.message)}
            </li>
          ))}
        </ul>
      ) : null}
    </ItemFrame>
  );
}

function describeAction(action: Record<string, unknown>): string {
  const { type: _type, ...rest } = action;
  return Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

export function ComputerCallOutputView({ item }: { item: OutputItem }) {
  const output = typeof item.output === 'object' && item.output !== null ? (item.output as Record<string, unknown>) : {};
  return (
    <ItemFrame item={item} title="Computer call output">
      <Field label="call_id">{text(item.call_id)}</Field>
      {typeof output.image_url === 'string' ? (
        // eslint-disable-next-line @next/next/no-img-element -- screenshot URL or data URL from the tool
        <img src={output.image_url} alt="Computer screenshot" className="mt-1 max-h-96 rounded" />
      ) : (
        <Field label="Output">{text(output.file_id ?? item.output)}</Field>
      )}
    </ItemFrame>
  );
}
