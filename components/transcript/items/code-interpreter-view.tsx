// Code interpreter call: highlighted code (streams in), logs and images it produced.
import { highlightCode, type TokenKind } from '@/lib/transcript/highlight';
import type { OutputItem } from '@/lib/transcript/types';
import { asArray, Field, ItemFrame, text } from './item-frame';

const TOKEN_CLASS: Record<TokenKind, string> = {
  comment: 'text-fg-muted italic',
  string: 'text-success',
  number: 'text-caution',
  keyword: 'text-violet-700 font-semibold dark:text-violet-400',
  plain: '',
};

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre tabIndex={0} aria-label={label} className="max-h-96 overflow-auto rounded bg-sunken p-2 font-mono text-xs">
      <code>
        {highlightCode(code).map((token, at) =>
          token.kind === 'plain' ? token.text : (
            <span key={at} className={TOKEN_CLASS[token.kind]}>
              {token.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

export function CodeInterpreterView({ item }: { item: OutputItem }) {
  const outputs = asArray(item.outputs);
  return (
    <ItemFrame item={item} title="Code interpreter">
      {item.container_id ? <Field label="Container">{text(item.container_id)}</Field> : null}
      <CodeBlock code={text(item.code)} label="Code" />
      {outputs.map((output, at) =>
        output.type === 'image' && typeof output.url === 'string' ? (
          // eslint-disable-next-line @next/next/no-img-element -- data or remote URLs from the tool, not static assets
          <img key={at} src={output.url} alt={`Code interpreter output image ${at + 1}`} className="mt-2 max-h-96 rounded" />
        ) : (
          <pre key={at} tabIndex={0} aria-label="Logs" className="mt-2 max-h-64 overflow-auto rounded bg-sunken p-2 font-mono text-xs whitespace-pre-wrap text-fg">
            {text(output.logs ?? output)}
          </pre>
        ),
      )}
    </ItemFrame>
  );
}
