// Built-in examples for "Start from an example": each a request that shows one feature against the local gateway. Their
// bodies (example-bodies.ts) load when one is chosen, or pointed at, not with the list.

export interface BuiltInExample {
  id: ExampleId;
  title: string;
  /** What it shows, in one line. */
  description: string;
  /** It needs a webhook receiver: one is created when it is chosen. */
  needsCapture?: boolean;
}

export type ExampleId = 'tool-calling' | 'structured-output' | 'reasoning' | 'background-webhooks' | 'web-search' | 'mcp-approval';

export const BUILT_IN_EXAMPLES: readonly BuiltInExample[] = [
  {
    id: 'tool-calling',
    title: 'Tool calling',
    description: 'The model calls get_weather; answer the call with "Reply with output".',
  },
  {
    id: 'structured-output',
    title: 'Structured output',
    description: 'A json_schema format: the answer is JSON that matches the schema.',
  },
  {
    id: 'reasoning',
    title: 'Reasoning',
    description: 'local-reasoner with a reasoning summary before the answer.',
  },
  {
    id: 'background-webhooks',
    title: 'Background with webhooks',
    description: 'Runs in the background; its webhook deliveries arrive on the Jobs page, signed.',
    needsCapture: true,
  },
  {
    id: 'web-search',
    title: 'Web search with citations',
    description: 'The web_search tool: its sources (include) and url_citation links in the answer.',
  },
  {
    id: 'mcp-approval',
    title: 'MCP approval',
    description: 'An MCP server that asks before each call: approve or deny it in the transcript.',
  },
];
