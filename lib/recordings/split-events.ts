// Cuts SSE text that arrived in timed pieces into its events, each with the time its last byte arrived (pure).
import type { RecordedEvent } from '@/lib/schema/recording';

/** Line ends as SSE reads them; a CR at the end of a piece may still get its LF from the next one. */
const LINE_END = /\r\n|\r|\n/g;

/**
 * The events of a stream that arrived as `texts[i]` at `times[i]` (ms). An event ends with the blank line that ends it
 * (CRLF, CR or LF line ends, as SSE allows) and keeps it, so the events joined are exactly the text that arrived; a
 * last piece without its blank line is an event of its own. Blank lines before an event stay with it.
 */
export function splitSseEvents(texts: readonly string[], times: readonly number[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let pieces: string[] = [];
  // Whether the event so far has a line with content, and whether the line now being read has any.
  let hasEventContent = false;
  let hasLineContent = false;
  // A blank line ended by a CR at the end of a piece: its event is cut once the next character shows whether an LF follows.
  let pendingCrAt: number | null = null;
  // Any line ended by a CR at the end of a piece: an LF starting the next one belongs to that line end.
  let endedWithCr = false;

  const cut = (at: number) => {
    events.push({ at_ms: at, raw: pieces.join('') });
    pieces = [];
    hasEventContent = false;
  };

  for (let piece = 0; piece < texts.length; piece += 1) {
    const text = texts[piece] ?? '';
    const at = times[piece] ?? 0;
    let start = 0;
    let lineStart = 0;
    if (pendingCrAt !== null && text !== '') {
      const takesLf = text.charCodeAt(0) === 10;
      if (takesLf) pieces.push('\n');
      cut(pendingCrAt);
      pendingCrAt = null;
      start = lineStart = takesLf ? 1 : 0;
    } else if (endedWithCr && text.charCodeAt(0) === 10) {
      lineStart = 1;
    }
    if (text !== '') endedWithCr = false;
    LINE_END.lastIndex = lineStart;
    for (let match = LINE_END.exec(text); match; match = LINE_END.exec(text)) {
      const end = match.index + match[0].length;
      if (match.index > lineStart || hasLineContent) {
        hasEventContent = true;
      } else if (hasEventContent) {
        pieces.push(text.slice(start, end));
        start = end;
        if (match[0] === '\r' && end === text.length) {
          pendingCrAt = at;
        } else {
          cut(at);
        }
      }
      hasLineContent = false;
      lineStart = end;
      endedWithCr = match[0] === '\r' && end === text.length;
    }
    if (lineStart < text.length) hasLineContent = true;
    if (start < text.length) pieces.push(text.slice(start));
  }
  if (pendingCrAt !== null) cut(pendingCrAt);
  const rest = pieces.join('');
  if (rest !== '') events.push({ at_ms: times.at(-1) ?? 0, raw: rest });
  return events;
}
