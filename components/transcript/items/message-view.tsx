// Assistant message: safe markdown text with citations and logprobs, refusals, and output audio.
import { lazy, memo, Suspense } from 'react';
import { isPlainProse, proseParagraphs } from '@/lib/transcript/plain-prose';
import type { OutputItem } from '@/lib/transcript/types';
import { GrowingText } from './growing-text';
import { asArray, ItemFrame, text } from './item-frame';
import { SafeLink } from './safe-link';

export function MessageView({ item }: { item: OutputItem }) {
  const role = typeof item.role === 'string' ? item.role : 'assistant';
  const isStreaming = item.status === 'in_progress';
  const phase = typeof item.phase === 'string' ? ` (${item.phase})` : '';
  return (
    <ItemFrame item={item} title={`Message · ${role}${phase}`}>
      <div className="space-y-2">
        {asArray(item.content).map((part, at) => (
          <ContentPart key={at} part={part} isStreaming={isStreaming} />
        ))}
      </div>
    </ItemFrame>
  );
}

function ContentPart({ part, isStreaming }: { part: Record<string, unknown>; isStreaming: boolean }) {
  switch (part.type) {
    case 'output_text':
    case 'input_text':
      return <OutputText part={part} isStreaming={isStreaming} />;
    case 'refusal':
      return (
        <p data-testid="refusal" className="rounded-md border-l-4 border-warning bg-warning-soft p-2 text-fg">
          <span className="font-semibold">Refusal: </span>
          {text(part.refusal)}
        </p>
      );
    case 'output_audio':
      return <OutputAudio part={part} />;
    default:
      return <pre className="font-mono text-xs whitespace-pre-wrap">{JSON.stringify(part, null, 2)}</pre>;
  }
}

function OutputText({ part, isStreaming }: { part: Record<string, unknown>; isStreaming: boolean }) {
  const citations = asArray(part.annotations);
  const logprobs = asArray(part.logprobs);
  return (
    <div data-testid="output-text">
      <MarkdownText text={text(part.text)} isStreaming={isStreaming} />
      {citations.length > 0 ? (
        <ul aria-label="Citations" className="mt-1 list-disc pl-5 text-xs">
          {citations.map((annotation, at) => (
            <li key={at}>
              {annotation.type === 'url_citation' && typeof annotation.url === 'string' ? (
                <SafeLink href={annotation.url}>{text(annotation.title) || annotation.url}</SafeLink>
              ) : (
                <span>
                  {text(annotation.type)}: {text(annotation.filename ?? annotation.file_id)}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {logprobs.length > 0 ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer">Log probabilities ({logprobs.length} tokens; hover a token)</summary>
          <p className="font-mono leading-6">
            {logprobs.map((entry, at) => (
              <span key={at} title={logprobTitle(entry)} className="rounded px-0.5 hover:bg-accent-soft">
                {text(entry.token)}
              </span>
            ))}
          </p>
        </details>
      ) : null}
    </div>
  );
}

function logprobTitle(entry: Record<string, unknown>): string {
  const top = asArray(entry.top_logprobs).map((alt) => `${text(alt.token)} ${Number(alt.logprob).toFixed(3)}`);
  return [`logprob ${Number(entry.logprob).toFixed(3)}`, ...top].join('\n');
}

function OutputAudio({ part }: { part: Record<string, unknown> }) {
  const data = text(part.data);
  const format = typeof part.format === 'string' ? part.format : 'wav';
  return (
    <figure className="space-y-1">
      {data ? <audio data-testid="output-audio" controls src={`data:audio/${format};base64,${data}`} aria-label="Audio output" /> : null}
      {part.transcript ? <figcaption className="text-xs text-fg-muted">Transcript: {text(part.transcript)}</figcaption> : null}
    </figure>
  );
}

const MARKDOWN_CLASSES =
  'break-words [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_code]:font-mono [&_h1]:font-semibold [&_h2]:font-semibold [&_table]:text-xs [&_td]:border [&_td]:px-1 [&_th]:border [&_th]:px-1 [&_pre]:overflow-auto [&_pre]:bg-sunken [&_pre]:p-2 dark:[&_pre]:bg-zinc-950';

/** The markdown parser (react-markdown, GFM) loads with the first text that is not plain prose, not with the page. */
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

function ProseParagraphs({ source }: { source: string }) {
  return proseParagraphs(source).flatMap((paragraph, index) => [...(index ? ['\n'] : []), <p key={index}>{paragraph}</p>]);
}

export const Markdown = memo(function Markdown({ source }: { source: string }) {
  // Plain prose renders to the same paragraphs without the parser: a long answer costs one pass, not a parse.
  if (isPlainProse(source)) return <ProseParagraphs source={source} />;
  // Until the parser has loaded, the text shows as it is, in paragraphs, so nothing jumps in from blank.
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{source}</p>}>
      <MarkdownRenderer source={source} />
    </Suspense>
  );
});

/** Splits streaming text at its last blank line: paragraphs before it are settled, the rest is still growing. */
export function splitSettledMarkdown(source: string): { settled: string; tail: string } {
  const cut = source.lastIndexOf('\n\n');
  return cut < 0 ? { settled: '', tail: source } : { settled: source.slice(0, cut), tail: source.slice(cut + 2) };
}

/**
 * Model text as markdown: GFM, raw HTML shown as text, links open safely in a new tab, remote images only on request.
 * While streaming, only settled paragraphs are parsed (memoized); the growing tail is plain text extended in place
 * (GrowingText), so a long answer is neither re-parsed nor laid out whole on every frame. Finished, it is markdown
 * whole; plain prose keeps the streaming layout (the same paragraph elements, styles and text node), so the last frame
 * does not lay the answer out anew: a streaming tail keeps its line breaks (pre-wrap) only once it holds more than
 * prose (a list, code, markup).
 */
export function MarkdownText({ text: source, isStreaming = false }: { text: string; isStreaming?: boolean }) {
  const { settled, tail } = splitSettledMarkdown(source);
  if (!isStreaming && !(isPlainProse(source) && tail !== '')) {
    return (
      <div className={MARKDOWN_CLASSES}>
        <Markdown source={source} />
      </div>
    );
  }
  // Trailing spaces aside (the next delta may start the next word), prose stays prose as the tail grows.
  const isTailRaw = isStreaming && !isPlainProse(tail.trimEnd());
  return (
    <div className={MARKDOWN_CLASSES}>
      {settled ? <Markdown source={settled} /> : null}
      {tail ? <GrowingText text={tail} className={isTailRaw ? 'whitespace-pre-wrap' : undefined} /> : null}
    </div>
  );
}
