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
  return texts.some((text) => text.includes('\r')) ? splitAnyLineEnds(texts, times) : splitLfOnly(texts, times);
}

/**
 * splitSseEvents for text without a CR (nearly every gateway): each blank line found with one indexOf('\n\n'), and an
 * event within one piece taken as one slice of it, instead of a regex match per line end and a join per event (the
 * recording of every streamed run is cut here: this was the larger part of building it).
 */
export function splitLfOnly(texts: readonly string[], times: readonly number[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  // The start of the event being read, from earlier pieces (empty when it starts in this one).
  let pieces: string[] = [];
  // Whether the event so far has a character other than a line end, and whether the text so far ends with one.
  let hasContent = false;
  let endsWithLf = true;
  for (let piece = 0; piece < texts.length; piece += 1) {
    const text = texts[piece] ?? '';
    if (text === '') continue;
    const at = times[piece] ?? 0;
    let eventStart = 0;
    let from = 0;
    const cut = (end: number) => {
      const own = text.slice(eventStart, end);
      events.push({ at_ms: at, raw: pieces.length === 0 ? own : pieces.join('') + own });
      pieces = [];
      hasContent = false;
      eventStart = from = end;
    };
    // A blank line whose first line end closed the last piece.
    if (endsWithLf && hasContent && text.charCodeAt(0) === 10) cut(1);
    for (let blank = text.indexOf('\n\n', from); blank !== -1; blank = text.indexOf('\n\n', from)) {
      // The first '\n\n' at or after `from`: the character before it, when not before `from`, is not a line end.
      if (blank > from) hasContent = true;
      if (hasContent) cut(blank + 2);
      else from = blank + 1;
    }
    // No '\n\n' from `from` on: two or more characters there hold one that is not a line end.
    if (text.length - from > 1 || (text.length - from === 1 && text.charCodeAt(from) !== 10)) hasContent = true;
    endsWithLf = text.charCodeAt(text.length - 1) === 10;
    if (eventStart < text.length) pieces.push(text.slice(eventStart));
  }
  const rest = pieces.join('');
  if (rest !== '') events.push({ at_ms: times.at(-1) ?? 0, raw: rest });
  return events;
}

/** splitSseEvents for any line ends: every line end read with one regex (a CRLF or CR may be split between pieces). */
export function splitAnyLineEnds(texts: readonly string[], times: readonly number[]): RecordedEvent[] {
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
