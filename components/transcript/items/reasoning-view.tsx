// Reasoning item: summary parts and raw reasoning text, collapsible.
import type { OutputItem } from '@/lib/transcript/types';
import { asArray, ItemFrame, text } from './item-frame';
import { MarkdownText } from './message-view';

export function ReasoningView({ item }: { item: OutputItem }) {
  const summary = asArray(item.summary);
  const content = asArray(item.content);
  return (
    <ItemFrame item={item} title="Reasoning">
      <details open className="text-fg">
        <summary className="cursor-pointer text-xs">Summary ({summary.length} {summary.length === 1 ? 'part' : 'parts'})</summary>
        {summary.length === 0 ? <p className="text-xs italic">No summary (request reasoning.summary to get one).</p> : null}
        {summary.map((part, at) => (
          <div key={at} className="mt-1 italic">
            <MarkdownText text={text(part.text)} />
          </div>
        ))}
      </details>
      {content.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs">Reasoning text</summary>
          {content.map((part, at) => (
            <p key={at} className="mt-1 font-mono text-xs whitespace-pre-wrap">
              {text(part.text)}
            </p>
          ))}
        </details>
      ) : null}
      {typeof item.encrypted_content === 'string' && item.encrypted_content ? (
        <p className="mt-1 text-xs text-fg-muted">Encrypted content: {item.encrypted_content.length} characters</p>
      ) : null}
    </ItemFrame>
  );
}
