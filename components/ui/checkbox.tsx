'use client';
// A checkbox and a switch, each labelled by its own visible text (and optionally the API field it sets).
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  apiName?: string;
  hint?: ReactNode;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} className="block text-xs text-fg-muted">
      {children}
    </span>
  );
}

export function Checkbox({ label, apiName, hint, className, id, ...props }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={cx('flex min-w-0 items-start gap-2', className)}>
      <input
        id={controlId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-accent"
        aria-describedby={hint ? `${controlId}-hint` : undefined}
        {...props}
      />
      <span className="min-w-0 text-sm">
        <label htmlFor={controlId} className="text-fg">
          {label}
          {apiName ? ' ' : null}
          {apiName ? <code className="font-mono text-xs [overflow-wrap:anywhere] text-fg-muted">{apiName}</code> : null}
        </label>
        {hint ? <Hint id={`${controlId}-hint`}>{hint}</Hint> : null}
      </span>
    </div>
  );
}

/** An on/off setting that takes effect at once (role="switch"); use Checkbox for choices submitted with a form. */
export function Switch({ label, apiName, hint, className, id, ...props }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={cx('flex min-w-0 items-start gap-2', className)}>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={controlId}
          type="checkbox"
          role="switch"
          className={cx(
            'peer h-5 w-9 cursor-pointer appearance-none rounded-full border border-line-strong bg-sunken transition-colors',
            'checked:border-accent checked:bg-accent disabled:cursor-not-allowed disabled:opacity-55',
          )}
          aria-describedby={hint ? `${controlId}-hint` : undefined}
          {...props}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-fg-muted transition-transform peer-checked:translate-x-4 peer-checked:bg-on-accent motion-reduce:transition-none"
        />
      </span>
      <span className="min-w-0 text-sm">
        <label htmlFor={controlId} className="text-fg">
          {label}
          {apiName ? ' ' : null}
          {apiName ? <code className="font-mono text-xs [overflow-wrap:anywhere] text-fg-muted">{apiName}</code> : null}
        </label>
        {hint ? <Hint id={`${controlId}-hint`}>{hint}</Hint> : null}
      </span>
    </div>
  );
}
