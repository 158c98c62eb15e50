import { describe, expect, it } from 'vitest';
import { explainBrokenLink } from '@/lib/chains/broken-link';
import { entry } from './fake-fetcher';

const notFound = { status: 404, message: 'not found', code: null };

describe('explainBrokenLink', () => {
  it('gives each 404 the reason the index supports', () => {
    expect(explainBrokenLink(notFound, entry('r', { deleted: true, on_behalf_of: 'alice' }), 'bob').reason).toBe('deleted');
    expect(explainBrokenLink(notFound, entry('r', { stored: false }), null).reason).toBe('not_stored');
    expect(explainBrokenLink(notFound, entry('r', { on_behalf_of: 'alice' }), null).reason).toBe('other_user');
    expect(explainBrokenLink(notFound, entry('r', { on_behalf_of: null }), 'bob').reason).toBe('other_user');
    expect(explainBrokenLink(notFound, entry('r', { on_behalf_of: 'alice' }), ' alice ').reason).toBe('gone');
    expect(explainBrokenLink(notFound, null, 'alice').reason).toBe('unknown');
  });

  it('words the users on both sides of a scoping mismatch', () => {
    const explanation = explainBrokenLink(notFound, entry('r', { on_behalf_of: 'alice' }), '');
    expect(explanation.title).toContain('another user');
    expect(explanation.detail).toContain('user "alice"');
    expect(explanation.detail).toContain('no X-On-Behalf-Of user');
  });

  it('reports other statuses as errors with the gateway message', () => {
    const explanation = explainBrokenLink({ status: 502, message: 'upstream down', code: null }, entry('r', { deleted: true }), null);
    expect(explanation.reason).toBe('error');
    expect(explanation.detail).toContain('answered 502: upstream down');
    expect(explainBrokenLink({ status: 0, message: null, code: null }, null, null).detail).toContain('could not be reached');
  });
});
