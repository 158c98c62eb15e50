// Adapter from the chain explorer's items (input items and stored output) to the transcript's item views.
import { OutputItemList } from '@/components/transcript/output-item-view';
import type { OutputItem } from '@/lib/transcript/types';
import type { InputItem } from '@/lib/chains/walk';

/** An item without a string `type` (a lenient gateway) still renders, through the transcript's unknown-item view. */
function toOutputItem(item: InputItem): OutputItem {
  return typeof item.type === 'string' ? (item as OutputItem) : { ...item, type: 'unknown' };
}

export function ItemList({ items, label, testId }: { items: readonly InputItem[]; label: string; testId: string }) {
  if (items.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid={testId}>
        No {label.toLowerCase()}.
      </p>
    );
  }
  return (
    // min-w-0 so wide item views (code, tables) scroll inside the turn instead of widening the page.
    <div data-testid={testId} aria-label={label} role="group" className="min-w-0 [overflow-wrap:anywhere]">
      <OutputItemList items={items.map(toOutputItem)} />
    </div>
  );
}
