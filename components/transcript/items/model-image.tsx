'use client';
// An image named in model output: data: images show at once; any other source is a link and a "Load image" button, never fetched unasked.
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Inline base64 raster images (a generated image put in the text): nothing is fetched to show them. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

export function isInlineImage(src: string): boolean {
  return INLINE_IMAGE.test(src);
}

/**
 * A remote image in model text is how prompt-injected output leaks data (the URL carries it to the attacker's server
 * when the browser loads it), so it loads only when the user asks, with no referrer.
 */
export function ModelImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  const [isLoadAsked, setIsLoadAsked] = useState(false);
  if (typeof src !== 'string' || src === '') return alt ? <span>[image: {alt}]</span> : null;
  if (isInlineImage(src) || isLoadAsked) {
    // eslint-disable-next-line @next/next/no-img-element -- model output, not a static asset
    return <img src={src} alt={alt ?? ''} referrerPolicy="no-referrer" className="my-1 max-h-96 max-w-full rounded" data-testid="model-image" />;
  }
  return (
    <span data-testid="remote-image" className="my-1 inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-line px-2 py-1 text-xs">
      <span className="text-fg-muted">Image not loaded{alt ? ` (${alt})` : ''}:</span>
      <a href={src} target="_blank" rel="noopener noreferrer" className="font-mono text-link underline [overflow-wrap:anywhere]" data-testid="remote-image-link">
        {src}
      </a>
      <Button size="sm" data-testid="remote-image-load" aria-label={`Load image ${alt || src}`} onClick={() => setIsLoadAsked(true)}>
        Load image
      </Button>
    </span>
  );
}
