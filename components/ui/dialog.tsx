'use client';
// A modal dialog on the native <dialog>: labelled by its title, Escape and the backdrop close it, Tab cycles inside it,
// and focus goes back to where it was when it closes.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { IconButton } from './button';
import { cx } from './cx';
import { CloseIcon } from './icons';
import { FOCUSABLE_SELECTOR, nextTrappedIndex } from './keyboard';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button, a click on the backdrop, or any other close. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned, wrapping). Mark the one to focus first with data-autofocus (else the first control is). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-xl', lg: 'sm:max-w-3xl' } as const;

function listFocusable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)].filter((element) => element.getClientRects().length > 0);
}

export function Dialog({ open, onClose, title, description, children, footer, size = 'sm', testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
      onClose();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, [onClose]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = listFocusable(ref.current);
    const current = focusable.indexOf(document.activeElement as HTMLElement);
    const next = nextTrappedIndex(current, focusable.length, event.shiftKey);
    event.preventDefault();
    if (next !== null) focusable[next]?.focus();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onKeyDown={trapTab}
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
      className={cx(
        'm-auto w-[calc(100vw-1.5rem)] max-w-none rounded-lg border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/50',
        WIDTHS[size],
      )}
    >
      <div className="flex max-h-[85vh] flex-col gap-3 overflow-y-auto p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
            {title}
          </h2>
          <IconButton label="Close" size="sm" icon={<CloseIcon />} onClick={() => ref.current?.close()} />
        </div>
        {description ? (
          <div id={descriptionId} className="text-sm text-fg-muted [overflow-wrap:anywhere]">
            {description}
          </div>
        ) : null}
        {children ? <div className="min-w-0 text-sm [overflow-wrap:anywhere]">{children}</div> : null}
        {footer ? <div className="flex flex-wrap justify-end gap-2 pt-1">{footer}</div> : null}
      </div>
    </dialog>
  );
}
