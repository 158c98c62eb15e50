import { describe, expect, it } from 'vitest';
import {
  describeRedactedCredentials,
  findCredentials,
  listRedactedCredentials,
  MASKED_CREDENTIAL,
  maskCredentials,
  REDACTED_CREDENTIAL,
  redactCredentials,
  restoreMaskedCredentials,
  stripCredentials,
} from '@/lib/schema/credentials';

const SECRETS = { webhook: 'whsec-0123456789abcdef', authorization: 'oauth-token-abc', header: 'header-key-xyz' };

const body = () => ({
  model: 'local-agent',
  input: 'ask the docs',
  webhook_url: 'http://127.0.0.1:3000/api/webhooks/cap_1',
  webhook_secret: SECRETS.webhook,
  tools: [
    { type: 'function', name: 'get_weather', parameters: { type: 'object' } },
    { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', authorization: SECRETS.authorization, headers: { 'X-Api-Key': SECRETS.header, 'X-Team': 'blue' } },
  ],
});

describe('credentials in a create body', () => {
  it('are found where the one list says, named like error params', () => {
    expect(findCredentials(body()).map(({ param, value }) => [param, value])).toEqual([
      ['webhook_secret', SECRETS.webhook],
      ['tools[1].authorization', SECRETS.authorization],
      ['tools[1].headers.X-Api-Key', SECRETS.header],
      ['tools[1].headers.X-Team', 'blue'],
    ]);
    expect(findCredentials(body())[1]?.tool).toMatchObject({ server_label: 'docs' });
    expect(findCredentials({ model: 'm', tools: 'not a list', webhook_secret: 7 })).toEqual([]);
  });

  it('are redacted to a marker that says one was set, header names kept, the body itself untouched', () => {
    const original = body();
    const redacted = redactCredentials(original);
    expect(redacted).toEqual({
      ...original,
      webhook_secret: REDACTED_CREDENTIAL,
      tools: [original.tools[0], { ...original.tools[1], authorization: REDACTED_CREDENTIAL, headers: { 'X-Api-Key': REDACTED_CREDENTIAL, 'X-Team': REDACTED_CREDENTIAL } }],
    });
    expect(JSON.stringify(redacted)).not.toMatch(/whsec-|oauth-token|header-key/);
    expect(original.webhook_secret).toBe(SECRETS.webhook);
    expect(redactCredentials(redacted)).toEqual(redacted);
  });

  it('are stripped whole for a share link', () => {
    const stripped = stripCredentials(body());
    expect(stripped).not.toHaveProperty('webhook_secret');
    expect(stripped.tools).toEqual([body().tools[0], { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse' }]);
    expect(stripCredentials({ model: 'm' })).toEqual({ model: 'm' });
  });

  it('that were redacted are listed, so reopening says which to enter again', () => {
    const redacted = redactCredentials(body());
    expect(listRedactedCredentials(redacted)).toEqual(['webhook_secret', 'tools[1].authorization', 'tools[1].headers.X-Api-Key', 'tools[1].headers.X-Team']);
    expect(listRedactedCredentials(body())).toEqual([]);
    expect(describeRedactedCredentials({ webhook_secret: REDACTED_CREDENTIAL })).toEqual([
      `webhook_secret was set but credentials are never stored: enter it again (it now reads ${REDACTED_CREDENTIAL}).`,
    ]);
  });

  it('are masked on screen, and an edit of the masked body keeps the values that still read masked', () => {
    const original = { ...body(), webhook_secret: REDACTED_CREDENTIAL };
    const masked = maskCredentials(original);
    expect(JSON.stringify(masked)).not.toMatch(/oauth-token|header-key/);
    expect(masked.webhook_secret).toBe(REDACTED_CREDENTIAL);
    expect((masked.tools as Array<Record<string, unknown>>)[1]).toMatchObject({ authorization: MASKED_CREDENTIAL, headers: { 'X-Api-Key': MASKED_CREDENTIAL } });
    const edited = { ...masked, instructions: 'be brief', tools: [(masked.tools as unknown[])[0], { ...(masked.tools as Array<Record<string, unknown>>)[1], headers: { 'X-Api-Key': MASKED_CREDENTIAL, 'X-Team': 'red' } }] };
    expect(restoreMaskedCredentials(edited, original)).toEqual({
      ...original,
      instructions: 'be brief',
      tools: [original.tools[0], { ...original.tools[1], headers: { 'X-Api-Key': SECRETS.header, 'X-Team': 'red' } }],
    });
  });
});
