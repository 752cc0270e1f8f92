import { describe, expect, it } from 'vitest';
import {
  entryHeaders,
  keepScopeHeaders,
  networkFailureOutcome,
  isHeld,
  newEntry,
  newIdempotencyKey,
  nextRelease,
  outcomeOf,
  replayOrder,
  retryPatch,
  type OutboxEntry,
} from '../../src/web/offline/outbox-rules.ts';

const base = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  ...newEntry({ method: 'POST', url: '/api/v1/approvals/a/approve', label: 'approve', body: {} }, 1000, 'k'.repeat(32)),
  ...over,
});

describe('outbox entries', () => {
  it('gets a 32-hex idempotency key', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('keeps only the scope headers', () => {
    expect(keepScopeHeaders({ 'X-Tenant-Id': 't', 'X-Project-Id': 'p', 'X-Auth-Token': 'secret', 'Accept-Language': 'zh-CN' })).toEqual({
      'X-Tenant-Id': 't',
      'X-Project-Id': 'p',
    });
  });

  it('starts pending with no attempts', () => {
    const e = base();
    expect(e).toMatchObject({ state: 'pending', attempts: 0, lastError: null, serverState: null, createdAt: 1000 });
  });

  it('puts the key on the wire', () => {
    expect(entryHeaders(base({ headers: { 'X-Tenant-Id': 't' } }))).toEqual({
      'X-Tenant-Id': 't',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k'.repeat(32),
    });
  });
});

describe('replay order', () => {
  it('sends pending entries only, oldest first, ties by id', () => {
    const entries = [
      base({ id: 3, createdAt: 20 }),
      base({ id: 1, createdAt: 30 }),
      base({ id: 2, createdAt: 20 }),
      base({ id: 4, createdAt: 5, state: 'sent' }),
      base({ id: 5, createdAt: 6, state: 'conflict' }),
      base({ id: 6, createdAt: 7, state: 'failed' }),
    ];
    expect(replayOrder(entries).map((e) => e.id)).toEqual([2, 3, 1]);
  });

  it('leaves another user’s entries waiting', () => {
    const entries = [base({ id: 1, owner: 'alice' }), base({ id: 2, owner: 'bob' }), base({ id: 3 })];
    expect(replayOrder(entries, 'alice').map((e) => e.id)).toEqual([1, 3]);
    expect(replayOrder(entries).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('holds an entry until its notBefore (the undo window), and later entries of the same ref behind it', () => {
    const entries = [
      base({ id: 1, createdAt: 10, ref: 'approval:a', notBefore: 5000 }),
      base({ id: 2, createdAt: 11, ref: 'approval:b' }),
      base({ id: 3, createdAt: 12, ref: 'approval:a' }),
      base({ id: 4, createdAt: 13, ref: 'approval:c', notBefore: 3000 }),
    ];
    expect(replayOrder(entries, null, 2000).map((e) => e.id)).toEqual([2]);
    expect(replayOrder(entries, null, 3000).map((e) => e.id)).toEqual([2, 4]);
    expect(replayOrder(entries, null, 5000).map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(nextRelease(entries, 2000)).toBe(3000);
    expect(nextRelease(entries, 3000)).toBe(5000);
    expect(nextRelease(entries, 5000)).toBeNull();
    expect(nextRelease([base({ state: 'sent', notBefore: 9000 })], 0)).toBeNull();
  });

  it('keeps the hold and a key made beforehand from the write', () => {
    const e = newEntry({ method: 'POST', url: '/x', label: 'l', notBefore: 4000, idempotencyKey: 'a'.repeat(32) }, 1000);
    expect(e).toMatchObject({ notBefore: 4000, idempotencyKey: 'a'.repeat(32) });
    expect(isHeld(e, 3999)).toBe(true);
    expect(isHeld(e, 4000)).toBe(false);
    expect(isHeld(base(), 0)).toBe(false);
  });
});

describe('state from the answer', () => {
  const e = base({ attempts: 1 });
  it.each([200, 201, 204])('%i → sent', (status) => {
    expect(outcomeOf(e, { status, body: null })).toEqual({ patch: { state: 'sent', attempts: 2, lastError: null }, stop: false });
  });
  it('409 → conflict keeping the server body', () => {
    const body = { title: '错误', description: '已被他人处理', status: 'approved', decided_by: 'li' };
    const out = outcomeOf(e, { status: 409, body });
    expect(out.patch).toMatchObject({ state: 'conflict', serverState: body, lastError: { status: 409, description: '已被他人处理' } });
    expect(out.stop).toBe(false);
  });
  it.each([400, 422])('%i → needs edit', (status) => {
    expect(outcomeOf(e, { status, body: { title: 't', description: 'd' } })).toMatchObject({ patch: { state: 'needs_edit' }, stop: false });
  });
  it.each([500, 502, 503])('%i → failed, attempts counted', (status) => {
    expect(outcomeOf(e, { status, body: null })).toMatchObject({ patch: { state: 'failed', attempts: 2 }, stop: false });
  });
  it.each([401, 428, 408, 429])('%i → stays pending and stops the run', (status) => {
    expect(outcomeOf(e, { status, body: null })).toMatchObject({ patch: { state: 'pending' }, stop: true });
  });
  it.each([403, 404])('%i → failed', (status) => {
    expect(outcomeOf(e, { status, body: null })).toMatchObject({ patch: { state: 'failed' }, stop: false });
  });
  it('a write still in flight under the key stays pending', () => {
    expect(outcomeOf(e, { status: 409, body: null, inFlight: true })).toMatchObject({ patch: { state: 'pending' }, stop: true });
  });
  it('network failure → stays pending and stops', () => {
    expect(networkFailureOutcome(e, 'Failed to fetch')).toMatchObject({ patch: { state: 'pending', attempts: 2, lastError: { status: 0 } }, stop: true });
  });
});

describe('retry', () => {
  const fresh = () => 'f'.repeat(32);
  it('keeps the key after a 5xx or a network failure', () => {
    expect(retryPatch(base({ state: 'failed', lastError: { status: 503, title: '', description: '' } }), 9, fresh).idempotencyKey).toBeUndefined();
    expect(retryPatch(base({ state: 'pending', lastError: { status: 0, title: '', description: '' } }), 9, fresh).idempotencyKey).toBeUndefined();
  });
  it('takes a fresh key where the server decided', () => {
    for (const over of [
      { state: 'conflict' as const },
      { state: 'needs_edit' as const },
      { state: 'failed' as const, lastError: { status: 403, title: '', description: '' } },
    ]) {
      expect(retryPatch(base(over), 9, fresh)).toMatchObject({ state: 'pending', idempotencyKey: fresh(), lastError: null, serverState: null });
    }
  });
});
