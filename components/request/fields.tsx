'use client';
// Form primitives bound to a body path: a visible label naming the API field, a one-line help text, and the schema's messages for that field.
import { useId, useState, type ReactNode } from 'react';
import { getPath } from './body-path';
import { useDraft, useFieldIssues } from './draft-context';
import { parseNumberInput } from './request-draft';

export function toTestId(path: string): string {
  return `field-${path.replace(/\[(\d+)\]/g, '-$1').replace(/[._]/g, '-').toLowerCase()}`;
}

export function FieldShell({ label, help, htmlFor, path, children, isDeprecated = false }: {
  label: string;
  help: ReactNode;
  htmlFor: string;
  path: string;
  children: ReactNode;
  isDeprecated?: boolean;
}) {
  const issues = useFieldIssues(path);
  const errorId = `${htmlFor}-error`;
  return (
    <div className="flex flex-col gap-1" data-field-path={path}>
      <label htmlFor={htmlFor} className="font-mono text-xs font-semibold">
        {label}
        {isDeprecated ? <span className="ml-2 rounded bg-amber-100 px-1 font-sans text-amber-900 dark:bg-amber-900 dark:text-amber-100">deprecated</span> : null}
      </label>
      {children}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{help}</p>
      {issues.length ? (
        <ul id={errorId} className="text-xs text-red-700 dark:text-red-400" role="alert" data-testid={`${toTestId(path)}-error`}>
          {issues.map((issue) => (
            <li key={`${issue.param}:${issue.message}`}>{issue.param === path ? issue.message : `${issue.param}: ${issue.message}`}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const inputClass =
  'w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-[invalid=true]:border-red-600';

export function TextField({ path, label, help, placeholder, isMultiline = false, isDeprecated, type = 'text' }: {
  path: string;
  label?: string;
  help: ReactNode;
  placeholder?: string;
  isMultiline?: boolean;
  isDeprecated?: boolean;
  type?: 'text' | 'url' | 'password';
}) {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues(path);
  const raw = getPath(draft.body, path);
  const value = typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw);
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': issues.length > 0,
    'data-testid': toTestId(path),
    className: inputClass,
  };
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={id} path={path} isDeprecated={isDeprecated}>
      {isMultiline ? (
        <textarea {...common} rows={3} onChange={(event) => setField(path, event.target.value === '' ? undefined : event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => setField(path, event.target.value === '' ? undefined : event.target.value)} />
      )}
    </FieldShell>
  );
}

/** Keeps what the user is typing ("0.", "-") locally and writes the parsed number; a non-number is written as text so the schema flags it. */
export function NumberField({ path, label, help, step = 'any', min, max }: {
  path: string;
  label?: string;
  help: ReactNode;
  step?: string;
  min?: number;
  max?: number;
}) {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues(path);
  const raw = getPath(draft.body, path);
  const external = raw === undefined ? '' : String(raw);
  const [typed, setTyped] = useState(external);
  const text = parseNumberInput(typed) === raw ? typed : external;
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={id} path={path}>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        data-testid={toTestId(path)}
        aria-invalid={issues.length > 0}
        placeholder={min !== undefined && max !== undefined ? `${min} to ${max}` : undefined}
        data-step={step}
        className={inputClass}
        onChange={(event) => {
          setTyped(event.target.value);
          setField(path, parseNumberInput(event.target.value));
        }}
      />
    </FieldShell>
  );
}

export function SelectField({ path, label, help, options }: {
  path: string;
  label?: string;
  help: ReactNode;
  options: readonly string[];
}) {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues(path);
  const raw = getPath(draft.body, path);
  const value = raw === undefined ? '' : raw === null ? 'null' : String(raw);
  const isUnknown = value !== '' && value !== 'null' && !options.includes(value);
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={id} path={path}>
      <select
        id={id}
        value={value}
        aria-invalid={issues.length > 0}
        data-testid={toTestId(path)}
        className={inputClass}
        onChange={(event) => setField(path, event.target.value === '' ? undefined : event.target.value)}
      >
        <option value="">(not set)</option>
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
        {isUnknown ? <option value={value}>{value} (not a known value)</option> : null}
      </select>
    </FieldShell>
  );
}

/** A boolean that can also be left unset, so only what the user chose is sent. */
export function BooleanField({ path, label, help }: { path: string; label?: string; help: ReactNode }) {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues(path);
  const raw = getPath(draft.body, path);
  const value = raw === true ? 'true' : raw === false ? 'false' : raw === undefined ? '' : 'other';
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={id} path={path}>
      <select
        id={id}
        value={value}
        aria-invalid={issues.length > 0}
        data-testid={toTestId(path)}
        className={inputClass}
        onChange={(event) => setField(path, event.target.value === '' ? undefined : event.target.value === 'true')}
      >
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
        {value === 'other' ? <option value="other">{JSON.stringify(raw)} (not a boolean)</option> : null}
      </select>
    </FieldShell>
  );
}

/** A set of enum values as checkboxes (include, modalities); unchecking them all unsets the field. */
export function MultiCheckField({ path, label, help, options }: {
  path: string;
  label?: string;
  help: ReactNode;
  options: readonly string[];
}) {
  const { draft, setField } = useDraft();
  const groupId = useId();
  const raw = getPath(draft.body, path);
  const selected = Array.isArray(raw) ? raw.filter((entry): entry is string => typeof entry === 'string') : [];
  const extras = selected.filter((entry) => !options.includes(entry));
  const toggle = (option: string, isOn: boolean) => {
    const next = isOn ? [...selected, option] : selected.filter((entry) => entry !== option);
    setField(path, next.length ? next : undefined);
  };
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={`${groupId}-0`} path={path}>
      <div role="group" aria-label={label ?? path} className="flex flex-col gap-0.5" data-testid={toTestId(path)}>
        {[...options, ...extras].map((option, index) => (
          <label key={option} className="flex items-center gap-2 font-mono text-xs">
            <input id={`${groupId}-${index}`} type="checkbox" checked={selected.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
            {option}
          </label>
        ))}
      </div>
    </FieldShell>
  );
}
