'use client';
// Code export of the current request in five flavours, with the key read from an environment variable, and one-click copy.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CODE_LANGUAGES, generateCode, KEY_ENV_VAR, listCredentialEnvVars, type CodeLanguage } from '@/lib/codegen';
import { sessionQuery } from '@/lib/http/query-keys';
import { LOCAL_GATEWAY_API_PATH } from '@/lib/env-schema';
import { useDraft } from './draft-context';

const LABELS: Record<CodeLanguage, string> = {
  curl: 'curl',
  'typescript-fetch': 'TypeScript (fetch)',
  'typescript-sdk': 'TypeScript (openai SDK)',
  'python-requests': 'Python (requests)',
  'python-sdk': 'Python (openai SDK)',
};

export function CodeExport() {
  const { draft } = useDraft();
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  const [copied, setCopied] = useState(false);
  // Exported code talks to the gateway itself: the remote one when configured, else this playground's local gateway.
  const session = useQuery(sessionQuery);
  const gatewayApiBase = session.data?.gateway_api_base ?? `${window.location.origin}${LOCAL_GATEWAY_API_PATH}`;
  const code = generateCode(language, { body: draft.body, onBehalfOf: draft.onBehalfOf.trim(), gatewayApiBase });
  const credentials = listCredentialEnvVars(draft.body);
  return (
    <div className="flex flex-col gap-2" data-testid="code-export">
      <div role="tablist" aria-label="Language" className="flex flex-wrap gap-1">
        {CODE_LANGUAGES.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={entry === language}
            data-testid={`code-language-${entry}`}
            className={`rounded px-2 py-0.5 text-xs ${entry === language ? 'bg-fg text-canvas' : 'border border-line-strong'}`}
            onClick={() => {
              setLanguage(entry);
              setCopied(false);
            }}
          >
            {LABELS[entry]}
          </button>
        ))}
      </div>
      <p className="text-xs text-fg-muted" data-testid="code-export-env">
        The key is read from ${KEY_ENV_VAR}
        {credentials.map(({ param, envVar }) => `, ${param} from $${envVar}`).join('')}; set {credentials.length ? 'them' : 'it'} before running. Credentials are never
        written into the code. Gateway extras are included.
      </p>
      <pre className="max-h-[50vh] overflow-auto rounded bg-sunken p-2 text-xs text-fg" data-testid="code-export-text">{code}</pre>
      <button
        type="button"
        className="self-start rounded border border-line-strong px-2 py-1 text-xs"
        data-testid="code-copy"
        onClick={async () => {
          await navigator.clipboard.writeText(code);
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
