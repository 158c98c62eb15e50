// Progress and loading: ProgressBar (role="progressbar" with its value, or indeterminate) and Skeleton placeholders.
import { cx } from './cx';

export interface ProgressBarProps {
  /** The accessible name ("Tokens generated"). */
  label: string;
  /** Omit for an indeterminate bar (no aria-valuenow). */
  value?: number;
  max?: number;
  /** Spoken instead of the bare number ("120 of 400 tokens"). */
  valueText?: string;
  className?: string;
  testId?: string;
}

export function ProgressBar({ label, value, max = 100, valueText, className, testId }: ProgressBarProps) {
  const isDeterminate = typeof value === 'number' && Number.isFinite(value);
  const clamped = isDeterminate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={isDeterminate ? 0 : undefined}
      aria-valuemax={isDeterminate ? max : undefined}
      aria-valuenow={isDeterminate ? clamped : undefined}
      aria-valuetext={valueText}
      data-testid={testId}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-sunken', className)}
    >
      <div
        className={cx('h-full rounded-full bg-accent', isDeterminate ? 'transition-[width] motion-reduce:transition-none' : 'w-1/3 animate-pulse')}
        style={isDeterminate ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}

/** Grey placeholder lines while something loads; the label is what screen readers hear. */
export function Skeleton({ lines = 3, label = 'Loading…', className, testId }: { lines?: number; label?: string; className?: string; testId?: string }) {
  return (
    <div role="status" data-testid={testId} className={cx('flex flex-col gap-2', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} aria-hidden="true" className="h-3 animate-pulse rounded bg-sunken motion-reduce:animate-none" style={{ width: `${100 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
