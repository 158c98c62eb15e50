'use client';
// The request body as JSON in CodeMirror, two-way with the form: edits that parse replace the body; syntax and schema errors are marked at their place.
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo, useState } from 'react';
import { codeEditorTheme } from '@/components/ui/code-editor-theme';
import { listCreateResponseBodyIssues } from '@/lib/schema';
import type { JsonObject } from './body-path';
import { findSpan, locateJsonPaths } from './json-locate';
import { formatBody, parseBodyText } from './request-draft';

export function JsonBodyEditor({ body, onChange }: { body: JsonObject; onChange: (body: JsonObject) => void }) {
  const [typed, setTyped] = useState<{ text: string; body: JsonObject }>(() => ({ text: formatBody(body), body }));
  const text = typed.body === body ? typed.text : formatBody(body);
  const parsed = parseBodyText(text);

  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      linter(jsonParseLinter()),
      linter(
        (view): Diagnostic[] => {
          const source = view.state.doc.toString();
          const parsedSource = parseBodyText(source);
          if (!parsedSource.ok) return [];
          const spans = locateJsonPaths(source);
          return listCreateResponseBodyIssues(parsedSource.body).map((issue) => {
            const span = findSpan(spans, issue.param) ?? { from: 0, to: Math.min(1, source.length) };
            return { from: span.from, to: span.to, severity: 'error', message: `${issue.param || 'body'}: ${issue.message}` };
          });
        },
        { delay: 200 },
      ),
      EditorView.lineWrapping,
      // The editable element itself is the textbox screen readers meet: it takes the label.
      EditorView.contentAttributes.of({ 'aria-labelledby': 'json-body-label' }),
    ],
    [],
  );

  return (
    <div className="flex flex-col gap-1" data-testid="json-editor">
      <label className="font-mono text-xs font-semibold" id="json-body-label">request body (JSON)</label>
      <p className="text-xs text-fg-muted">Exactly what is sent. Edit it here or in the form; fields the form has no control for are kept.</p>
      <CodeMirror
        value={text}
        aria-labelledby="json-body-label"
        extensions={extensions}
        theme={codeEditorTheme}
        basicSetup={{ foldGutter: true, lineNumbers: true }}
        className="overflow-hidden rounded border border-line-strong text-xs"
        maxHeight="60vh"
        onChange={(next) => {
          const result = parseBodyText(next);
          if (result.ok) {
            setTyped({ text: next, body: result.body });
            onChange(result.body);
          } else {
            setTyped({ text: next, body });
          }
        }}
      />
      {!parsed.ok ? (
        <p role="alert" className="text-xs text-danger" data-testid="json-editor-error">
          Line {parsed.line}, column {parsed.column}: {parsed.message} The form keeps the last valid body until this parses.
        </p>
      ) : null}
    </div>
  );
}
