'use client';
// A set of enum values as checkboxes (include, modalities), in the Output section: with its fields, not the page.
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { useDraftStore, useFieldIssues, useFieldValue } from './draft-context';
import { describeIssues, FieldSlot, toTestId } from './fields';

/** A set of enum values as checkboxes (include, modalities); unchecking them all unsets the field. */
export function MultiCheckField({ path, label, help, options, className }: {
  path: string;
  label?: string;
  help: ReactNode;
  options: readonly string[];
  className?: string;
}) {
  const store = useDraftStore();
  const raw = useFieldValue(path);
  const issues = useFieldIssues(path);
  const selected = Array.isArray(raw) ? raw.filter((entry): entry is string => typeof entry === 'string') : [];
  const extras = selected.filter((entry) => !options.includes(entry));
  const toggle = (option: string, isOn: boolean) => {
    const next = isOn ? [...selected, option] : selected.filter((entry) => entry !== option);
    store.setField(path, next.length ? next : undefined);
  };
  return (
    <FieldSlot path={path} label={label} className={className}>
      <fieldset className="min-w-0" data-testid={toTestId(path)}>
        <legend className="mb-1 text-sm font-medium text-fg">
          {label ?? <span className="font-mono">{path}</span>}
          {label ? <code className="ml-1 font-mono text-xs font-normal text-fg-muted">{path}</code> : null}
        </legend>
        <div className="flex flex-col gap-1">
          {[...options, ...extras].map((option) => (
            <Checkbox key={option} label={<span className="font-mono text-xs">{option}</span>} checked={selected.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
          ))}
        </div>
        <p className="mt-1 text-xs text-fg-muted">{help}</p>
        {issues.length ? (
          <p role="alert" className="text-xs text-danger" data-testid={`${toTestId(path)}-error`}>
            {describeIssues(issues, path)}
          </p>
        ) : null}
      </fieldset>
    </FieldSlot>
  );
}
