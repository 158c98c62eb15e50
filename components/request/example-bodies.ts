// The request body of each built-in example (examples.ts lists them), loaded when one is chosen.
import type { JsonObject } from './body-path';
import type { ExampleId } from './examples';
import { createJsonSchemaFormat } from './json-schema-format';
import type { createTool } from './tool-templates';
import type { WebhookCapture } from './webhook-capture';

/**
 * `capture` is given when the example needs a webhook receiver (created when it is chosen). The tool templates come as an
 * argument: they load when an example is chosen, beside this module.
 */
export type BuildExample = (capture: WebhookCapture | null, tools: { createTool: typeof createTool }) => JsonObject;

export const EXAMPLE_BODIES: Record<ExampleId, BuildExample> = {
  'tool-calling': (_capture, { createTool }) => ({ model: 'local-agent', input: 'What is the weather in Paris? Use the get_weather tool.', stream: true, tools: [createTool('function')] }),
  'structured-output': () => ({ model: 'local-agent', input: 'Give me a weather report for Paris.', stream: true, text: { format: createJsonSchemaFormat() } }),
  reasoning: () => ({ model: 'local-reasoner', input: 'Plan a three-day trip to Kyoto.', stream: true, reasoning: { effort: 'medium', summary: 'auto' } }),
  'background-webhooks': (capture) => ({
    model: 'local-agent',
    input: 'Summarize why tide pools matter.',
    stream: true,
    store: true,
    background: true,
    ...(capture ? { webhook_url: capture.url, webhook_secret: capture.secret } : {}),
  }),
  'web-search': (_capture, { createTool }) => ({
    model: 'local-agent',
    input: 'Search the web for how tide pools form.',
    include: ['web_search_call.action.sources'],
    stream: true,
    tools: [createTool('web_search')],
  }),
  'mcp-approval': (_capture, { createTool }) => ({ model: 'local-agent', input: 'Ask the docs mcp server about tide pools.', stream: true, tools: [createTool('mcp')] }),
};
