// Badges: a tone per meaning, and the response-status badge.
import type { ReactNode } from 'react';
import type { ResponseStatus } from '@/lib/schema/constants';
import { cx } from './cx';
import { TONE_CLASSES, type Tone } from './tones';

export { TONE_CLASSES, type Tone } from './tones';

/** Typed by the one status list: a status added there must get a tone here. */
const STATUS_TONES: Record<ResponseStatus, Tone> = {
  queued: 'warning',
  in_progress: 'info',
  completed: 'success',
  failed: 'danger',
  incomplete: 'caution',
  cancelled: 'neutral',
};

/** The tone of a response status; unknown statuses (from other gateways) are neutral. */
export function toneOfStatus(status: string): Tone {
  return (STATUS_TONES as Record<string, Tone | undefined>)[status] ?? 'neutral';
}

export interface BadgeProps {
  tone?: Tone;
  isMono?: boolean;
  className?: string;
  title?: string;
  testId?: string;
  children: ReactNode;
  /** Extra data-* attributes the tests and styles read. */
  data?: Record<`data-${string}`, string | boolean | undefined>;
}

export function Badge({ tone = 'neutral', isMono = false, className, title, testId, data, children }: BadgeProps) {
  return (
    <span
      title={title}
      data-testid={testId}
      {...data}
      className={cx('inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium [overflow-wrap:anywhere]', isMono && 'font-mono', TONE_CLASSES[tone], className)}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ status, testId, className }: { status: string; testId?: string; className?: string }) {
  return (
    <Badge tone={toneOfStatus(status)} isMono testId={testId} data={{ 'data-status': status }} className={className}>
      {status}
    </Badge>
  );
}
