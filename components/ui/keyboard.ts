// Pure keyboard logic of the primitives (roving focus in tab lists and toolbars, the dialog's focus trap), kept DOM-free for unit tests.

export type Orientation = 'horizontal' | 'vertical';

const NEXT_KEYS: Record<Orientation, string> = { horizontal: 'ArrowRight', vertical: 'ArrowDown' };
const PREVIOUS_KEYS: Record<Orientation, string> = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' };

/**
 * The index a roving-focus key moves to among `count` items: arrows step and wrap, Home and End jump; disabled items are skipped.
 * Null for keys the widget leaves alone (and when every item is disabled).
 */
export function moveRovingIndex(
  key: string,
  current: number,
  count: number,
  orientation: Orientation = 'horizontal',
  isDisabled: (index: number) => boolean = () => false,
): number | null {
  if (count <= 0) return null;
  let start: number;
  let step: 1 | -1;
  if (key === NEXT_KEYS[orientation]) [start, step] = [current + 1, 1];
  else if (key === PREVIOUS_KEYS[orientation]) [start, step] = [current - 1, -1];
  else if (key === 'Home') [start, step] = [0, 1];
  else if (key === 'End') [start, step] = [count - 1, -1];
  else return null;
  for (let tried = 0; tried < count; tried += 1) {
    const index = (((start + step * tried) % count) + count) % count;
    if (!isDisabled(index)) return index;
  }
  return null;
}

/**
 * Where Tab (or Shift+Tab) goes in a focus trap of `count` focusable elements when focus is at `current`
 * (-1: on none of them, e.g. the dialog itself): the next or previous one, wrapping at both ends. Null when nothing can take focus.
 */
export function nextTrappedIndex(current: number, count: number, isBackward: boolean): number | null {
  if (count <= 0) return null;
  if (current < 0 || current >= count) return isBackward ? count - 1 : 0;
  return isBackward ? (current - 1 + count) % count : (current + 1) % count;
}

/** Elements that can take focus by Tab, in document order (CSS visibility is checked by the caller's DOM). */
export const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
  'summary',
].join(',');
