// Buttons: four variants, three sizes, a loading state; IconButton requires its accessible name. buttonClass and linkClass style links.
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './icons';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent-hover border border-transparent',
  secondary: 'bg-surface text-fg border border-line-strong hover:bg-sunken',
  ghost: 'bg-transparent text-fg border border-transparent hover:bg-sunken',
  danger: 'bg-danger-solid text-on-danger border border-transparent hover:bg-danger-solid-hover',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-7 px-2 py-0.5 text-xs gap-1',
  md: 'min-h-9 px-3 py-1.5 text-sm gap-1.5',
  lg: 'min-h-11 px-4 py-2 text-base gap-2',
};

const ICON_SIZES: Record<ButtonSize, string> = { sm: 'size-7', md: 'size-9', lg: 'size-11' };

/** The classes of a button, for elements that must stay links (next/link) but look like buttons. */
export function buttonClass({ variant = 'secondary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cx(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

/** The classes of an inline text link (underlined, in the link colour). */
export function linkClass(className?: string): string {
  return cx('rounded-sm text-link underline underline-offset-2 hover:decoration-2', className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: disabled, with a spinner; `loadingText` (if given) replaces the label so the change is announced. */
  isLoading?: boolean;
  loadingText?: ReactNode;
  icon?: ReactNode;
}

export function Button({ variant, size, isLoading = false, loadingText, icon, className, children, disabled, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, className })} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...props}>
      {isLoading ? <Spinner /> : icon}
      {isLoading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** The accessible name (and the tooltip): what the button does, e.g. "Remove metadata pair 2". */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function IconButton({ label, icon, variant = 'ghost', size = 'md', className, type = 'button', title, ...props }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={title ?? label} className={buttonClass({ variant, size, className: cx('px-0 py-0', ICON_SIZES[size], className) })} {...props}>
      {icon}
    </button>
  );
}
