// "stream <N> words": a long deterministic answer for load demos, one token (so one text delta) per word.
export const MAX_STREAM_WORDS = 50_000;

/** Matches "stream 20000 words" (digits may be grouped with commas or underscores). */
export const STREAM_WORDS_PATTERN = /\bstream (\d[\d,_]*) words\b/i;

// Every word is a single token with or without a leading space, so N words cost N output tokens.
const PARAGRAPH = (
  'this is a long stream from the local agent with one word in each delta so you can watch the ' +
  'transcript keep up under load and the words repeat in the same order every time so two runs ' +
  'stream exactly the same text'
).split(' ');

/** The word count the text asks for (clamped to 1..MAX_STREAM_WORDS), or undefined without the phrase. */
export function streamWordCount(text: string): number | undefined {
  const digits = STREAM_WORDS_PATTERN.exec(text)?.[1]?.replace(/[,_]/g, '');
  if (digits === undefined) return undefined;
  return Math.min(MAX_STREAM_WORDS, Math.max(1, Number(digits)));
}

/** `count` words of the fixed paragraph, repeated from its start, separated by single spaces. */
export function composeStreamWords(count: number): string {
  return Array.from({ length: count }, (_, index) => PARAGRAPH[index % PARAGRAPH.length]).join(' ');
}
