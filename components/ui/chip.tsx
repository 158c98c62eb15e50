// A chip: a short setting or filter shown as a pill, removable through its own "Remove <name>" button.
import type { ReactNode } from 'react';
import { cx } from './cx';
import { TONE_CLASSES, type Tone } from './tones';
import { CloseIcon } from './icons';

export interface ChipProps {
  children: ReactNode;
  tone?: Tone;
  /** Shown when given: removes what the chip stands for. */
  onRemove?: () => void;
  /** What the remove button names, e.g. "acting as user-42" gives "Remove acting as user-42"; defaults to the text. */
  removeLabel?: string;
  className?: string;
  testId?: string;
}

export function Chip({ children, tone = 'neutral', onRemove, removeLabel, className, testId }: ChipProps) {
  const name = removeLabel ?? (typeof children === 'string' ? children : 'this setting');
  return (
    <span data-testid={testId} className={cx('inline-flex max-w-full min-w-0 items-center gap-1 rounded-full py-0.5 pl-2.5 text-xs font-medium', onRemove ? 'pr-0.5' : 'pr-2.5', TONE_CLASSES[tone], className)}>
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${name}`}
          title={`Remove ${name}`}
          className="inline-flex size-5 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
          data-testid={testId ? `${testId}-remove` : undefined}
        >
          <CloseIcon className="size-3.5" />
        </button>
      ) : null}
    </span>
  );
}
