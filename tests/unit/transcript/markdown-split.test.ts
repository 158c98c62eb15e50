import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chunkText, MarkdownText, splitSettledMarkdown } from '@/components/transcript/items/message-view';

describe('streaming markdown split', () => {
  it('keeps everything before the last blank line as settled markdown and the rest as the growing tail', () => {
    expect(splitSettledMarkdown('# Title\n\nFirst paragraph.\n\nStill wri')).toEqual({ settled: '# Title\n\nFirst paragraph.', tail: 'Still wri' });
  });

  it('has nothing settled before the first blank line', () => {
    expect(splitSettledMarkdown('Hello, wor')).toEqual({ settled: '', tail: 'Hello, wor' });
  });

  it('loses no character: settled, the blank line and the tail rebuild the text', () => {
    const source = 'a\n\nb **bold**\n\n- item\n- item 2\n\n';
    const { settled, tail } = splitSettledMarkdown(source);
    expect(`${settled}\n\n${tail}`).toBe(source);
  });
});

describe('long text in chunks', () => {
  const words = Array.from({ length: 3000 }, (_, at) => `word${at}`).join(' ');

  it('cuts only at whitespace and loses no character', () => {
    const chunks = chunkText(words);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(words);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith(' ')).toBe(true);
  });

  it('keeps the chunks of a text that grows, changing only the last', () => {
    const before = chunkText(words);
    const after = chunkText(`${words} and more`);
    expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
  });

  it('a finished answer in plain prose shows the same paragraphs as the markdown parser would', () => {
    const source = `${words}\n\nSecond paragraph, with a soft\nline break.`;
    const html = renderToStaticMarkup(createElement(MarkdownText, { text: source }));
    const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1]);
    expect(paragraphs).toEqual([words, 'Second paragraph, with a soft\nline break.']);
    expect(html).not.toContain('data-streaming');
  });
});
