// Cards: a bordered surface with an optional header (title, description, actions) that wraps on narrow screens.
import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  children: ReactNode;
  /** A heading makes the card a labelled region (section); without one it is a plain box. */
  title?: ReactNode;
  titleId?: string;
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'accent' | 'warning' | 'danger';
  isDashed?: boolean;
  className?: string;
  testId?: string;
  as?: 'section' | 'article' | 'div';
  data?: Record<`data-${string}`, string | boolean | undefined>;
}

const TONES = {
  default: 'border-line',
  accent: 'border-accent',
  warning: 'border-warning bg-warning-soft/50',
  danger: 'border-danger bg-danger-soft/50',
} as const;

export function Card({ children, title, titleId, headingLevel = 2, description, actions, tone = 'default', isDashed = false, className, testId, as, data }: CardProps) {
  const generated = useId();
  const headingId = titleId ?? `card-${generated}`;
  const Element = as ?? (title ? 'section' : 'div');
  const Heading = `h${headingLevel}` as const;
  return (
    <Element
      aria-labelledby={title ? headingId : undefined}
      data-testid={testId}
      {...data}
      className={cx('min-w-0 rounded-lg border bg-surface p-3 sm:p-4', isDashed && 'border-dashed', TONES[tone], className)}
    >
      {title || actions ? (
        <CardHeader>
          <div className="min-w-0">
            {title ? (
              <Heading id={headingId} className="font-semibold text-fg [overflow-wrap:anywhere]">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="text-sm text-fg-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </CardHeader>
      ) : null}
      {children}
    </Element>
  );
}

export function CardHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('mb-3 flex flex-wrap items-start justify-between gap-2', className)}>{children}</div>;
}
