// Messages in the page: errors (role="alert", announced at once), notices and success lines, coloured by tone.
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface AlertProps {
  tone?: 'danger' | 'warning' | 'info' | 'success';
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Danger alerts interrupt (role="alert"); the others are polite status messages. Set false for static text. */
  isLive?: boolean;
}

const TONES = {
  danger: 'border-danger/40 bg-danger-soft text-danger',
  warning: 'border-warning/40 bg-warning-soft text-warning',
  info: 'border-info/40 bg-info-soft text-info',
  success: 'border-success/40 bg-success-soft text-success',
} as const;

export function Alert({ tone = 'danger', title, children, className, testId, isLive = true }: AlertProps) {
  const role = !isLive ? undefined : tone === 'danger' ? 'alert' : 'status';
  return (
    <div role={role} data-testid={testId} className={cx('min-w-0 rounded-md border px-3 py-2 text-sm [overflow-wrap:anywhere]', TONES[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}

/** A one-line error under a control or beside an action (no box). */
export function ErrorText({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <p role="alert" data-testid={testId} className={cx('text-sm text-danger [overflow-wrap:anywhere]', className)}>
      {children}
    </p>
  );
}
