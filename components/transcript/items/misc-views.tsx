// Small item kinds: item references, compaction, and any unknown kind shown as raw JSON.
import type { OutputItem } from '@/lib/transcript/types';
import { Field, ItemFrame, JsonBlock, text } from './item-frame';

export function ItemReferenceView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title="Item reference">
      <Field label="Refers to">{text(item.id)}</Field>
    </ItemFrame>
  );
}

export function CompactionView({ item }: { item: OutputItem }) {
  const size = typeof item.encrypted_content === 'string' ? item.encrypted_content.length : 0;
  return (
    <ItemFrame item={item} title="Compaction">
      <p className="text-xs text-fg-muted">Earlier context was summarized into an opaque item ({size} characters); send it back verbatim to keep the thread.</p>
    </ItemFrame>
  );
}

export function UnknownItemView({ item }: { item: OutputItem }) {
  return (
    <ItemFrame item={item} title={`Unknown item · ${item.type}`}>
      <JsonBlock value={item} label={`Raw ${item.type} item`} />
    </ItemFrame>
  );
}
