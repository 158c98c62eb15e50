// Shell tools: local_shell calls and outputs, shell calls (commands stream in) and their outputs.
import type { OutputItem } from '@/lib/transcript/types';
import { asArray, Field, ItemFrame, prettyJson, text } from './item-frame';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function LocalShellCallView({ item }: { item: OutputItem }) {
  const action = record(item.action);
  const command = Array.isArray(action.command) ? action.command.map(text).join(' ') : text(action.command);
  return (
    <ItemFrame item={item} title="Local shell call">
      <Field label="call_id">{text(item.call_id)}</Field>
      <pre aria-label="Command" className="mt-1 rounded bg-sunken p-2 font-mono text-xs text-fg">$ {command}</pre>
      {action.working_directory ? <Field label="cwd">{text(action.working_directory)}</Field> : null}
      {action.timeout_ms ? <Field label="timeout_ms">{text(action.timeout_ms)}</Field> : null}
    </ItemFrame>
  );
}

export function LocalShellOutputView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title="Local shell output">
      <pre aria-label="Output" className="rounded bg-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">{prettyJson(item.output)}</pre>
    </ItemFrame>
  );
}

export function ShellCallView({ item }: { item: OutputItem }) {
  const action = record(item.action);
  const commands = Array.isArray(action.commands) ? action.commands.map(text) : [];
  const environment = record(item.environment);
  return (
    <ItemFrame item={item} title="Shell call">
      <Field label="call_id">{text(item.call_id)}</Field>
      {environment.type ? <Field label="Environment">{text(environment.type)} {text(environment.container_id)}</Field> : null}
      <pre aria-label="Commands" className="mt-1 rounded bg-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">
        {commands.map((command) => `$ ${command}`).join('\n')}
      </pre>
    </ItemFrame>
  );
}

export function ShellOutputView({ item }: { item: OutputItem }) {
  const outputs = asArray(item.output);
  return (
    <ItemFrame item={item} title="Shell output">
      <Field label="call_id">{text(item.call_id)}</Field>
      {outputs.map((output, at) => {
        const outcome = record(output.outcome);
        return (
          <div key={at} className="mt-1">
            <pre aria-label={`Output of command ${at + 1}`} className="rounded bg-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">
              {text(output.stdout)}
              {output.stderr ? <span className="text-danger">{text(output.stderr)}</span> : null}
            </pre>
            {outcome.type ? (
              <p className="text-xs text-fg-muted">{outcome.type === 'exit' ? `exit code ${text(outcome.exit_code)}` : text(outcome.type)}</p>
            ) : null}
          </div>
        );
      })}
    </ItemFrame>
  );
}
