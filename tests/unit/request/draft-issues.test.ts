import { beforeAll, describe, expect, it } from 'vitest';
import { listBodyIssues } from '@/components/request/draft-checker';
import { createDraftStore, loadDraftChecker } from '@/components/request/draft-store';
import { REDACTED_CREDENTIAL } from '@/lib/schema/credentials';

// Once loaded (the playground loads it with the first edit or send), the checker answers synchronously.
beforeAll(async () => {
  await loadDraftChecker();
});

const reopened = {
  model: 'local-agent',
  input: 'hi',
  background: true,
  webhook_url: 'http://127.0.0.1:3000/api/webhooks/cap_1',
  webhook_secret: REDACTED_CREDENTIAL,
  tools: [{ type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', authorization: REDACTED_CREDENTIAL }],
};

describe('a body whose credentials read <redacted>', () => {
  it('has an issue at each such field, naming it', () => {
    const issues = listBodyIssues(reopened).filter((issue) => issue.code === 'redacted_credential');
    expect(issues.map((issue) => issue.param)).toEqual(['webhook_secret', 'tools[0].authorization']);
    expect(issues[0]?.message).toBe(`'webhook_secret' reads ${REDACTED_CREDENTIAL}: credentials are never stored, so enter it again (or remove it) before sending.`);
  });

  it('blocks sending until they are entered again', () => {
    const store = createDraftStore({ body: reopened, onBehalfOf: '' });
    expect(store.getIssues().map((issue) => issue.param)).toEqual(['webhook_secret', 'tools[0].authorization']);
    store.setField('webhook_secret', 'whsec_entered_again_0123456789abcdef');
    store.setField('tools[0].authorization', 'Bearer entered-again');
    expect(store.getIssues()).toEqual([]);
  });
});
