import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { extendTextNode } from '@/components/transcript/items/growing-text';
import { MarkdownText, MessageView, splitSettledMarkdown } from '@/components/transcript/items/message-view';
import type { OutputItem } from '@/lib/transcript/types';

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

describe('long text', () => {
  const words = Array.from({ length: 3000 }, (_, at) => `word${at}`).join(' ');

  it('a finished answer in plain prose shows the same paragraphs as the markdown parser would', () => {
    const source = `${words}\n\nSecond paragraph, with a soft\nline break.`;
    const html = renderToStaticMarkup(createElement(MarkdownText, { text: source }));
    const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1]);
    expect(paragraphs).toEqual([words, 'Second paragraph, with a soft\nline break.']);
    expect(html).not.toContain('data-streaming');
  });

  // The last frame of a long answer used to switch the paragraph from pre-wrap to normal white space: the browser then
  // laid the whole answer out anew in one task (the transcript bench's longest task).
  it('a plain-prose answer streams in the very markup it ends in', () => {
    const source = `${words}\n\nSecond paragraph, with a soft\nline break, still growing`;
    const streaming = renderToStaticMarkup(createElement(MarkdownText, { text: source, isStreaming: true }));
    const finished = renderToStaticMarkup(createElement(MarkdownText, { text: source }));
    expect(streaming).toBe(finished);
    expect(streaming).not.toContain('whitespace-pre-wrap');
  });

  it('a prose tail is still prose while the next word is on its way (trailing space)', () => {
    const html = renderToStaticMarkup(createElement(MarkdownText, { text: 'Some words and ', isStreaming: true }));
    expect(html).toContain('<p>Some words and </p>');
  });

  it('a streaming tail holding more than prose keeps its line breaks until it settles', () => {
    const html = renderToStaticMarkup(createElement(MarkdownText, { text: 'Intro.\n\n```js\nconst a = 1;\nconst b', isStreaming: true }));
    expect(html).toContain('<p class="whitespace-pre-wrap">```js\nconst a = 1;\nconst b</p>');
  });
});

describe('a growing text node', () => {
  function fakeNode(data: string) {
    const appended: string[] = [];
    return { node: { data, appendData(text: string) { this.data += text; appended.push(text); } }, appended };
  }

  it('is extended by the new end alone while the text grows (the browser lays out only the new words)', () => {
    const { node, appended } = fakeNode('Hello');
    expect(extendTextNode(node, 'Hello, wor')).toBe('appended');
    expect(extendTextNode(node, 'Hello, world')).toBe('appended');
    expect(appended).toEqual([', wor', 'ld']);
    expect(node.data).toBe('Hello, world');
    expect(extendTextNode(node, 'Hello, world')).toBe('same');
  });

  it('takes a text that is not a continuation whole (a blank line moved the paragraph on, a retry started over)', () => {
    const { node, appended } = fakeNode('First paragraph');
    expect(extendTextNode(node, 'Second')).toBe('replaced');
    expect(extendTextNode(node, '')).toBe('replaced');
    expect(appended).toEqual([]);
    expect(node.data).toBe('');
  });
});

describe('an output item card', () => {
  it('writes the raw JSON of an item only once its disclosure is opened (not every frame of a stream)', () => {
    const item = { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [{ type: 'output_text', text: 'Hello there', annotations: [] }] } as OutputItem;
    const html = renderToStaticMarkup(createElement(MessageView, { item }));
    expect(html).toContain('Hello there');
    expect(html).toContain('Raw JSON');
    expect(html).not.toContain('&quot;msg_1&quot;');
    expect(html).not.toContain('<pre');
  });
});
