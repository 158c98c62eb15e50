// Built-in versioned prompt templates and their {{variable}} substitution (the request's `prompt`).
import { zodPathToParam } from '@/lib/schema/param';
import { badRequest } from './errors';

interface PromptTemplate {
  instructions: string;
  variables: string[];
}

/** id -> version -> template; the highest version is used when the request names none. */
export const PROMPT_TEMPLATES: Record<string, Record<string, PromptTemplate>> = {
  pmpt_weather: {
    '1': { instructions: 'You are a weather assistant. Report the weather in {{city}}.', variables: ['city'] },
    '2': {
      instructions: 'You are a concise weather assistant. Report the weather in {{city}} in {{units}} units, in one short paragraph.',
      variables: ['city', 'units'],
    },
  },
  pmpt_support: {
    '1': {
      instructions: 'You are a friendly support agent for {{product}}. Answer the customer named {{customer_name}} politely and suggest one next step.',
      variables: ['product', 'customer_name'],
    },
  },
  pmpt_summarize: {
    '1': { instructions: 'Summarize the user input in {{max_sentences}} sentences for a {{audience}} audience.', variables: ['max_sentences', 'audience'] },
  },
};

export interface ResolvedPrompt {
  instructions: string;
  /** The echo for `response.prompt`, with the version actually used. */
  echo: { id: string; version: string; variables: Record<string, unknown> };
}

function variableText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const part = value as { type?: unknown; text?: unknown; filename?: unknown };
    if (part.type === 'input_text' && typeof part.text === 'string') return part.text;
    if (part.type === 'input_image') return '[image]';
    if (part.type === 'input_file') return `[file${typeof part.filename === 'string' ? ` ${part.filename}` : ''}]`;
  }
  return null;
}

/** Resolves `prompt` to instructions or throws 400 naming prompt.id, prompt.version or prompt.variables.<name>. */
export function resolvePrompt(prompt: { id: string; version?: string | null; variables?: Record<string, unknown> | null }): ResolvedPrompt {
  const versions = PROMPT_TEMPLATES[prompt.id];
  if (!versions) {
    throw badRequest(`Prompt with id '${prompt.id}' not found. Known prompts: ${Object.keys(PROMPT_TEMPLATES).join(', ')}.`, 'prompt.id', 'prompt_not_found');
  }
  const latest = Object.keys(versions).sort((a, b) => Number(b) - Number(a))[0] ?? '1';
  const version = prompt.version ?? latest;
  const template = versions[version];
  if (!template) {
    throw badRequest(`Prompt '${prompt.id}' has no version '${version}'. Versions: ${Object.keys(versions).join(', ')}.`, 'prompt.version', 'prompt_not_found');
  }
  const variables = prompt.variables ?? {};
  for (const name of Object.keys(variables)) {
    if (variableText(variables[name]) === null) {
      throw badRequest(`Prompt variable '${name}' must be a string or an input_text, input_image or input_file part.`, zodPathToParam(['prompt', 'variables', name]));
    }
    if (!template.variables.includes(name)) {
      throw badRequest(`Prompt '${prompt.id}' version '${version}' has no variable '${name}'. Variables: ${template.variables.join(', ')}.`, zodPathToParam(['prompt', 'variables', name]));
    }
  }
  for (const name of template.variables) {
    if (!(name in variables)) throw badRequest(`Missing prompt variable '${name}' for prompt '${prompt.id}'.`, zodPathToParam(['prompt', 'variables', name]));
  }
  const instructions = template.instructions.replace(/\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g, (_match, name: string) => variableText(variables[name]) ?? '');
  return { instructions, echo: { id: prompt.id, version, variables } };
}
