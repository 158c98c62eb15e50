'use client';
// A JSON value edited as text at a body path: the text being typed stays local until it parses, then the value is written.
import { useId, useState } from 'react';
import { getPath } from './body-path';
import { useDraft, useFieldIssues } from './draft-context';
import { FieldShell, inputClass, toTestId } from './fields';

export type JsonCheck = (value: unknown) => string | null;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `read`/`write` let a caller edit a derived value (e.g. only the keys a tool template does not show);
 * by default the value at `path` itself is edited and an empty text unsets it.
 */
export function JsonValueField({ path, label, help, rows = 6, check, read, write, onValue }: {
  path: string;
  label?: string;
  help: string;
  rows?: number;
  check?: JsonCheck;
  read?: (current: unknown) => unknown;
  write?: (next: unknown) => unknown;
  /** Receives the parsed value instead of it being written at `path`. */
  onValue?: (next: unknown) => void;
}) {
  const { draft, setField } = useDraft();
  const id = useId();
  const issues = useFieldIssues(path);
  const stored = getPath(draft.body, path);
  const current = read ? read(stored) : stored;
  const external = current === undefined ? '' : JSON.stringify(current, null, 2);
  const [typed, setTyped] = useState(external);
  let parsed: { ok: true; value: unknown } | { ok: false; message: string };
  try {
    parsed = { ok: true, value: typed.trim() === '' ? undefined : JSON.parse(typed) };
  } catch (error) {
    parsed = { ok: false, message: (error as Error).message };
  }
  const isTypedCurrent = !parsed.ok || sameJson(parsed.value, current);
  const text = isTypedCurrent ? typed : external;
  const localError = !isTypedCurrent ? null : !parsed.ok ? `Invalid JSON: ${parsed.message}` : check ? check(parsed.value) : null;
  return (
    <FieldShell label={label ?? path} help={help} htmlFor={id} path={path}>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        value={text}
        aria-invalid={issues.length > 0 || Boolean(localError)}
        data-testid={toTestId(path)}
        className={`${inputClass} font-mono text-xs`}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          try {
            const value: unknown = next.trim() === '' ? undefined : JSON.parse(next);
            if (onValue) onValue(value);
            else setField(path, write ? write(value) : value);
          } catch {
            // Keep the text local until it parses; the error is shown under the field.
          }
        }}
      />
      {localError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400" data-testid={`${toTestId(path)}-local-error`}>
          {localError}
        </p>
      ) : null}
    </FieldShell>
  );
}
