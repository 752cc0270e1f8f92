// Refused decisions (wrong approver, wrong level, already decided → 409 with the current state;
// another tenant → 404), idempotent replay, batch approve, concurrent decisions, inbox paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsStepUpForCost } from '../../src/domain/step-up.ts';
import { build } from './helper.ts';
import { firewallPayload, ids } from './approvals-helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
});
afterAll(async () => {
  await app.close();
});

async function pending(account: string, query = '') {
  const c = await app.as(account);
  const res = await c.req({ method: 'GET', url: `/api/v1/approvals?scope=mine&status=pending&__limit=1000${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; data: any[] };
}
async function post(account: string, url: string, payload: object = {}, headers: Record<string, string> = {}, lang?: string) {
  return (await app.as(account)).req({ method: 'POST', url, payload, headers, ...(lang ? { lang } : {}) });
}
async function newRequest(account: string, project?: string, n = 1) {
  const res = await (
    await app.as(account)
  ).req({ method: 'POST', url: '/api/v1/approvals', ...(project ? { project } : {}), payload: { type: 'firewall_policy', payload: firewallPayload(n) } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const supplyOf = async () => (await app.as('tenant_admin')).territories[0]!.projects.find((p) => p.project_name === 'supply-chain')!.project_id;

describe('the inbox', () => {
  it('gives approver at least ten pending requests of every type, some at the second level, oldest first', async () => {
    const inbox = await pending('approver');
    const byType = new Map<string, number>();
    for (const r of inbox.data) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
    for (const type of ['resource_purchase', 'resource_expansion', 'firewall_policy', 'snat_rule', 'dnat_rule', 'quota_change'])
      expect(byType.get(type)).toBeGreaterThanOrEqual(10);
    expect(inbox.data.some((r) => r.current_level === 2)).toBe(true);
    expect(inbox.data.every((r) => r.can_decide && r.tenant_name === '华东制造集团')).toBe(true);
    const created = inbox.data.map((r) => new Date(r.created_at).getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const card = inbox.data.find((r) => r.type === 'resource_purchase');
    expect(card).toMatchObject({ requester: { account: expect.any(String), nickname: expect.any(String) }, project_name: expect.any(String) });
    expect(card.estimated_cost_fen).toBeGreaterThan(0);
    expect(card.waiting_seconds).toBeGreaterThan(0);
  });

  it('has a decided history, and the finance tenant its own requests', async () => {
    const decided = (await (await app.as('approver')).req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=decided' })).json();
    expect(decided.count).toBeGreaterThanOrEqual(10);
    // fin_admin submitted most: fin_approver decides them, and they are not in fin_admin's inbox.
    const fin = await pending('fin_approver');
    expect(fin.count).toBeGreaterThanOrEqual(10);
    expect(fin.data.every((r) => r.tenant_name === '鑫泰金融控股' && ['fin_admin', 'fin_owner'].includes(r.requester.account) && r.can_decide)).toBe(true);
    const finAdminInbox = await pending('fin_admin');
    expect(finAdminInbox.data.filter((r) => r.requester.account === 'fin_admin')).toEqual([]);
    // The project owner's requests are fin_admin's to decide, with a decided history (the approver's journey in Traditional).
    expect(finAdminInbox.data.filter((r) => r.requester.account === 'fin_owner' && r.can_decide).length).toBeGreaterThanOrEqual(3);
    const finDecided = (await (await app.as('fin_admin')).req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=decided' })).json();
    expect(finDecided.data.map((r: any) => r.status).sort()).toEqual(['approved', 'expansion_rejected']);
  });

  it('pages with __cursor without repeats', async () => {
    const c = await app.as('approver');
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await c.req({ method: 'GET', url: `/api/v1/approvals?scope=mine&status=pending&__limit=25&__cursor=${cursor}` });
      const page = res.json();
      seen.push(...page.data.map((r: any) => r.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await pending('approver')).count);
  });

  it('answers global scope to tenant admins only', async () => {
    expect((await (await app.as('approver')).req({ method: 'GET', url: '/api/v1/approvals?scope=global' })).statusCode).toBe(403);
    const all = (await (await app.as('tenant_admin')).req({ method: 'GET', url: '/api/v1/approvals?scope=global&__limit=1' })).json();
    expect(all.count).toBeGreaterThan(80);
    const types = (
      await (await app.as('tenant_admin')).req({ method: 'GET', url: '/api/v1/approvals?scope=global&status=pending&type=quota_change&__limit=100' })
    ).json();
    expect(types.data.every((r: any) => r.type === 'quota_change' && r.tenant_id === P.hd)).toBe(true);
  });
});

describe('refused decisions', () => {
  it('answers 409 with the current state to someone who is not an approver', async () => {
    const req = await newRequest('member', undefined, 1);
    const res = await post('member', `/api/v1/approvals/${req.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ title: '错误', code: 'approval_not_current_approver', current: { id: req.id, status: 'pending', current_level: 1 } });
    expect(
      res
        .json()
        .current.current_approvers.map((u: any) => u.account)
        .sort(),
    ).toEqual(['approver', 'tenant_admin']);
  });

  it('refuses a first-level approver at the second level (wrong level)', async () => {
    const req = await newRequest('member', undefined, 2);
    expect((await post('tenant_admin', `/api/v1/approvals/${req.id}/approve`)).json().status).toBe('approving');
    const res = await post('tenant_admin', `/api/v1/approvals/${req.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'approval_not_current_approver', current: { status: 'approving', current_level: 2 } });
    // An approver who saw level 1 offline does not approve level 2 by accident.
    const stale = await post('approver', `/api/v1/approvals/${req.id}/approve`, { level: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('approval_level_changed');
  });

  it('answers 409 with who decided and when once a request is decided', async () => {
    const req = await newRequest('tenant_admin', await supplyOf(), 3);
    expect((await post('approver', `/api/v1/approvals/${req.id}/reject`, { reason: '端口过多' })).statusCode).toBe(200);
    const again = await post('approver', `/api/v1/approvals/${req.id}/approve`, {}, {}, 'zh-TW');
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body).toMatchObject({
      title: '錯誤',
      code: 'approval_already_decided',
      current: { status: 'rejected', decided_by: { account: 'approver' }, reject_reason: '端口过多' },
    });
    expect(body.description).toMatch(/^此簽核已由 審批人 張偉|^此簽核已由 审批人 张伟/);
    expect(body.description).toContain('已駁回');
    expect(body.current.decided_at).toBeTruthy();
  });

  it("answers 404 for another tenant's request, to read or to decide", async () => {
    const mine = (await pending('approver')).data[0];
    expect((await (await app.as('fin_admin')).req({ method: 'GET', url: `/api/v1/approvals/${mine.id}` })).statusCode).toBe(404);
    expect((await post('fin_admin', `/api/v1/approvals/${mine.id}/approve`)).statusCode).toBe(404);
    const theirs = (await pending('fin_approver')).data[0];
    expect((await (await app.as('approver')).req({ method: 'GET', url: `/api/v1/approvals/${theirs.id}` })).statusCode).toBe(404);
    expect((await post('approver', `/api/v1/approvals/${theirs.id}/reject`, { reason: 'x' })).statusCode).toBe(404);
    expect((await (await app.as('approver')).req({ method: 'GET', url: '/api/v1/approvals/not-an-id' })).statusCode).toBe(404);
  });

  it('requires a reason of at most 1000 characters to reject', async () => {
    const req = await newRequest('member', undefined, 4);
    const none = await post('approver', `/api/v1/approvals/${req.id}/reject`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'reason', rule: 'required' });
    const long = await post('approver', `/api/v1/approvals/${req.id}/reject`, { reason: '长'.repeat(1001) });
    expect(long.json()).toMatchObject({ field: 'reason', rule: 'too_big' });
    expect((await post('approver', `/api/v1/approvals/${req.id}/reject`, { reason: '长'.repeat(1000) })).statusCode).toBe(200);
  });
});

describe('exactly once', () => {
  it('replays the same decision with the same Idempotency-Key and applies it once', async () => {
    const req = await newRequest('tenant_admin', await supplyOf(), 5);
    const headers = { 'idempotency-key': `approve-${req.id}` };
    const first = await post('approver', `/api/v1/approvals/${req.id}/approve`, { level: 1 }, headers);
    expect(first.statusCode).toBe(200);
    const replay = await post('approver', `/api/v1/approvals/${req.id}/approve`, { level: 1 }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    const actions = await app.ctx.db
      .selectFrom('approval_actions')
      .select('action')
      .where('request_id', '=', req.id)
      .where('action', '=', 'approved')
      .execute();
    expect(actions).toHaveLength(1);
    const different = await post('approver', `/api/v1/approvals/${req.id}/approve`, { comment: '改了' }, headers);
    expect(different.statusCode).toBe(422);
    const fresh = await post('approver', `/api/v1/approvals/${req.id}/approve`, {}, { 'idempotency-key': `again-${req.id}` });
    expect(fresh.statusCode).toBe(409);
    // A conflict is an answer too: its replay is the same 409.
    const conflictReplay = await post('approver', `/api/v1/approvals/${req.id}/approve`, {}, { 'idempotency-key': `again-${req.id}` });
    expect(conflictReplay.statusCode).toBe(409);
    expect(conflictReplay.body).toBe(fresh.body);
  });

  it('lets exactly one of two concurrent decisions win', async () => {
    const req = await newRequest('tenant_admin', await supplyOf(), 6);
    const [a, b] = await Promise.all([
      post('approver', `/api/v1/approvals/${req.id}/approve`),
      post('approver', `/api/v1/approvals/${req.id}/reject`, { reason: '并发' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decisions = await app.ctx.db
      .selectFrom('approval_actions')
      .select('action')
      .where('request_id', '=', req.id)
      .where('action', 'in', ['approved', 'rejected'])
      .execute();
    expect(decisions).toHaveLength(1);
  });
});

describe('batch approve', () => {
  it('answers a result per id', async () => {
    const supply = await supplyOf();
    const a = await newRequest('tenant_admin', supply, 7);
    const b = await newRequest('tenant_admin', supply, 8);
    const decided = await newRequest('tenant_admin', supply, 9);
    await post('approver', `/api/v1/approvals/${decided.id}/approve`);
    // Another tenant's costliest request: refused as 404 on its own, and it asks for no step-up (its cost tells nothing).
    const costly = (await pending('fin_approver')).data.sort((x, y) => y.estimated_cost_fen - x.estimated_cost_fen)[0];
    expect(needsStepUpForCost(costly.estimated_cost_fen)).toBe(true);
    const foreign = costly.id;
    const res = await post('approver', '/api/v1/approvals/batch-approve', { ids: [a.id, b.id, decided.id, foreign] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, succeeded: 2, failed: 2 });
    expect(body.results[0]).toMatchObject({ id: a.id, ok: true, status: 'approved' });
    expect(body.results[2]).toMatchObject({ id: decided.id, ok: false, status_code: 409, code: 'approval_already_decided', current: { status: 'approved' } });
    expect(body.results[3]).toMatchObject({ id: foreign, ok: false, status_code: 404 });
    const bad = await post('approver', '/api/v1/approvals/batch-approve', { ids: [] });
    expect(bad.statusCode).toBe(400);
  });
});
