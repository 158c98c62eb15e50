'use client';
// One tool definition: controls for the known fields of its kind, plus free JSON for every other field.
import { getPath, isJsonObject, type JsonObject } from './body-path';
import { useDraft } from './draft-context';
import { BooleanField, NumberField, SelectField, TextField } from './fields';
import { checkJsonSchema } from './json-schema-check';
import { JsonValueField } from './json-value-field';
import { findToolTemplate, pickOtherToolFields } from './tool-templates';

export function ToolEditor({ index }: { index: number }) {
  const { draft, setField } = useDraft();
  const path = `tools[${index}]`;
  const tool = getPath(draft.body, path);
  const template = findToolTemplate(tool);
  const type = isJsonObject(tool) ? String(tool.type) : 'unknown';
  const shownKeys = ['type', ...(template?.fields.map((field) => field.key) ?? [])];
  return (
    <div className="rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid={`tool-${index}`}>
      <div className="mb-2 flex items-center justify-between text-xs">
        <span className="font-mono">{path} · type: {type}</span>
        <button type="button" className="rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700" data-testid={`tool-${index}-remove`} onClick={() => setField(path, undefined)}>
          Remove tool
        </button>
      </div>
      <div className="grid gap-2 md:grid-cols-2">
        {template?.fields.map((field) => {
          const fieldPath = `${path}.${field.key}`;
          if (field.kind === 'text') return <TextField key={field.key} path={fieldPath} help={field.help} />;
          if (field.kind === 'number') return <NumberField key={field.key} path={fieldPath} help={field.help} />;
          if (field.kind === 'boolean') return <BooleanField key={field.key} path={fieldPath} help={field.help} />;
          if (field.kind === 'select') return <SelectField key={field.key} path={fieldPath} options={field.options} help={field.help} />;
          return (
            <div key={field.key} className="md:col-span-2">
              <JsonValueField path={fieldPath} help={field.help} rows={field.kind === 'schema' ? 8 : 3} check={field.kind === 'schema' ? checkJsonSchema : undefined} />
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
              const shown = Object.fromEntries(Object.entries(isJsonObject(tool) ? tool : {}).filter(([key]) => shownKeys.includes(key)));
              return { ...shown, ...(isJsonObject(next) ? (next as JsonObject) : {}) };
            }}
          />
        </div>
      </div>
    </div>
  );
}
