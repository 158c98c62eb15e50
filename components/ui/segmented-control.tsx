'use client';
// One choice among a few shown side by side (native radio buttons: arrows move, each option named by its text).
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface SegmentOption<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
  testId?: string;
}

export interface SegmentedControlProps<V extends string> {
  /** Names the group ("Theme"). */
  label: string;
  name: string;
  value: V;
  options: readonly SegmentOption<V>[];
  onChange: (value: V) => void;
  /** Icons only on screen; each option keeps its text as its accessible name. */
  isIconOnly?: boolean;
  className?: string;
  testId?: string;
}

export function SegmentedControl<V extends string>({ label, name, value, options, onChange, isIconOnly = false, className, testId }: SegmentedControlProps<V>) {
  return (
    <fieldset data-testid={testId} className={cx('inline-flex min-w-0 items-center rounded-md border border-line bg-sunken p-0.5', className)}>
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const isChecked = option.value === value;
        return (
          <label
            key={option.value}
            title={isIconOnly ? option.label : undefined}
            className={cx(
              'inline-flex cursor-pointer items-center gap-1 rounded px-2 py-1 text-xs font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-focus',
              isChecked ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={isChecked}
              onChange={() => onChange(option.value)}
              className="sr-only"
              data-testid={option.testId}
            />
            {option.icon}
            <span className={isIconOnly ? 'sr-only' : undefined}>{option.label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
