'use client';
// Tabs with roving focus (arrows, Home, End; selection follows focus) and the tab/tabpanel ARIA wiring; panels stay mounted, hidden.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { moveRovingIndex } from './keyboard';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  isDisabled?: boolean;
  testId?: string;
}

export interface TabsProps {
  /** Names the tab list ("Request tools"). */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled selection; or leave it to the component with defaultValue. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  className?: string;
  panelClassName?: string;
  testId?: string;
}

export function Tabs({ label, tabs, value, defaultValue, onValueChange, className, panelClassName, testId }: TabsProps) {
  const base = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? tabs.find((tab) => !tab.isDisabled)?.id ?? '');
  const selected = value ?? uncontrolled;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (id: string) => {
    if (value === undefined) setUncontrolled(id);
    onValueChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = moveRovingIndex(event.key, index, tabs.length, 'horizontal', (at) => Boolean(tabs[at]?.isDisabled));
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={cx('min-w-0', className)} data-testid={testId}>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.isDisabled}
              data-testid={tab.testId}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cx(
                '-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium transition-colors disabled:opacity-50',
                isSelected ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:bg-sunken hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className={cx('min-w-0 pt-3', panelClassName)}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
