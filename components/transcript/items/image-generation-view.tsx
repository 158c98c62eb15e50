// Image generation call: the final image, or the latest partial image while it renders.
import type { OutputItem } from '@/lib/transcript/types';
import { Field, ItemFrame, text } from './item-frame';

export interface PartialImage {
  b64: string;
  index: number;
  format?: string;
}

export function ImageGenerationView({ item, partialImage }: { item: OutputItem; partialImage?: PartialImage }) {
  const format = text(item.output_format) || partialImage?.format || 'png';
  const result = typeof item.result === 'string' && item.result ? item.result : null;
  const source = result ?? partialImage?.b64 ?? null;
  return (
    <ItemFrame item={item} title="Image generation">
      {item.revised_prompt ? <Field label="Revised prompt">{text(item.revised_prompt)}</Field> : null}
      {source ? (
        // eslint-disable-next-line @next/next/no-img-element -- base64 image from the stream
        <img
          data-testid={result ? 'generated-image' : 'partial-image'}
          src={`data:image/${format};base64,${source}`}
          alt={result ? 'Generated image' : `Partial image ${(partialImage?.index ?? 0) + 1}`}
          className="mt-1 h-auto max-w-full rounded border border-line"
        />
      ) : (
        <p className="text-xs text-fg-muted">Generating…</p>
      )}
      {!result && partialImage ? <p className="text-xs text-fg-muted">Partial image {partialImage.index + 1}</p> : null}
    </ItemFrame>
  );
}
