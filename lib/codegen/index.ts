// Code export of a request: curl, TypeScript (fetch, openai SDK), Python (requests, openai SDK); the key and every credential come from environment variables.
import { findCredentials, replaceCredentials } from '@/lib/schema/credentials';

export interface CodegenInput {
  body: Record<string, unknown>;
  onBehalfOf: string;
  /** The gateway's API base: its base URL plus its API path, e.g. http://127.0.0.1:3000/api/v1/llm or https://litellm.example/v1. */
  gatewayApiBase: string;
}

export const CODE_LANGUAGES = ['curl', 'typescript-fetch', 'typescript-sdk', 'python-requests', 'python-sdk'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const KEY_ENV_VAR = 'GATEWAY_API_KEY';

/** Parameters the openai Python SDK's responses.create accepts by name; everything else goes in extra_body. */
const PYTHON_SDK_PARAMS = new Set([
  'model', 'input', 'instructions', 'conversation', 'previous_response_id', 'prompt', 'include', 'text', 'stream',
  'stream_options', 'store', 'background', 'tools', 'tool_choice', 'parallel_tool_calls', 'max_tool_calls', 'reasoning',
  'max_output_tokens', 'temperature', 'top_p', 'top_logprobs', 'truncation', 'service_tier', 'prompt_cache_key',
  'safety_identifier', 'metadata', 'user',
]);

function apiBase(input: CodegenInput): string {
  return input.gatewayApiBase.replace(/\/+$/, '');
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function generateCurl(input: CodegenInput): string {
  const lines = [
    `curl ${shellQuote(`${apiBase(input)}/responses`)}`,
    `  -H "Authorization: Bearer $${KEY_ENV_VAR}"`,
    `  -H 'Content-Type: application/json'`,
  ];
  if (input.onBehalfOf) lines.push(`  -H ${shellQuote(`X-On-Behalf-Of: ${input.onBehalfOf}`)}`);
  if (input.body.stream === true) lines.push('  --no-buffer');
  lines.push(`  --data-raw ${shellQuote(JSON.stringify(input.body, null, 2))}`);
  return lines.join(' \\\n');
}

function indentJson(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

export function generateTypeScriptFetch(input: CodegenInput): string {
  const headers = [`    Authorization: \`Bearer \${process.env.${KEY_ENV_VAR}}\`,`, `    'Content-Type': 'application/json',`];
  headers.push(input.onBehalfOf ? `    'X-On-Behalf-Of': ${JSON.stringify(input.onBehalfOf)},` : `    // 'X-On-Behalf-Of': '<end-user id>',`);
  const isStream = input.body.stream === true;
  return [
    `const response = await fetch(${JSON.stringify(`${apiBase(input)}/responses`)}, {`,
    `  method: 'POST',`,
    `  headers: {`,
    ...headers,
    `  },`,
    `  body: JSON.stringify(${indentJson(input.body, '  ')}),`,
    `});`,
    `if (!response.ok) throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);`,
    ...(isStream
      ? [
          `// Server-Sent Events: print each event as it arrives.`,
          `const decoder = new TextDecoder();`,
          `for await (const chunk of response.body!) process.stdout.write(decoder.decode(chunk, { stream: true }));`,
        ]
      : [`console.log(await response.json());`]),
  ].join('\n');
}

export function generateTypeScriptSdk(input: CodegenInput): string {
  const isStream = input.body.stream === true;
  return [
    `import OpenAI from 'openai';`,
    ``,
    `const client = new OpenAI({`,
    `  apiKey: process.env.${KEY_ENV_VAR},`,
    `  baseURL: ${JSON.stringify(apiBase(input))},`,
    input.onBehalfOf ? `  defaultHeaders: { 'X-On-Behalf-Of': ${JSON.stringify(input.onBehalfOf)} },` : `  // defaultHeaders: { 'X-On-Behalf-Of': '<end-user id>' },`,
    `});`,
    ``,
    `// Gateway extras and fields the SDK does not type are passed through as they are.`,
    `const params = ${indentJson(input.body, '')} as unknown as OpenAI.Responses.ResponseCreateParams;`,
    isStream
      ? [`const stream = await client.responses.create(params);`, `for await (const event of stream as AsyncIterable<OpenAI.Responses.ResponseStreamEvent>) console.log(event.type, event);`].join('\n')
      : `const response = await client.responses.create(params);\nconsole.log(response);`,
  ].join('\n');
}

/** A JSON value as a Python literal (true → True, null → None). */
export function toPythonLiteral(value: unknown, indent = ''): string {
  const next = `${indent}    `;
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((entry) => `${next}${toPythonLiteral(entry, next)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, entry]) => `${next}${JSON.stringify(key)}: ${toPythonLiteral(entry, next)},`).join('\n')}\n${indent}}`;
}

export function generatePythonRequests(input: CodegenInput): string {
  const headers = [`    "Authorization": f"Bearer {os.environ['${KEY_ENV_VAR}']}",`, `    "Content-Type": "application/json",`];
  headers.push(input.onBehalfOf ? `    "X-On-Behalf-Of": ${JSON.stringify(input.onBehalfOf)},` : `    # "X-On-Behalf-Of": "<end-user id>",`);
  const isStream = input.body.stream === true;
  return [
    `import os`,
    `import requests`,
    ``,
    `headers = {`,
    ...headers,
    `}`,
    `body = ${toPythonLiteral(input.body)}`,
    ``,
    `response = requests.post(${JSON.stringify(`${apiBase(input)}/responses`)}, headers=headers, json=body${isStream ? ', stream=True' : ''}, timeout=300)`,
    `response.raise_for_status()`,
    ...(isStream ? [`for line in response.iter_lines(decode_unicode=True):`, `    if line:`, `        print(line)`] : [`print(response.json())`]),
  ].join('\n');
}

export function generatePythonSdk(input: CodegenInput): string {
  const known = Object.fromEntries(Object.entries(input.body).filter(([key]) => PYTHON_SDK_PARAMS.has(key)));
  const extra = Object.fromEntries(Object.entries(input.body).filter(([key]) => !PYTHON_SDK_PARAMS.has(key)));
  const args = Object.entries(known).map(([key, value]) => `    ${key}=${toPythonLiteral(value, '    ')},`);
  if (Object.keys(extra).length) args.push(`    # Gateway extras and fields the SDK does not name go in extra_body.`, `    extra_body=${toPythonLiteral(extra, '    ')},`);
  const isStream = input.body.stream === true;
  return [
    `import os`,
    `from openai import OpenAI`,
    ``,
    `client = OpenAI(`,
    `    api_key=os.environ["${KEY_ENV_VAR}"],`,
    `    base_url=${JSON.stringify(apiBase(input))},`,
    input.onBehalfOf ? `    default_headers={"X-On-Behalf-Of": ${JSON.stringify(input.onBehalfOf)}},` : `    # default_headers={"X-On-Behalf-Of": "<end-user id>"},`,
    `)`,
    ``,
    `response = client.responses.create(`,
    ...args,
    `)`,
    isStream ? `for event in response:\n    print(event.type, event)` : `print(response)`,
  ].join('\n');
}

export const WEBHOOK_SECRET_ENV_VAR = 'WEBHOOK_SECRET';

/** How each language reads an environment variable where a JSON string stood. */
const ENV_EXPRESSIONS: Record<CodeLanguage, (name: string) => string> = {
  curl: (name) => `"'"$${name}"'"`,
  'typescript-fetch': (name) => `process.env.${name}`,
  'typescript-sdk': (name) => `process.env.${name}`,
  'python-requests': (name) => `os.environ["${name}"]`,
  'python-sdk': (name) => `os.environ["${name}"]`,
};

const GENERATORS: Record<CodeLanguage, (input: CodegenInput) => string> = {
  curl: generateCurl,
  'typescript-fetch': generateTypeScriptFetch,
  'typescript-sdk': generateTypeScriptSdk,
  'python-requests': generatePythonRequests,
  'python-sdk': generatePythonSdk,
};

export interface CredentialEnvVar {
  /** The credential's place in the body, e.g. tools[0].authorization. */
  param: string;
  envVar: string;
}

function toEnvName(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
}

/** One environment variable per credential in the body: WEBHOOK_SECRET, MCP_<LABEL>_AUTHORIZATION, MCP_<LABEL>_<HEADER>. */
export function listCredentialEnvVars(body: Record<string, unknown>): CredentialEnvVar[] {
  const taken = new Set<string>([KEY_ENV_VAR]);
  return findCredentials(body).map(({ param, tool }) => {
    let base = WEBHOOK_SECRET_ENV_VAR;
    if (tool) {
      const index = /^tools\[(\d+)\]/.exec(param)?.[1] ?? '0';
      const label = typeof tool.server_label === 'string' && toEnvName(tool.server_label) ? toEnvName(tool.server_label) : `TOOL_${index}`;
      const field = param.replace(/^tools\[\d+\]\./, '');
      base = `MCP_${label}_${field === 'authorization' ? 'AUTHORIZATION' : toEnvName(field.replace(/^headers\./, '')) || 'HEADER'}`;
    }
    let envVar = base;
    for (let suffix = 2; taken.has(envVar); suffix += 1) envVar = `${base}_${suffix}`;
    taken.add(envVar);
    return { param, envVar };
  });
}

/**
 * The code for one language. Credentials in the body (lib/schema/credentials.ts: webhook_secret, an MCP tool's
 * authorization and headers) are read from environment variables (listCredentialEnvVars), never written out.
 */
export function generateCode(language: CodeLanguage, input: CodegenInput): string {
  const envVars = listCredentialEnvVars(input.body);
  if (envVars.length === 0) return GENERATORS[language](input);
  const sentinels = envVars.map((_, index) => `__playground_credential_${index}__`);
  let next = 0;
  const body = replaceCredentials(input.body, () => sentinels[next++]!);
  let code = GENERATORS[language]({ ...input, body });
  envVars.forEach(({ envVar }, index) => {
    code = code.split(JSON.stringify(sentinels[index])).join(ENV_EXPRESSIONS[language](envVar));
  });
  return code;
}
