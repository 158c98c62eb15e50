// The proxy's recorders and the jobs poller read a response object by the one lenient shape, not field by field.
import { describe, expect, it } from 'vitest';
import { isBackgroundResponse, readResponseInfo, type ResponseInfo } from '@/lib/gateway/recorders';
import { readResponseObject } from '@/lib/jobs/gateway-reply';

describe('readResponseInfo (what the proxy records of a response it relays)', () => {
  it('reads id, status, model, parent, conversation (object or bare id), background and store', () => {
    const response = { id: 'resp_2', status: 'queued', model: 'm', previous_response_id: 'resp_1', conversation: { id: 'conv_1' }, background: true, store: false };
    expect(readResponseInfo(response)).toEqual({ id: 'resp_2', status: 'queued', model: 'm', previousResponseId: 'resp_1', conversationId: 'conv_1', background: true, stored: false });
    expect(readResponseInfo({ id: 'gw:3', conversation: 'conv_2' })).toMatchObject({ id: 'gw:3', conversationId: 'conv_2', status: null, background: null, stored: null });
  });

  it('keeps the id when another gateway sends a field of an odd type, and is null without an id', () => {
    expect(readResponseInfo({ id: 'resp_4', status: 7, model: ['m'], conversation: 5, background: 'true', store: 'no' })).toEqual({
      id: 'resp_4', status: null, model: null, previousResponseId: null, conversationId: null, background: null, stored: null,
    });
    for (const value of [null, 'resp_5', [], { status: 'completed' }, { id: 5 }]) expect(readResponseInfo(value)).toBeNull();
    // The output and the rest are not what is recorded: whatever they hold, the fields above are read.
    expect(readResponseInfo({ id: 'resp_6', status: 'completed', output: 'not a list', usage: 5, error: [] })).toMatchObject({ id: 'resp_6', status: 'completed' });
  });
});

describe('isBackgroundResponse (whether the proxy records a job for a created response)', () => {
  const info = (fields: Partial<ResponseInfo>): ResponseInfo => ({ id: 'r', status: 'queued', model: null, previousResponseId: null, conversationId: null, background: null, stored: null, ...fields });

  it('takes the echo when the gateway sends one, else the request while the response is queued or in progress', () => {
    expect(isBackgroundResponse(info({ background: true }), {})).toBe(true);
    expect(isBackgroundResponse(info({ background: false }), { background: true })).toBe(false);
    expect(isBackgroundResponse(info({ status: 'queued' }), { background: true })).toBe(true);
    expect(isBackgroundResponse(info({ status: 'in_progress' }), { background: true })).toBe(true);
    // A gateway that ignored background answers once the response has ended.
    expect(isBackgroundResponse(info({ status: 'completed' }), { background: true })).toBe(false);
    expect(isBackgroundResponse(info({ status: 'queued' }), {})).toBe(false);
  });
});

describe('readResponseObject (what the jobs poller reads of a retrieve or cancel reply)', () => {
  it('reads the status and model; a reply without a string status or id is not a response object', () => {
    expect(readResponseObject({ id: 'resp_1', status: 'completed', model: 'm' })).toEqual({ status: 'completed', model: 'm' });
    expect(readResponseObject({ id: 'resp_1', status: 'in_progress', model: 3 })).toEqual({ status: 'in_progress', model: null });
    for (const body of [null, 'text', { id: 'resp_1' }, { id: 'resp_1', status: 1 }, { status: 'completed' }]) expect(readResponseObject(body)).toBeNull();
  });
});
