// The request helper's answer to a step-up refusal (ADR 0029): a 403 marked x-step-up-required asks
// the registered handler for a proof and sends the same call once more with it (same body, same
// Idempotency-Key, X-Step-Up-Token added); a cancelled step-up ends the call as a silent 403; a
// second refusal is not retried again; callers may opt out; an unmarked 403 is an ordinary failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { del, post, RequestError, setStepUpHandler } from '../../src/web/lib/request.ts';

const refusal = () =>
  new Response(JSON.stringify({ title: '错误', description: '该操作需要先进行二次身份验证（通行密钥或密码）' }), {
    status: 403,
    headers: { 'content-type': 'application/json', 'x-step-up-required': '1' },
  });
const ok = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });

let calls: { url: string; init: RequestInit }[];
function stubFetch(...answers: (() => Response)[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return (answers.shift() ?? ok)();
    }),
  );
}
const header = (i: number, name: string) => (calls[i]!.init.headers as Record<string, string>)[name];

beforeEach(() => setStepUpHandler(null));
afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(null);
});

describe('step-up in the request helper', () => {
  it('asks for a proof and retries the same call once with it', async () => {
    stubFetch(refusal, ok);
    const handler = vi.fn(async () => 'proof-token');
    setStepUpHandler(handler);
    const answer = await post('instances/batch-delete', { ids: ['a'] }, { headers: { 'Idempotency-Key': 'k1' }, notice: false });
    expect(answer).toEqual({ ok: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(header(0, 'x-step-up-token')).toBeUndefined();
    expect(header(1, 'x-step-up-token')).toBe('proof-token');
    expect(header(1, 'Idempotency-Key')).toBe('k1');
    expect(calls[1]!.init.body).toBe(calls[0]!.init.body);
    expect(calls[1]!.url).toBe('/api/instances/batch-delete');
  });

  it('a cancelled step-up ends the call as refused, without a retry', async () => {
    stubFetch(refusal);
    setStepUpHandler(async () => null);
    const err = await del('v1/auth/aksk/x', undefined, { notice: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).status).toBe(403);
    expect(calls).toHaveLength(1);
  });

  it('a second refusal is not retried again, and a caller may opt out', async () => {
    stubFetch(refusal, refusal);
    const handler = vi.fn(async () => 'stale');
    setStepUpHandler(handler);
    await expect(del('v1/manage/projects/x', undefined, { notice: false })).rejects.toBeInstanceOf(RequestError);
    expect(calls).toHaveLength(2);
    stubFetch(refusal);
    await expect(del('v1/manage/projects/x', undefined, { notice: false, stepUp: false })).rejects.toBeInstanceOf(RequestError);
    expect(calls).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('an unmarked 403 is an ordinary failure', async () => {
    stubFetch(() => new Response(JSON.stringify({ title: '错误', description: '无权限' }), { status: 403 }));
    const handler = vi.fn(async () => 'proof');
    setStepUpHandler(handler);
    await expect(del('v1/cloud/policies/x', undefined, { notice: false })).rejects.toBeInstanceOf(RequestError);
    expect(handler).not.toHaveBeenCalled();
  });
});
