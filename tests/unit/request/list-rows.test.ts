// Long lists of the request form (input items, tools) leave their entries off screen to the browser to skip; its text fields (body fields, JSON values, key/value pairs) are relayout boundaries.
import { createElement, type ComponentProps, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createDraftStore, DraftProvider } from '@/components/request/draft-context';
import { InputItemsEditor } from '@/components/request/input-items-editor';
import { JsonValueField } from '@/components/request/json-value-field';
import { KeyValueField } from '@/components/request/key-value-field';
import { boundaryLinesFor, textBoundaryClass } from '@/components/request/text-boundary';
import { ToolEditor } from '@/components/request/tool-editor';

function render(body: Record<string, unknown>, view: ReactElement): string {
  const props: ComponentProps<typeof DraftProvider> = { store: createDraftStore({ body, onBehalfOf: '' }), children: view };
  return renderToStaticMarkup(createElement(DraftProvider, props));
}

/** The class attribute of the element with `testId`. */
function classOf(html: string, testId: string): string {
  const match = new RegExp(`<div class="([^"]*)" data-testid="${testId}"`).exec(html);
  if (!match) throw new Error(`no ${testId} in the markup`);
  return match[1]!;
}

describe('entries of long lists in the request form', () => {
  it('every input item is skipped by the browser while off screen (content-visibility: auto, its height remembered)', () => {
    const input = Array.from({ length: 3 }, (_, at) => ({ role: 'user', content: [{ type: 'input_text', text: `item ${at}` }] }));
    const html = render({ model: 'local-agent', input }, createElement(InputItemsEditor));
    for (const at of [0, 1, 2]) {
      expect(classOf(html, `input-item-${at}`)).toContain('[content-visibility:auto]');
      expect(classOf(html, `input-item-${at}`)).toContain('[contain-intrinsic-size:auto_14rem]');
    }
    expect(html).toContain('data-testid="field-input-2-content-0-text"');
  });

  it('so is every tool definition', () => {
    const html = render({ model: 'local-agent', tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }] }, createElement(ToolEditor, { index: 0 }));
    expect(classOf(html, 'tool-0')).toContain('[content-visibility:auto]');
  });
});

describe('text fields of the request form', () => {
  it('each typed-into control is its own relayout boundary (strict containment, a height of its own, outside the flex column) and see-through in a wrapper painting its background', () => {
    const input = [{ role: 'user', content: [{ type: 'input_text', text: 'item' }] }, { type: 'item_reference', id: 'msg_1' }];
    const html = render({ model: 'local-agent', input }, createElement(InputItemsEditor));
    const textarea = /<div class="min-w-0 rounded-md bg-surface"><textarea [^>]*class="([^"]*)"[^>]*data-testid="field-input-0-content-0-text"/.exec(html);
    expect(textarea?.[1]).toContain('block supports-[height:1lh]:[contain:strict]');
    expect(textarea?.[1]).toContain('h-[calc(3lh+0.75rem+2px)]');
    // See-through (a scroller Chromium does not make a layer of its own), the wrapper painting its background.
    expect(textarea?.[1]).toContain('bg-transparent!');
    const line = /<div class="min-w-0 rounded-md bg-surface"><input [^>]*class="([^"]*)"[^>]*data-testid="field-input-1-id"/.exec(html);
    expect(line?.[1]).toContain('block supports-[height:1lh]:[contain:strict]');
    expect(line?.[1]).toContain('h-[max(2.25rem,calc(1lh+0.75rem+2px))]');
  });

  it('so is a JSON value box (as high as its rows) and each box of a key/value pair', () => {
    const html = render({ model: 'local-agent', metadata: { team: 'search' }, text: { format: { type: 'json_schema', name: 'x', schema: {} } } }, createElement('div', null,
      createElement(JsonValueField, { path: 'text.format.schema', help: 'schema', rows: 8 }),
      createElement(KeyValueField, { path: 'metadata', help: 'pairs' }),
    ));
    const json = /<div class="min-w-0 rounded-md bg-surface"><textarea [^>]*class="([^"]*)"[^>]*data-testid="field-text-format-schema"/.exec(html);
    expect(json?.[1]).toContain('block supports-[height:1lh]:[contain:strict]');
    expect(json?.[1]).toContain('h-[calc(8lh+0.75rem+2px)]');
    expect(json?.[1]).toContain('bg-transparent!');
    for (const box of ['key', 'value']) {
      const input = new RegExp(`<div class="min-w-0 rounded-md bg-surface flex-1"><input [^>]*class="([^"]*)"[^>]*data-testid="field-metadata-${box}-0"`).exec(html);
      expect(input?.[1]).toContain('block supports-[height:1lh]:[contain:strict]');
      expect(input?.[1]).toContain('h-[max(2.25rem,calc(1lh+0.75rem+2px))]');
    }
  });

  it('contains only where the lh unit sizes it (elsewhere the control keeps its rows), with a height for each row count used', () => {
    expect(textBoundaryClass(2)).toBe('block supports-[height:1lh]:[contain:strict] bg-transparent! h-[calc(2lh+0.75rem+2px)]');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12].map(boundaryLinesFor)).toEqual([1, 2, 3, 4, 4, 6, 6, 8, 8]);
  });
});
