'use client';
// Text controls (TextInput, TextArea, Select) styled from the theme tokens; inside a Field they take its id, hint and error.
import type { ComponentProps } from 'react';
import { cx } from './cx';
import { useFieldControl } from './field';

export const controlClass = cx(
  'w-full min-w-0 rounded-md border border-line-strong bg-surface px-2.5 py-1.5 text-base text-fg sm:text-sm',
  'placeholder:text-fg-muted disabled:cursor-not-allowed disabled:opacity-60',
  'aria-[invalid=true]:border-danger aria-[invalid=true]:outline-danger',
);

export interface TextInputProps extends ComponentProps<'input'> {
  /** Monospace, for ids, keys and other machine text. */
  isMono?: boolean;
}

export function TextInput({ isMono = false, className, type = 'text', ...props }: TextInputProps) {
  const wired = useFieldControl(props);
  return <input type={type} className={cx(controlClass, 'min-h-9', isMono && 'font-mono', className)} {...wired} />;
}

export interface TextAreaProps extends ComponentProps<'textarea'> {
  isMono?: boolean;
}

export function TextArea({ isMono = false, className, rows = 3, ...props }: TextAreaProps) {
  const wired = useFieldControl(props);
  return <textarea rows={rows} className={cx(controlClass, 'resize-y', isMono && 'font-mono', className)} {...wired} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** Options as data; or pass <option> children. */
  options?: readonly SelectOption[];
  isMono?: boolean;
}

export function Select({ options, isMono = false, className, children, ...props }: SelectProps) {
  const wired = useFieldControl(props);
  return (
    <select className={cx(controlClass, 'min-h-9 pr-8', isMono && 'font-mono', className)} {...wired}>
      {options
        ? options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))
        : children}
    </select>
  );
}
