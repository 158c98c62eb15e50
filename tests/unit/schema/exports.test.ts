import { describe, expect, it } from 'vitest';
import * as schema from '@/lib/schema';

// Other modules code against these names; a rename must fail here first.
const REQUIRED = [
  'createResponseBodySchema',
  'parseCreateResponseBody',
  'listCreateResponseBodyIssues',
  'apiErrorBodySchema',
  'makeApiError',
  'zodPathToParam',
  'onBehalfOfSchema',
  'parseOnBehalfOf',
  'INCLUDE_VALUES',
  'TOOL_TYPES',
  'TOOL_CHOICE_MODES',
  'SERVICE_TIERS',
  'REASONING_EFFORTS',
  'REASONING_SUMMARIES',
  'TRUNCATION_MODES',
  'MODALITIES',
  'VERBOSITIES',
  'INPUT_ROLES',
  'RESPONSE_STATUSES',
  'TERMINAL_STATUSES',
  'isTerminalStatus',
  'LIMITS',
  'toolSchema',
  'functionToolSchema',
  'toolChoiceSchema',
  'inputItemSchema',
  'inputMessageSchema',
  'inputContentPartSchema',
  'responseObjectSchema',
  'outputItemSchema',
  'usageSchema',
  'streamEventSchema',
  'inputItemListSchema',
  'deletedResponseSchema',
  'webhookEventSchema',
  'responseStatusSchema',
] as const;

describe('public surface of lib/schema', () => {
  it.each(REQUIRED)('exports %s', (name) => {
    expect(schema[name]).toBeDefined();
  });

  it('has the enumerations the form is built from', () => {
    expect(schema.SERVICE_TIERS).toEqual(['auto', 'default', 'flex', 'priority']);
    expect(schema.REASONING_EFFORTS).toEqual(['minimal', 'low', 'medium', 'high']);
    expect(schema.REASONING_SUMMARIES).toEqual(['auto', 'concise', 'detailed']);
    expect(schema.INPUT_ROLES).toEqual(['user', 'assistant', 'system', 'developer']);
    expect(schema.TOOL_CHOICE_MODES).toEqual(['none', 'auto', 'required']);
    expect(schema.TRUNCATION_MODES).toEqual(['auto', 'disabled']);
    expect(schema.MODALITIES).toEqual(['text', 'audio']);
    expect(schema.VERBOSITIES).toEqual(['low', 'medium', 'high']);
  });
});
