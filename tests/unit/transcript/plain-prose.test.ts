import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/transcript/items/message-view';
import { isPlainProse } from '@/lib/transcript/plain-prose';

const PLAIN = [
  'Hello there.',
  'You said: "Use the weather tool for Paris". I am the local scripted agent, so this answer is built from your input.',
  'First paragraph, still going.\nA soft line break (kept as a newline).\n\nSecond paragraph; with punctuation: yes!',
  'Numbers like 3.5 and 2026 inside a sentence - and a dash.',
  'this is a long stream '.repeat(500).trim(),
];

const NOT_PLAIN = [
  '# Heading',
  '- item one\n- item two',
  '1. first\n2. second',
  'Some *emphasis* here',
  'A link https://example.com in text',
  'Visit www.example.com today',
  'Code `x = 1` inline',
  'Line with hard break  \nnext',
  '    indented code',
  'Setext heading\n---',
  'HTML <b>bold</b>',
  'Entity &amp; here',
  'a | b\n--|--\n1 | 2',
];

function parsed(text: string): string {
  return renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text));
}

describe('plain prose fast path', () => {
  it('renders exactly what the markdown parser renders for plain prose', () => {
    for (const text of PLAIN) {
      expect(isPlainProse(text), text.slice(0, 40)).toBe(true);
      expect(renderToStaticMarkup(createElement(Markdown, { source: text }))).toBe(parsed(text));
    }
  });

  it('leaves anything with markup to the parser', () => {
    for (const text of NOT_PLAIN) expect(isPlainProse(text), text).toBe(false);
  });
});
