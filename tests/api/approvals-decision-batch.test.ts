// Queued decisions replayed in one request (issue 10, the offline outbox): each item runs as if
// sent alone — its own Idempotency-Key (exactly once under retry, 422 for a reused key with another
// body), its own scope (another tenant's request answers 404 and the others still land) — in order;
// a bad batch is refused whole and changes nothing; the run stops at an answer meaning "not now".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from './helper.ts';
import { firewallPayload, ids } from './approvals-helper.ts';
import { idempotencyBodyHash } from '../../src/server/platform/http/idempotency.plugin.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
  // ids() also picks the placement the firewall payloads use.
  await ids(app);
});
afterAll(async () => {
  await app.close();
});

const supplyOf = async () => (await app.as('tenant_admin')).territories[0]!.projects.find((p) => p.project_name === 'supply-chain')!.project_id;
async function newRequest(project: string, n: number) {
  const res = await (
    await app.as('tenant_admin')
  ).req({ method: 'POST', url: '/api/v1/approvals', project, payload: { type: 'firewall_policy', payload: firewallPayload(n) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}
const decided = async (id: string) =>
  (await app.ctx.db.selectFrom('approval_actions').select('action').where('request_id', '=', id).where('action', 'in', ['approved', 'rejected']).execute()).map(
    (a) => a.action,
  );
const batch = async (requests: object[], account = 'approver', lang?: string) =>
  (await app.as(account)).req({ method: 'POST', url: '/api/v1/approvals/decision-batch', payload: { requests }, ...(lang ? { lang } : {}) });

describe('the decision batch', () => {
  it('lands each decision once, in order, and answers a retried batch from the stored answers', async () => {
    const project = await supplyOf();
    const [a, b, c] = [await newRequest(project, 31), await newRequest(project, 32), await newRequest(project, 33)];
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const items = [
      { url: `/api/v1/approvals/${a.id}/approve`, key: `b-${a.id}`, tenant_id: tenant, project_id: project, body: { level: 1 } },
      { url: `/api/v1/approvals/${b.id}/reject`, key: `b-${b.id}`, tenant_id: tenant, project_id: project, body: { reason: '端口范围过大' } },
      { url: `/api/v1/approvals/${c.id}/approve`, key: `b-${c.id}`, tenant_id: tenant, project_id: project, body: {} },
    ];
    const first = await batch(items);
    expect(first.statusCode).toBe(200);
    const results = first.json().results as { status: number; body: { id: string; status: string } }[];
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.id)).toEqual([a.id, b.id, c.id]);
    expect(await decided(a.id)).toEqual(['approved']);
    expect(await decided(b.id)).toEqual(['rejected']);
    // The answer was lost: the outbox sends the same batch again.
    const again = await batch(items);
    expect(again.json().results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200]);
    expect(JSON.stringify(again.json().results)).toBe(JSON.stringify(results));
    for (const x of [a, b, c]) expect(await decided(x.id)).toHaveLength(1);
    // A key used again with another body is refused for that item only.
    const reused = await batch([{ ...items[0], body: { comment: '改了' } }]);
    expect(reused.json().results[0].status).toBe(422);
  });

  it("answers 404 for another tenant's request and still lands the rest", async () => {
    const project = await supplyOf();
    const mine = await newRequest(project, 41);
    const theirs = await (
      await app.as('fin_admin')
    ).req({ method: 'POST', url: '/api/v1/approvals', payload: { type: 'firewall_policy', payload: firewallPayload(42) } });
    const res = await batch([
      { url: `/api/v1/approvals/${theirs.json().id ?? '0'.repeat(32)}/approve`, key: `x-${mine.id}-1`, body: {} },
      { url: `/api/v1/approvals/${mine.id}/approve`, key: `x-${mine.id}-2`, project_id: project, body: {} },
    ]);
    expect(res.json().results.map((r: { status: number }) => r.status)).toEqual([404, 200]);
    expect(await decided(mine.id)).toEqual(['approved']);
  });

  it('refuses a bad batch whole, in the caller language, and changes nothing', async () => {
    const project = await supplyOf();
    const r = await newRequest(project, 51);
    const before = await decided(r.id);
    const wrongUrl = await batch([{ url: `/api/v1/approvals/${r.id}/approve/../../processes`, key: 'k1', body: {} }], 'approver', 'zh-TW');
    expect(wrongUrl.statusCode).toBe(400);
    expect(wrongUrl.json().title).toBeTruthy();
    expect(wrongUrl.json().description).toBeTruthy();
    const tooMany = await batch(Array.from({ length: 101 }, (_, i) => ({ url: `/api/v1/approvals/${r.id}/approve`, key: `k-${i}`, body: {} })));
    expect(tooMany.statusCode).toBe(400);
    const badKey = await batch([{ url: `/api/v1/approvals/${r.id}/approve`, key: 'bad key!', body: {} }]);
    expect(badKey.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/approvals/decision-batch', payload: { requests: [] } });
    expect(anonymous.statusCode).toBe(401);
    expect(await decided(r.id)).toEqual(before);
  });
  it('answers each item briefly (Prefer: return=minimal), a lone decision in full unless it asks the same', async () => {
    const project = await supplyOf();
    const [a, b, c] = [await newRequest(project, 41), await newRequest(project, 42), await newRequest(project, 43)];
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const res = await batch([{ url: `/api/v1/approvals/${a.id}/approve`, key: `m-${a.id}`, tenant_id: tenant, project_id: project, body: {} }]);
    // The outbox keeps a success's status only: no history, levels or names built per item.
    expect(res.json().results[0]).toEqual({ status: 200, body: { id: a.id, status: 'approved', current_level: 1 } });
    const approver = await app.as('approver');
    const full = await approver.req({ method: 'POST', url: `/api/v1/approvals/${b.id}/approve`, tenant, project, payload: {} });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ id: b.id, status: 'approved' });
    expect(full.json().history).toBeDefined();
    expect(full.headers['preference-applied']).toBeUndefined();
    const brief = await approver.req({
      method: 'POST',
      url: `/api/v1/approvals/${c.id}/reject`,
      tenant,
      project,
      headers: { prefer: 'return=minimal' },
      payload: { reason: '理由充分但预算不足' },
    });
    expect(brief.json()).toEqual({ id: c.id, status: 'rejected', current_level: 1 });
    expect(brief.headers['preference-applied']).toBe('return=minimal');
    // A conflict still answers with the server's state.
    const late = await batch([{ url: `/api/v1/approvals/${c.id}/approve`, key: `m2-${c.id}`, tenant_id: tenant, project_id: project, body: {} }]);
    expect(late.json().results[0].status).toBe(409);
    expect(late.json().results[0].body.current).toMatchObject({ status: 'rejected' });
  });
});

