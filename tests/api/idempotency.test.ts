// Idempotency-Key on writes (ARCHITECTURE.md "API"): the offline outbox replays queued writes and
// relies on each landing exactly once. Exercised on POST /api/v1/persistent_fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

const URL = '/api/v1/persistent_fields';

async function save(account: string, key: string | undefined, fields: string[], route = 'ecsManage') {
  const c = await app.as(account);
  return c.req({ method: 'POST', url: URL, payload: { route, fields_item: JSON.stringify(fields) }, headers: key ? { 'idempotency-key': key } : {} });
}
const stored = async (account: string, route = 'ecsManage') =>
  (await (await app.as(account)).req({ method: 'GET', url: `/api/persistent_fields?route=${route}` })).json().fields_item;

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body, without running the write again', async () => {
    const first = await save('member', 'k-replay-1', ['name', 'status']);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Change the row behind the key's back: a replay must not write it again.
    await save('member', undefined, ['changed']);
    const again = await save('member', 'k-replay-1', ['name', 'status']);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await stored('member')).toBe(JSON.stringify(['changed']));
  });

  it('treats the same body with keys in another order as the same body', async () => {
    const c = await app.as('member');
    const a = await c.req({ method: 'POST', url: URL, payload: { route: 'vpc', fields_item: '["a"]' }, headers: { 'idempotency-key': 'k-order' } });
    const b = await c.req({ method: 'POST', url: URL, payload: { fields_item: '["a"]', route: 'vpc' }, headers: { 'idempotency-key': 'k-order' } });
    expect(a.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 422 for the same key with a different body', async () => {
    await save('member', 'k-mismatch', ['a']);
    const res = await save('member', 'k-mismatch', ['b']);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ title: '错误', description: '同一幂等键已用于内容不同的请求' });
    expect(await stored('member')).not.toBe(JSON.stringify(['b']));
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const first = await save('approver', 'k-flight', ['x']);
    expect(first.statusCode).toBe(200);
    // As if the first request had not answered yet.
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ state: 'in_flight', response_status: null, response_body: null })
      .where('key', '=', 'k-flight')
      .execute();
    const res = await save('approver', 'k-flight', ['x'], 'ecsManage');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ title: '错误', description: '相同的请求正在处理中，请稍后再试' });
    expect(res.headers['idempotency-in-flight']).toBe('true');
  });

  it('answers 409 for a truly concurrent duplicate (slow handler) and releases a key after a 500', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = await build({ seed: true });
    try {
      slow.post('/api/__test/slow', { config: { permission: 'self' } }, async () => {
        await gate;
        return { done: true };
      });
      let calls = 0;
      slow.post('/api/__test/flaky', { config: { permission: 'self' } }, async () => {
        if (++calls === 1) throw new Error('boom');
        return { calls };
      });
      const c = await slow.as('member');
      const headers = { 'idempotency-key': 'k-slow' };
      const pending = c.req({ method: 'POST', url: '/api/__test/slow', payload: { n: 1 }, headers });
      // Wait until the first request holds the key.
      for (let i = 0; i < 100; i++) {
        const row = await slow.ctx.db.selectFrom('idempotency_keys').select('state').where('key', '=', 'k-slow').executeTakeFirst();
        if (row) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const dup = await c.req({ method: 'POST', url: '/api/__test/slow', payload: { n: 1 }, headers });
      expect(dup.statusCode).toBe(409);
      release();
      const done = await pending;
      expect(done.statusCode).toBe(200);
      const replay = await c.req({ method: 'POST', url: '/api/__test/slow', payload: { n: 1 }, headers });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual({ done: true });

      // A 500 is not a decision: the key is released and the retry runs the handler again.
      const failed = await c.req({ method: 'POST', url: '/api/__test/flaky', payload: {}, headers: { 'idempotency-key': 'k-flaky' } });
      expect(failed.statusCode).toBe(500);
      const retried = await c.req({ method: 'POST', url: '/api/__test/flaky', payload: {}, headers: { 'idempotency-key': 'k-flaky' } });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ calls: 2 });
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      release();
      await slow.close();
    }
  });

  it("scopes keys per user: another user's same key is independent", async () => {
    const mine = await save('tenant_admin', 'k-shared', ['mine']);
    expect(mine.statusCode).toBe(200);
    const theirs = await save('approver', 'k-shared', ['theirs']);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored('approver')).toBe(JSON.stringify(['theirs']));
    expect(await stored('tenant_admin')).toBe(JSON.stringify(['mine']));
  });

  it('forgets a key after 24 hours', async () => {
    await save('oncall', 'k-old', ['v1']);
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('key', '=', 'k-old')
      .execute();
    const res = await save('oncall', 'k-old', ['v2']);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored('oncall')).toBe(JSON.stringify(['v2']));
    // Still remembered just under 24 hours.
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 23 * 3600_000) })
      .where('key', '=', 'k-old')
      .execute();
    expect((await save('oncall', 'k-old', ['v3'])).statusCode).toBe(422);
  });

  it('refuses malformed keys and replays a validation failure', async () => {
    const bad = await save('member', 'bad key with spaces', ['a']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('错误');
    // A validation failure is a decision: replayed as such.
    const c = await app.as('member');
    const v1 = await c.req({ method: 'POST', url: URL, payload: { route: 'x' }, headers: { 'idempotency-key': 'k-invalid' } });
    expect(v1.statusCode).toBe(400);
    const v2 = await c.req({ method: 'POST', url: URL, payload: { route: 'x' }, headers: { 'idempotency-key': 'k-invalid' } });
    expect(v2.statusCode).toBe(400);
    expect(v2.headers['idempotent-replayed']).toBe('true');
  });

  it('ignores the header on reads', async () => {
    const c = await app.as('member');
    const res = await c.req({ method: 'GET', url: '/api/vendors', headers: { 'idempotency-key': 'k-read' } });
    expect(res.statusCode).toBe(200);
    const row = await app.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'k-read').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
