import { describe, expect, it } from 'vitest';
import { moveRovingIndex, nextTrappedIndex } from '@/components/ui/keyboard';

describe('moveRovingIndex (tabs, toolbars)', () => {
  it('steps with the arrows of its orientation and wraps at both ends', () => {
    expect(moveRovingIndex('ArrowRight', 0, 3)).toBe(1);
    expect(moveRovingIndex('ArrowRight', 2, 3)).toBe(0);
    expect(moveRovingIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(moveRovingIndex('ArrowDown', 1, 3, 'vertical')).toBe(2);
    expect(moveRovingIndex('ArrowUp', 0, 3, 'vertical')).toBe(2);
  });

  it('jumps with Home and End', () => {
    expect(moveRovingIndex('Home', 2, 4)).toBe(0);
    expect(moveRovingIndex('End', 0, 4)).toBe(3);
  });

  it('leaves other keys (and the cross axis) to the page', () => {
    expect(moveRovingIndex('ArrowDown', 0, 3)).toBeNull();
    expect(moveRovingIndex('ArrowRight', 0, 3, 'vertical')).toBeNull();
    expect(moveRovingIndex('Enter', 0, 3)).toBeNull();
    expect(moveRovingIndex('a', 0, 3)).toBeNull();
  });

  it('skips disabled items, from Home and End too', () => {
    const isDisabled = (index: number) => index === 1 || index === 3;
    expect(moveRovingIndex('ArrowRight', 0, 4, 'horizontal', isDisabled)).toBe(2);
    expect(moveRovingIndex('ArrowRight', 2, 4, 'horizontal', isDisabled)).toBe(0);
    expect(moveRovingIndex('ArrowLeft', 0, 4, 'horizontal', isDisabled)).toBe(2);
    expect(moveRovingIndex('End', 0, 4, 'horizontal', isDisabled)).toBe(2);
    expect(moveRovingIndex('Home', 2, 4, 'horizontal', (index) => index === 0)).toBe(1);
  });

  it('has nowhere to go when there is nothing or everything is disabled', () => {
    expect(moveRovingIndex('ArrowRight', 0, 0)).toBeNull();
    expect(moveRovingIndex('ArrowRight', 0, 2, 'horizontal', () => true)).toBeNull();
  });
});

describe('nextTrappedIndex (dialog focus trap)', () => {
  it('moves forward and back and wraps at both ends', () => {
    expect(nextTrappedIndex(0, 3, false)).toBe(1);
    expect(nextTrappedIndex(2, 3, false)).toBe(0);
    expect(nextTrappedIndex(0, 3, true)).toBe(2);
    expect(nextTrappedIndex(1, 3, true)).toBe(0);
  });

  it('brings focus that is on none of them to the first (Tab) or the last (Shift+Tab)', () => {
    expect(nextTrappedIndex(-1, 3, false)).toBe(0);
    expect(nextTrappedIndex(-1, 3, true)).toBe(2);
  });

  it('keeps a single element focused and reports an empty trap', () => {
    expect(nextTrappedIndex(0, 1, false)).toBe(0);
    expect(nextTrappedIndex(0, 1, true)).toBe(0);
    expect(nextTrappedIndex(-1, 0, false)).toBeNull();
  });
});
