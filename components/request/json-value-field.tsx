'use client';
// A JSON value edited as text at a body path: text that parses is written at once; text that does not is kept in the box
// and recorded as the field's error, which blocks sending until it is fixed or cleared.
import { useEffect, useState } from 'react';
import { TextArea } from '@/components/ui/input';
import { useDraftStore, useFieldSelector } from './draft-context';
import { cx } from '@/components/ui/cx';
import { BodyField, toTestId } from './fields';
import { MASKED_TEXT_CLASS, SecretFrame, useSecretReveal } from './secret-reveal';
import { boundaryLinesFor, TEXT_FRAME_CLASS, textBoundaryClass } from './text-boundary';

export type JsonCheck = (value: unknown) => string | null;

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const identity = (value: unknown) => value;

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parseText(text: string): Parsed {
  try {
    return { ok: true, value: text.trim() === '' ? undefined : JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/**
 * `read`/`write` let a caller edit a derived value (e.g. only the keys a tool template does not show);
 * by default the value at `path` itself is edited and an empty text unsets it.
 */
export function JsonValueField({ path, label, help, rows = 6, check, read, write, onValue, isSecret = false, className }: {
  path: string;
  label?: string;
  help: string;
  rows?: number;
  check?: JsonCheck;
  read?: (current: unknown) => unknown;
  write?: (next: unknown) => unknown;
  /** Receives the parsed value instead of it being written at `path`. */
  onValue?: (next: unknown) => void;
  /** Masked on screen (e.g. headers carrying tokens), with a Show button beside it. */
  isSecret?: boolean;
  className?: string;
}) {
  const store = useDraftStore();
  const [isRevealed, toggleReveal] = useSecretReveal();
  // Subscribes to what it shows: a read of part of a larger value re-renders only when that part changes.
  const current = useFieldSelector(path, read ?? identity, sameJson);
  const external = current === undefined ? '' : JSON.stringify(current, null, 2);
  // What the user typed, and the value the field held when they typed it: once the value changes elsewhere
  // (the JSON editor, an import), the box shows the new value and the typed text is dropped.
  const [typed, setTyped] = useState<{ text: string; basis: string }>({ text: external, basis: external });
  const isTypedCurrent = typed.basis === external || (() => {
    const parsed = parseText(typed.text);
    return parsed.ok && sameJson(parsed.value, current);
  })();
  const text = isTypedCurrent ? typed.text : external;
  const parsed = parseText(text);
  const errorKey = path || '(extra fields)';
  const textError = !parsed.ok ? `Not valid JSON (${parsed.message}); the request keeps the previous value until this is fixed, and cannot be sent.` : null;
  const checkError = parsed.ok && check ? check(parsed.value) : null;

  useEffect(() => {
    store.setFieldError(errorKey, textError);
  }, [store, errorKey, textError]);
  useEffect(() => () => store.setFieldError(errorKey, null), [store, errorKey]);

  // Its own relayout boundary, in a block wrapper (see text-boundary.ts): a keystroke lays out only the box.
  const box = (
    <div className={TEXT_FRAME_CLASS}>
      <TextArea
        rows={rows}
        spellCheck={false}
        value={text}
        isMono
        className={cx(textBoundaryClass(boundaryLinesFor(rows)), 'text-xs sm:text-xs', isSecret && !isRevealed && MASKED_TEXT_CLASS)}
        data-testid={toTestId(path)}
        onChange={(event) => {
          const next = event.target.value;
          setTyped({ text: next, basis: external });
          const result = parseText(next);
          if (!result.ok) return;
          if (onValue) onValue(result.value);
          else store.setField(path, write ? write(result.value) : result.value);
        }}
      />
    </div>
  );
  return (
    <BodyField path={path} label={label} help={help} localError={textError ?? checkError} className={className}>
      {isSecret ? (
        <SecretFrame path={path} isRevealed={isRevealed} onToggle={toggleReveal}>
          {box}
        </SecretFrame>
      ) : (
        box
      )}
    </BodyField>
  );
}
