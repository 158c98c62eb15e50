'use client';
// A labelled form field: the label (in words, with the API field it sets), a hint and an error, wired to the control inside
// through context (id, aria-describedby, aria-invalid), so any primitive control placed in a Field is named and described.
import { createContext, use, useId, type ReactNode } from 'react';
import { cx } from './cx';

interface FieldContextValue {
  controlId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/** The id and ARIA wiring a control inside a Field needs; a control outside a Field keeps its own props. */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = use(FieldContext);
  if (!field) return props;
  const describedBy = [props['aria-describedby'], field.describedBy].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.controlId,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.isInvalid || undefined),
  };
}

export interface FieldProps {
  /** What the field is, in words ("Response id"). */
  label: ReactNode;
  /** The API field, header or setting it fills (`response_id`, `X-On-Behalf-Of`), shown beside the label. */
  apiName?: string;
  hint?: ReactNode;
  /** The message for the current value; marks the control invalid. */
  error?: ReactNode;
  /** The control's id, when the caller needs it (defaults to a generated one). */
  id?: string;
  isLabelHidden?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
  errorTestId?: string;
}

export function Field({ label, apiName, hint, error, id, isLabelHidden = false, className, children, testId, errorTestId }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex min-w-0 flex-col gap-1', className)} data-testid={testId}>
      <label htmlFor={controlId} className={cx('text-sm font-medium text-fg', isLabelHidden && 'sr-only')}>
        {label}
        {apiName ? ' ' : null}
        {apiName ? <code className="font-mono text-xs font-normal [overflow-wrap:anywhere] text-fg-muted">{apiName}</code> : null}
      </label>
      <FieldContext value={{ controlId, describedBy, isInvalid: Boolean(error) }}>{children}</FieldContext>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A group of controls (checkboxes, radios) under one visible legend. */
export function Fieldset({ legend, hint, className, children, isLegendHidden = false }: { legend: ReactNode; hint?: ReactNode; className?: string; children: ReactNode; isLegendHidden?: boolean }) {
  const hintId = useId();
  return (
    <fieldset className={cx('min-w-0', className)} aria-describedby={hint ? hintId : undefined}>
      <legend className={cx('mb-1 text-sm font-medium text-fg', isLegendHidden && 'sr-only')}>{legend}</legend>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
