import { describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '@/components/request/example-bodies';
import { BUILT_IN_EXAMPLES } from '@/components/request/examples';
import * as toolTemplates from '@/components/request/tool-templates';
import { checkStrictSchemas } from '@/lib/local-gateway/strict-schema';
import { createResponseBodySchema, listCreateResponseBodyIssues } from '@/lib/schema';

describe('built-in examples', () => {
  it('each one is a valid request the moment it is chosen (a capture fills the webhook fields of the background one)', () => {
    const capture = { url: 'http://127.0.0.1:3000/api/webhooks/cap_1', secret: 'whsec_0123456789abcdef0123456789abcdef' };
    expect(BUILT_IN_EXAMPLES.map((example) => example.id)).toEqual(['tool-calling', 'structured-output', 'reasoning', 'background-webhooks', 'web-search', 'mcp-approval']);
    for (const example of BUILT_IN_EXAMPLES) {
      const body = EXAMPLE_BODIES[example.id](example.needsCapture ? capture : null, toolTemplates);
      expect(listCreateResponseBodyIssues(body), example.id).toEqual([]);
      expect(() => checkStrictSchemas(createResponseBodySchema.parse(body)), example.id).not.toThrow();
      expect(typeof body.input, example.id).toBe('string');
    }
    expect(Object.keys(EXAMPLE_BODIES).sort()).toEqual(BUILT_IN_EXAMPLES.map((example) => example.id).sort());
  });
});
