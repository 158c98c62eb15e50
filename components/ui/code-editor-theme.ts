// A CodeMirror theme drawn from the design tokens (CSS variables), so editors follow the light or dark theme with no re-render.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

const chrome = EditorView.theme({
  '&': { backgroundColor: 'var(--color-surface)', color: 'var(--color-fg)' },
  '.cm-content': { caretColor: 'var(--color-fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-fg)' },
  '&.cm-focused': { outline: '2px solid var(--color-focus)', outlineOffset: '-2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--color-accent-soft)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in oklab, var(--color-sunken) 60%, transparent)' },
  '.cm-gutters': { backgroundColor: 'var(--color-sunken)', color: 'var(--color-fg-muted)', borderRight: '1px solid var(--color-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--color-line)', color: 'var(--color-fg)' },
  '.cm-matchingBracket, .cm-nonmatchingBracket': { backgroundColor: 'var(--color-accent-soft)', outline: '1px solid var(--color-line-strong)' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface)', color: 'var(--color-fg)', border: '1px solid var(--color-line)' },
  '.cm-panels': { backgroundColor: 'var(--color-sunken)', color: 'var(--color-fg)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--color-sunken)', color: 'var(--color-fg-muted)', border: '1px solid var(--color-line)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--color-link)' },
  { tag: tags.string, color: 'var(--color-success)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-caution)' },
  { tag: [tags.punctuation, tags.bracket, tags.separator], color: 'var(--color-fg-muted)' },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

/** Pass as the `theme` of @uiw/react-codemirror (it replaces the library's fixed light theme). */
export const codeEditorTheme = [chrome, syntaxHighlighting(highlight)];
