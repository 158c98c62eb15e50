'use client';
// The request body as JSON in CodeMirror, two-way with the form: edits that parse replace the body; syntax and schema errors
// are marked at their place. Credentials show masked until revealed; an edit keeps the masked ones as they were.
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo, useState } from 'react';
import { codeEditorTheme } from '@/components/ui/code-editor-theme';
import { findCredentials, maskCredentials, restoreMaskedCredentials } from '@/lib/schema';
import type { JsonObject } from './body-path';
import { listBodyIssues } from './draft-checker';
import { findSpan, locateJsonPaths } from './json-locate';
import { formatBody, parseBodyText } from './request-draft';
import { SecretFrame } from './secret-reveal';

export function JsonBodyEditor({ body, onChange }: { body: JsonObject; onChange: (body: JsonObject) => void }) {
  const [isRevealed, setRevealed] = useState(false);
  const hasSecrets = findCredentials(body).some((found) => found.value !== '');
  const show = (value: JsonObject, isClear: boolean) => formatBody(isClear ? value : (maskCredentials(value) as JsonObject));
  // What the user typed stays as typed (a secret being typed is not masked under the cursor); a new body is shown masked.
  const [typed, setTyped] = useState<{ text: string; body: JsonObject }>(() => ({ text: show(body, false), body }));
  const text = typed.body === body ? typed.text : show(body, isRevealed);
  const toggleReveal = () => {
    setRevealed(!isRevealed);
    setTyped({ text: show(body, !isRevealed), body });
  };
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
          return listBodyIssues(parsedSource.body).map((issue) => {
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
      {hasSecrets ? (
        <SecretFrame path="credentials" isRevealed={isRevealed} onToggle={toggleReveal}>
          <p className="text-xs text-fg-muted" data-testid="json-secrets-note">
            {isRevealed ? 'Credentials are shown in clear.' : 'Credentials (webhook_secret, MCP authorization and headers) are masked; edits elsewhere keep them.'}
          </p>
        </SecretFrame>
      ) : null}
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
            const edited = restoreMaskedCredentials(result.body, body) as JsonObject;
            setTyped({ text: next, body: edited });
            onChange(edited);
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
