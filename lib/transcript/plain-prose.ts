// Recognises text that markdown would render as nothing but paragraphs, so it can skip the parser (long answers render in one pass).
const PROSE_CHARACTERS = /^[\p{L}\p{N} ,.;:'"?!()\n-]*$/u;

/**
 * True when markdown (CommonMark + GFM) would turn `text` into plain paragraphs split at blank lines, with every
 * character kept: no markup characters, no autolinks, no list or heading lines, no hard breaks, no indentation.
 */
export function isPlainProse(text: string): boolean {
  if (!PROSE_CHARACTERS.test(text) || /https?:|www\./i.test(text)) return false;
  return text.split('\n').every((line) => line === '' || (/^\S/.test(line) && /\S$/.test(line) && !/^(\d+[.)]|-)/.test(line)));
}

/** The paragraphs markdown would make of plain prose. */
export function proseParagraphs(text: string): string[] {
  return text.split(/\n{2,}/).filter((paragraph) => paragraph !== '');
}
