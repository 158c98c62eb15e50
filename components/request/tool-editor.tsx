'use client';
// One tool definition: controls for the known fields of its kind, plus free JSON for every other field.
import { Button } from '@/components/ui/button';
import { isJsonObject, type JsonObject } from './body-path';
import { ApprovalField } from './approval-field';
import { getPath } from './body-path';
import { useDraftStore, useFieldSelector } from './draft-context';
import { BooleanField, NumberField, SelectField, TextField } from './fields';
import { checkJsonSchema } from './json-schema-check';
import { JsonValueField } from './json-value-field';
import { LIST_ROW_CLASS } from './list-row';
import { findToolTemplate, pickOtherToolFields } from './tool-templates';

const typeOfTool = (tool: unknown) => (isJsonObject(tool) ? String(tool.type) : 'unknown');

export function ToolEditor({ index }: { index: number }) {
  const store = useDraftStore();
  const path = `tools[${index}]`;
  // Only the kind decides the layout: typing in one of the tool's fields re-renders that field alone.
  const type = useFieldSelector(path, typeOfTool);
  const template = findToolTemplate({ type });
  const shownKeys = ['type', ...(template?.fields.map((field) => field.key) ?? [])];
  return (
    <div className={`rounded-md border border-line p-2 ${LIST_ROW_CLASS}`} data-testid={`tool-${index}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs">
        <span className="font-mono [overflow-wrap:anywhere]">{path} · type: {type}</span>
        <Button size="sm" variant="secondary" data-testid={`tool-${index}-remove`} aria-label={`Remove tool ${index + 1} (${type})`} onClick={() => store.setField(path, undefined)}>
          Remove tool
        </Button>
      </div>
      <div className="grid gap-2 md:grid-cols-2">
        {template?.fields.map((field) => {
          const fieldPath = `${path}.${field.key}`;
          if (field.kind === 'text') return <TextField key={field.key} path={fieldPath} help={field.help} isSecret={field.isSecret} />;
          if (field.kind === 'number') return <NumberField key={field.key} path={fieldPath} help={field.help} />;
          if (field.kind === 'boolean') return <BooleanField key={field.key} path={fieldPath} help={field.help} />;
          if (field.kind === 'select') return <SelectField key={field.key} path={fieldPath} options={field.options} help={field.help} />;
          if (field.kind === 'approval') return <ApprovalField key={field.key} path={fieldPath} help={field.help} />;
          return (
            <div key={field.key} className="md:col-span-2">
              <JsonValueField path={fieldPath} help={field.help} rows={field.kind === 'schema' ? 8 : 3} check={field.kind === 'schema' ? checkJsonSchema : undefined} isSecret={field.kind === 'json' && field.isSecret} />
            </div>
          );
        })}
        <div className="md:col-span-2">
          <JsonValueField
            path={path}
            label={`${path} (other fields)`}
            rows={3}
            help="Fields of this tool the form shows no control for, as a JSON object; kept and sent as they are."
            read={(current) => {
              const other = pickOtherToolFields(current);
              return Object.keys(other).length ? other : undefined;
            }}
            write={(next) => {
              const tool = getPath(store.getState().draft.body, path);
              const shown = Object.fromEntries(Object.entries(isJsonObject(tool) ? tool : {}).filter(([key]) => shownKeys.includes(key)));
              return { ...shown, ...(isJsonObject(next) ? (next as JsonObject) : {}) };
            }}
          />
        </div>
      </div>
    </div>
  );
}
