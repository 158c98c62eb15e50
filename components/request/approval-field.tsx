'use client';
// An MCP tool's require_approval: always / never / per tool (filters by tool name, edited as JSON); never free text.
import { Select } from '@/components/ui/input';
import { isJsonObject } from './body-path';
import { useDraftStore, useFieldValue } from './draft-context';
import { BodyField, toTestId } from './fields';
import { JsonValueField } from './json-value-field';

const PER_TOOL_EXAMPLE = { always: { tool_names: ['delete_page'] }, never: { tool_names: ['search'] } };

export function ApprovalField({ path, help }: { path: string; help: string }) {
  const store = useDraftStore();
  const value = useFieldValue(path);
  const mode = value === undefined || value === null ? '' : value === 'always' || value === 'never' ? value : isJsonObject(value) ? 'per_tool' : 'other';
  return (
    <div className="flex min-w-0 flex-col gap-2 md:col-span-2">
      <BodyField path={path} label="Approval before calls" help={help}>
        <Select
          value={mode}
          data-testid={toTestId(path)}
          onChange={(event) => {
            const next = event.target.value;
            store.setField(path, next === '' ? undefined : next === 'per_tool' ? (isJsonObject(value) ? value : PER_TOOL_EXAMPLE) : next);
          }}
        >
          <option value="">(not set: always)</option>
          <option value="always">always: ask before every call</option>
          <option value="never">never: call without asking</option>
          <option value="per_tool">per tool: filters by tool name</option>
          {mode === 'other' ? <option value="other">{JSON.stringify(value)} (not a known value)</option> : null}
        </Select>
      </BodyField>
      {mode === 'per_tool' ? (
        <JsonValueField path={path} label="Approval filters" rows={4} help='{"always": {"tool_names": [...]}, "never": {"tool_names": [...]}}: tools listed under never run without asking.' />
      ) : null}
    </div>
  );
}
