import { describe, expect, it } from 'vitest';
import { describeScope } from '@/lib/transcript/scope-hint';

describe('describeScope', () => {
  const notFound = { code: 'not_found', httpStatus: 404, param: 'response_id' };

  it('names the user a 404 was looked up as', () => {
    expect(describeScope(notFound, { 'X-On-Behalf-Of': 'user-42' })).toMatch(/^Looked up acting as user-42 \(X-On-Behalf-Of\)\. Stored responses are scoped/);
    expect(describeScope(notFound, {})).toMatch(/^Looked up acting as no user/);
  });

  it('also explains a previous_response_id that was not found; other errors get nothing', () => {
    expect(describeScope({ code: 'previous_response_not_found', httpStatus: 400, param: 'previous_response_id' }, { 'x-on-behalf-of': 'alice' })).toContain('acting as alice');
    expect(describeScope({ code: 'server_error', httpStatus: 500, param: null }, {})).toBeNull();
  });
});
