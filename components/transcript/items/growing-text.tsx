'use client';
// A paragraph whose text grows while it streams, kept as one text node that the browser extends in place.
import { useLayoutEffect, useRef, useState } from 'react';

/** What a text node offers here (a DOM Text; tests pass a stand-in). */
export interface GrowableText {
  data: string;
  appendData(text: string): void;
}

/**
 * Brings `node` to `text`: the new end alone is appended when the text grew (the usual streaming frame), else the whole
 * value is set. Returns which it did.
 */
export function extendTextNode(node: GrowableText, text: string): 'same' | 'appended' | 'replaced' {
  const shown = node.data;
  if (text === shown) return 'same';
  if (text.length > shown.length && text.startsWith(shown)) {
    node.appendData(text.slice(shown.length));
    return 'appended';
  }
  node.data = text;
  return 'replaced';
}

/**
 * Appending to a text node lets the browser shape and break only the new words; a text child that React updates is set
 * whole, and a new node added for each chunk, both of which had a 20,000-word answer laid out from its first line on
 * every frame. React renders the first text once and never touches the node again; the layout effect extends it.
 */
export function GrowingText({ text, className }: { text: string; className?: string }) {
  const [first] = useState(text);
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const host = ref.current;
    if (!host) return;
    const node = host.firstChild;
    if (node instanceof Text && node === host.lastChild) extendTextNode(node, text);
    else host.textContent = text;
  }, [text]);
  return (
    <p ref={ref} className={className}>
      {first}
    </p>
  );
}