// ADR 0032: consecutive fresh decisions are decided in one transaction, a savepoint per item.
describe('the decision batch in one transaction', () => {
  const lines = (id: string) =>
    app.ctx.db
      .selectFrom('operation_logs')
      .select([
        'action',
        'route',
        'method',
        'resource_type',
        'resource_id',
        'resource_name',
        'tenant_id',
        'project_id',
        'status_code',
        'success',
        'error_title',
      ])
      .where('resource_id', '=', id)
      .where('action', 'in', ['approval_approve', 'approval_reject'])
      .execute();

  it('applies the other items when one conflicts, reports the conflict, and replays both from their keys', async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const [a, b, c] = [await newRequest(project, 61), await newRequest(project, 62), await newRequest(project, 63)];
    // Decided by someone else while the approver was offline.
    const meanwhile = await (
      await app.as('approver')
    ).req({ method: 'POST', url: `/api/v1/approvals/${b.id}/reject`, tenant, project, payload: { reason: '已由他人处理' } });
    expect(meanwhile.statusCode).toBe(200);
    const items = [a, b, c].map((x) => ({ url: `/api/v1/approvals/${x.id}/approve`, key: `t-${x.id}`, tenant_id: tenant, project_id: project, body: {} }));
    const res = await batch(items);
    const results = res.json().results as { status: number; body: { id?: string; status?: string; current?: { status: string }; title?: string } }[];
    expect(results.map((r) => r.status)).toEqual([200, 409, 200]);
    expect(results[1]!.body.current).toMatchObject({ status: 'rejected' });
    expect(results[1]!.body.title).toBeTruthy();
    expect(await decided(a.id)).toEqual(['approved']);
    expect(await decided(b.id)).toEqual(['rejected']);
    expect(await decided(c.id)).toEqual(['approved']);
    // The conflict's answer is stored under its key like any other: the retry answers the same.
    const again = await batch(items);
    expect(JSON.stringify(again.json().results)).toBe(JSON.stringify(results));
    for (const x of [a, b, c]) expect(await decided(x.id)).toHaveLength(1);
    // One operation-log line per item, the refused one as a failure; none for the replay.
    expect(await lines(a.id)).toMatchObject([{ action: 'approval_approve', status_code: 200, success: true, resource_type: 'approval' }]);
    const bLines = await lines(b.id);
    expect(bLines.map((l) => [l.action, l.status_code, l.success])).toEqual(
      expect.arrayContaining([
        ['approval_reject', 200, true],
        ['approval_approve', 409, false],
      ]),
    );
    expect(bLines).toHaveLength(2);
  });

  it("names the decided request in the caller's language in the operation log", async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const r = await newRequest(project, 73);
    const res = await batch(
      [{ url: `/api/v1/approvals/${r.id}/reject`, key: `tw-${r.id}`, tenant_id: tenant, project_id: project, body: { reason: '範圍過大' } }],
      'approver',
      'zh-TW',
    );
    expect(res.json().results[0].status).toBe(200);
    expect((await lines(r.id))[0]).toMatchObject({ action: 'approval_reject', resource_name: '防火牆策略 10.1.73.0/24 → 10.2.73.5:443,8443/TCP' });
  });

  it('writes the same operation-log line and idempotency row as the decision sent alone', async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const [alone, batched] = [await newRequest(project, 71), await newRequest(project, 72)];
    const approver = await app.as('approver');
    const one = await approver.req({
      method: 'POST',
      url: `/api/v1/approvals/${alone.id}/approve`,
      tenant,
      project,
      headers: { 'idempotency-key': `alone-${alone.id}`, prefer: 'return=minimal' },
      payload: { comment: '同意' },
    });
    expect(one.statusCode).toBe(200);
    const res = await batch([
      { url: `/api/v1/approvals/${batched.id}/approve`, key: `batched-${batched.id}`, tenant_id: tenant, project_id: project, body: { comment: '同意' } },
    ]);
    expect(res.json().results[0]).toEqual({ status: 200, body: { id: batched.id, status: 'approved', current_level: 1 } });
    const strip = (l: Record<string, unknown>) => ({ ...l, resource_id: null, resource_name: null });
    const [lineAlone, lineBatched] = [(await lines(alone.id))[0]!, (await lines(batched.id))[0]!];
    expect(strip(lineBatched)).toEqual(strip(lineAlone));
    // Both name the request in words (the message centre's sentence), not by its stored title.
    expect(lineAlone.resource_name).toBe('防火墙策略 10.1.71.0/24 → 10.2.71.5:443,8443/TCP');
    expect(lineBatched.resource_name).toBe('防火墙策略 10.1.72.0/24 → 10.2.72.5:443,8443/TCP');
    const key = (k: string) =>
      app.ctx.db
        .selectFrom('idempotency_keys')
        .select(['state', 'method', 'path', 'response_status', 'response_type'])
        .where('key', '=', k)
        .executeTakeFirstOrThrow();
    const [keyAlone, keyBatched] = [await key(`alone-${alone.id}`), await key(`batched-${batched.id}`)];
    expect({ ...keyBatched, path: null }).toEqual({ ...keyAlone, path: null });
    // The key stored by the batch is the pipeline's: the same key with another body is refused alone too.
    const reused = await approver.req({
      method: 'POST',
      url: `/api/v1/approvals/${batched.id}/approve`,
      tenant,
      project,
      headers: { 'idempotency-key': `batched-${batched.id}` },
      payload: { comment: '改了' },
    });
    expect(reused.statusCode).toBe(422);
    const replayed = await approver.req({
      method: 'POST',
      url: `/api/v1/approvals/${batched.id}/approve`,
      tenant,
      project,
      headers: { 'idempotency-key': `batched-${batched.id}` },
      payload: { comment: '同意' },
    });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ id: batched.id, status: 'approved', current_level: 1 });
  });

  it('decides a request named twice once, and the second item answers the conflict', async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const r = await newRequest(project, 81);
    const res = await batch([
      { url: `/api/v1/approvals/${r.id}/approve`, key: `d1-${r.id}`, tenant_id: tenant, project_id: project, body: {} },
      { url: `/api/v1/approvals/${r.id}/reject`, key: `d2-${r.id}`, tenant_id: tenant, project_id: project, body: { reason: '重复提交的决定' } },
    ]);
    expect(res.json().results.map((x: { status: number }) => x.status)).toEqual([200, 409]);
    expect(await decided(r.id)).toEqual(['approved']);
  });

  it('runs every item in this process, a refused one answering what it answers alone', async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const [a, b] = [await newRequest(project, 91), await newRequest(project, 92)];
    const foreign = (await app.as('fin_admin')).territories[0]!.projects[0]!.project_id;
    const items = [
      // No reason: the body's 400. Another tenant's project: the scope's refusal.
      { url: `/api/v1/approvals/${a.id}/reject`, key: `p1-${a.id}`, tenant_id: tenant, project_id: project, body: {} },
      { url: `/api/v1/approvals/${a.id}/approve`, key: `p2-${a.id}`, tenant_id: tenant, project_id: foreign, body: {} },
      // A field the decision does not read, and a key sent twice: decided once, then replayed.
      { url: `/api/v1/approvals/${b.id}/approve`, key: `p3-${b.id}`, tenant_id: tenant, project_id: project, body: { comment: '同意', note: 1 } },
      { url: `/api/v1/approvals/${b.id}/approve`, key: `p3-${b.id}`, tenant_id: tenant, project_id: project, body: { comment: '同意', note: 1 } },
    ];
    const inject = vi.spyOn(app, 'inject');
    const res = await batch(items);
    // The batch itself, and no item sent through the pipeline again.
    expect(inject).toHaveBeenCalledTimes(1);
    inject.mockRestore();
    const results = res.json().results as { status: number; body: unknown }[];
    expect(results.map((r) => r.status)).toEqual([400, 404, 200, 200]);
    expect(results[3]).toEqual(results[2]);
    expect(await decided(a.id)).toEqual([]);
    expect(await decided(b.id)).toEqual(['approved']);
    const approver = await app.as('approver');
    for (const [k, item] of items.slice(0, 2).entries()) {
      const alone = await approver.req({
        method: 'POST',
        url: item.url,
        tenant: item.tenant_id,
        project: item.project_id,
        headers: { 'idempotency-key': `alone-${item.key}`, prefer: 'return=minimal' },
        payload: item.body,
      });
      expect({ status: alone.statusCode, body: alone.json() as unknown }).toEqual(results[k]);
    }
  });

  it("takes over a key whose process died: an in-flight one is decided, an applied one answers the request's state", async () => {
    const project = await supplyOf();
    const tenant = (await app.as('approver')).territories[0]!.tenant_id;
    const [a, b, c] = [await newRequest(project, 95), await newRequest(project, 96), await newRequest(project, 97)];
    const item = (x: { id: string }) => ({ url: `/api/v1/approvals/${x.id}/approve`, key: `dead-${x.id}`, tenant_id: tenant, project_id: project, body: {} });
    const uid = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'approver').executeTakeFirstOrThrow()).id;
    const held = (x: { id: string }, state: string, leaseMs: number) =>
      app.ctx.db
        .insertInto('idempotency_keys')
        .values({
          user_id: `u:${uid}`,
          key: item(x).key,
          method: 'POST',
          path: item(x).url,
          body_hash: idempotencyBodyHash('POST', item(x).url, {}),
          state,
          response_status: null,
          response_body: null,
          response_type: null,
          created_at: new Date(),
          lease_until: new Date(Date.now() + leaseMs),
        })
        .execute();
    // a: its process died before deciding; b: after its decision committed; c: still held by a live one.
    await held(a, 'in_flight', -60_000);
    const lone = await (await app.as('approver')).req({ method: 'POST', url: item(b).url, tenant, project, payload: {} });
    expect(lone.statusCode).toBe(200);
    await held(b, 'applied', -60_000);
    await held(c, 'in_flight', 600_000);
    const res = await batch([item(a), item(b), item(c)]);
    const results = res.json().results as { status: number; body: Record<string, unknown>; in_flight?: boolean }[];
    expect(results.map((r) => r.status)).toEqual([200, 200, 409]);
    expect(results[0]!.body).toEqual({ id: a.id, status: 'approved', current_level: 1 });
    expect(results[1]!.body).toMatchObject({ id: b.id, status: 'approved' });
    expect(results[1]!.body.history).toBeDefined();
    expect(results[2]!.in_flight).toBe(true);
    expect([await decided(a.id), await decided(b.id), await decided(c.id)]).toEqual([['approved'], ['approved'], []]);
    const states = await app.ctx.db
      .selectFrom('idempotency_keys')
      .select(['key', 'state', 'response_status'])
      .where('key', 'in', [item(a).key, item(b).key])
      .orderBy('key')
      .execute();
    expect(states.map((k) => [k.state, k.response_status])).toEqual([
      ['done', 200],
      ['done', 200],
    ]);
  });
});
