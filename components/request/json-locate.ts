// Finds where each value of a JSON text starts and ends, by field path, so a schema issue can be marked at its line.
export interface JsonSpan {
  from: number;
  to: number;
}

/** Paths in `tools[2].parameters` form; unparsable text yields whatever was located before the error. */
export function locateJsonPaths(text: string): Map<string, JsonSpan> {
  const spans = new Map<string, JsonSpan>();
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] ?? '')) at += 1;
  };
  const readString = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return text.slice(start + 1, at - 1);
    }
  };
  const readValue = (path: string, keyFrom: number): void => {
    skipSpace();
    const from = at;
    const char = text[at];
    if (char === '{') {
      at += 1;
      skipSpace();
      while (at < text.length && text[at] !== '}') {
        skipSpace();
        if (text[at] !== '"') throw new Error('expected a key');
        const keyStart = at;
        const key = readString();
        skipSpace();
        at += 1;
        readValue(path ? `${path}.${key}` : key, keyStart);
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (char === '[') {
      at += 1;
      let index = 0;
      skipSpace();
      while (at < text.length && text[at] !== ']') {
        readValue(`${path}[${index}]`, at);
        index += 1;
        skipSpace();
        if (text[at] === ',') at += 1;
        skipSpace();
      }
      at += 1;
    } else if (char === '"') {
      readString();
    } else {
      while (at < text.length && !/[\s,\]}]/.test(text[at] ?? '')) at += 1;
    }
    if (path) spans.set(path, { from: keyFrom, to: Math.max(at, from + 1) });
  };
  try {
    readValue('', 0);
  } catch {
    // A partial map is still useful: issues inside the broken part fall back to their parent.
  }
  return spans;
}

/** The span of `param`, or of its nearest located parent (`tools[2].parameters.type` → `tools[2].parameters`). */
export function findSpan(spans: Map<string, JsonSpan>, param: string): JsonSpan | undefined {
  let path = param;
  while (path) {
    const span = spans.get(path);
    if (span) return span;
    const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    if (cut <= 0) break;
    path = path.slice(0, cut);
  }
  return undefined;
}
