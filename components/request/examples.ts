// Built-in examples for "Start from an example": each a request that shows one feature against the local gateway.
import type { JsonObject } from './body-path';
import { createJsonSchemaFormat } from './json-schema-format';
import type { createTool } from './tool-templates';
import type { WebhookCapture } from './webhook-capture';

export interface BuiltInExample {
  id: string;
  title: string;
  /** What it shows, in one line. */
  description: string;
  /**
   * The body; `capture` is given when the example needs a webhook receiver (created when it is chosen). The tool templates
   * come as an argument: they load when an example is chosen, not with the list.
   */
  build(capture: WebhookCapture | null, tools: { createTool: typeof createTool }): JsonObject;
  needsCapture?: boolean;
}

export const BUILT_IN_EXAMPLES: readonly BuiltInExample[] = [
  {
    id: 'tool-calling',
    title: 'Tool calling',
    description: 'The model calls get_weather; answer the call with "Reply with output".',
    build: (_capture, { createTool }) => ({ model: 'local-agent', input: 'What is the weather in Paris? Use the get_weather tool.', stream: true, tools: [createTool('function')] }),
  },
  {
    id: 'structured-output',
    title: 'Structured output',
    description: 'A json_schema format: the answer is JSON that matches the schema.',
    build: () => ({ model: 'local-agent', input: 'Give me a weather report for Paris.', stream: true, text: { format: createJsonSchemaFormat() } }),
  },
  {
    id: 'reasoning',
    title: 'Reasoning',
    description: 'local-reasoner with a reasoning summary before the answer.',
    build: () => ({ model: 'local-reasoner', input: 'Plan a three-day trip to Kyoto.', stream: true, reasoning: { effort: 'medium', summary: 'auto' } }),
  },
  {
    id: 'background-webhooks',
    title: 'Background with webhooks',
    description: 'Runs in the background; its webhook deliveries arrive on the Jobs page, signed.',
    needsCapture: true,
    build: (capture) => ({
      model: 'local-agent',
      input: 'Summarize why tide pools matter.',
      stream: true,
      store: true,
      background: true,
      ...(capture ? { webhook_url: capture.url, webhook_secret: capture.secret } : {}),
    }),
  },
  {
    id: 'web-search',
    title: 'Web search with citations',
    description: 'The web_search tool: its sources (include) and url_citation links in the answer.',
    build: (_capture, { createTool }) => ({
      model: 'local-agent',
      input: 'Search the web for how tide pools form.',
      include: ['web_search_call.action.sources'],
      stream: true,
      tools: [createTool('web_search')],
    }),
  },
  {
    id: 'mcp-approval',
    title: 'MCP approval',
    description: 'An MCP server that asks before each call: approve or deny it in the transcript.',
    build: (_capture, { createTool }) => ({ model: 'local-agent', input: 'Ask the docs mcp server about tide pools.', stream: true, tools: [createTool('mcp')] }),
  },
];
