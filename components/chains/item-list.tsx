// Adapter to the transcript's item views; until they exist, each item is shown as formatted JSON.
import type { InputItem } from '@/lib/chains/walk';

export function ItemList({ items, label, testId }: { items: readonly InputItem[]; label: string; testId: string }) {
  if (items.length === 0) return <p className="text-sm text-zinc-500" data-testid={testId}>No {label.toLowerCase()}.</p>;
  return (
    <ol className="space-y-2" data-testid={testId} aria-label={label}>
      {items.map((item, index) => (
        <li key={typeof item.id === 'string' ? item.id : index}>
          <p className="text-xs font-medium text-zinc-500">{typeof item.type === 'string' ? item.type : 'item'}</p>
          <pre className="max-h-64 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{JSON.stringify(item, null, 2)}</pre>
        </li>
      ))}
    </ol>
  );
}
