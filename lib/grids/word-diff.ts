// Word-level diff of two texts (longest common subsequence over words and the spaces between them), for comparing two cells.

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Longer texts than this many tokens on both sides are compared line by line instead (the table is their product). */
const MAX_CELLS = 4_000_000;

function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

function diffTokens(a: readonly string[], b: readonly string[]): DiffPart[] {
  // Common ends first: most pairs of answers share a long prefix or suffix.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  if (start > 0) push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const width = midB.length + 1;
  const table = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      table[i * width + j] = midA[i] === midB[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < midA.length && j < midB.length) {
    if (midA[i] === midB[j]) {
      push(parts, 'same', midA[i]!);
      i += 1;
      j += 1;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
      push(parts, 'removed', midA[i]!);
      i += 1;
    } else {
      push(parts, 'added', midB[j]!);
      j += 1;
    }
  }
  for (; i < midA.length; i += 1) push(parts, 'removed', midA[i]!);
  for (; j < midB.length; j += 1) push(parts, 'added', midB[j]!);
  if (endA < a.length) push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** `before` to `after` as runs of kept, removed and added text; joining the same and removed parts gives `before` back. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  if (a.length * b.length <= MAX_CELLS) return diffTokens(a, b);
  const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  return diffTokens(lines(before), lines(after));
}
