// Approval processes (tenant admins), delegation to a deputy, escalation of waiting requests,
// site messages and the in-process events that server-sent events will push.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from './helper.ts';
import { firewallPayload, ids, service } from './approvals-helper.ts';
import { APPROVAL_EVENTS } from '../../src/server/approvals/approval-events.ts';
import type { DomainEvent } from '../../src/domain/events.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
});
afterAll(async () => {
  await app.close();
});

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const process = (over: object = {}) => ({
  name: '华东制造 配额审批',
  project_id: null,
  request_types: ['quota_change'],
  levels: [
    { name: '一级', approvers: 'approver,tenant_admin', escalate_after_hours: 24 },
    { approvers: ['tenant_admin'], escalate_after_hours: 12.5 },
  ],
  ...over,
});

describe('approval processes', () => {
  it('lets tenant admins create, read, update and delete them', async () => {
    const admin = await app.as('tenant_admin');
    const created = await admin.req({ method: 'POST', url: '/api/v1/approval_process', payload: process() });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ tenant_id: P.hd, project_id: null, request_types: ['quota_change'], production: false, enabled: true });
    expect(p.levels[0]).toMatchObject({ level: 1, name: '一级', escalate_after_hours: 24 });
    expect(p.levels[0].approvers.map((u: any) => u.account)).toEqual(['approver', 'tenant_admin']);
    expect(p.levels[1].approvers.map((u: any) => u.account)).toEqual(['tenant_admin']);

    const list = (await admin.req({ method: 'GET', url: '/api/v1/approval_process?__limit=100' })).json();
    // the demo's five processes (three project ones, the invoice GOA process of ADR 0025, the service
    // catalogue's publishing process of issue 31) and this one
    expect(list.count).toBe(6);
    expect(list.data.find((x: any) => x.id === p.id).levels).toHaveLength(2);

    const updated = await admin.req({
      method: 'PUT',
      url: `/api/v1/approval_process/${p.id}`,
      payload: process({ name: '配额审批（调整）', levels: [{ approvers: 'approver' }] }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: '配额审批（调整）', levels: [{ level: 1, escalate_after_hours: null }] });

    const dup = await admin.req({ method: 'POST', url: '/api/v1/approval_process', payload: process() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().description).toContain('quota_change');

    expect((await admin.req({ method: 'DELETE', url: `/api/v1/approval_process/${p.id}` })).statusCode).toBe(204);
    expect((await admin.req({ method: 'GET', url: `/api/v1/approval_process/${p.id}` })).statusCode).toBe(404);
  });

  it('imports at most 8 approvers and refuses unknown accounts by name', async () => {
    const admin = await app.as('tenant_admin');
    const nine = await admin.req({
      method: 'POST',
      url: '/api/v1/approval_process',
      payload: process({ levels: [{ approvers: 'a1,a2,a3,a4,a5,a6,a7,a8,a9' }] }),
    });
    expect(nine.statusCode).toBe(400);
    expect(nine.json()).toMatchObject({ field: 'levels.0.approvers', rule: 'approvers_too_many' });
    expect(nine.json().description).toBe('levels.0.approvers：审批人最多导入 8 个账号，以逗号分隔');
    const unknown = await admin.req({
      method: 'POST',
      url: '/api/v1/approval_process',
      lang: 'zh-TW',
      payload: process({ levels: [{ approvers: 'approver, ghost, fin_admin' }] }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().description).toBe('以下帳號不存在或不屬於本租戶：ghost, fin_admin');
    const badHours = await admin.req({
      method: 'POST',
      url: '/api/v1/approval_process',
      payload: process({ levels: [{ approvers: 'approver', escalate_after_hours: 1.25 }] }),
    });
    expect(badHours.json()).toMatchObject({ field: 'levels.0.escalate_after_hours', rule: 'one_decimal' });
  });

  it('is closed to approvers and to other tenants', async () => {
    expect((await (await app.as('approver')).req({ method: 'GET', url: '/api/v1/approval_process' })).statusCode).toBe(403);
    const hdProcess = (await (await app.as('tenant_admin')).req({ method: 'GET', url: '/api/v1/approval_process' })).json().data[0];
    const fin = await app.as('fin_admin');
    expect((await fin.req({ method: 'GET', url: `/api/v1/approval_process/${hdProcess.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: '/api/v1/approval_process', tenant: P.hd })).statusCode).toBe(404);
  });
});

describe('delegation', () => {
  it("lets a deputy decide for the approver during the range, on the approver's behalf", async () => {
    const approver = await app.as('approver');
    const self = await approver.req({
      method: 'POST',
      url: '/api/v1/approval-delegations',
      payload: { delegate: 'approver', start_date: day(0), end_date: day(1) },
    });
    expect(self.statusCode).toBe(400);
    const outsider = await approver.req({
      method: 'POST',
      url: '/api/v1/approval-delegations',
      payload: { delegate: 'fin_admin', start_date: day(0), end_date: day(1) },
    });
    expect(outsider.statusCode).toBe(400);
    const backwards = await approver.req({
      method: 'POST',
      url: '/api/v1/approval-delegations',
      payload: { delegate: 'member', start_date: day(1), end_date: day(0) },
    });
    expect(backwards.json()).toMatchObject({ field: 'end_date', rule: 'end_before_start' });

    const before = (await (await app.as('member')).req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending' })).json();
    expect(before.count).toBe(0);
    const created = await approver.req({
      method: 'POST',
      url: '/api/v1/approval-delegations',
      payload: { delegate: 'member', start_date: day(0), end_date: day(2) },
    });
    expect(created.statusCode).toBe(201);
    const d = created.json();
    expect(d).toMatchObject({ delegator: { account: 'approver' }, delegate: { account: 'member' }, start_date: day(0), end_date: day(2), active: true });
    const overlap = await approver.req({
      method: 'POST',
      url: '/api/v1/approval-delegations',
      payload: { delegate: 'member', start_date: day(1), end_date: day(3) },
    });
    expect(overlap.statusCode).toBe(409);

    const member = await app.as('member');
    const inbox = (await member.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&__limit=1000' })).json();
    const approverInbox = (await approver.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&__limit=1000' })).json();
    // Everything the approver may decide except what the deputy asked for (nobody decides their own request).
    expect(inbox.count).toBe(approverInbox.data.filter((r: any) => r.requester.account !== 'member').length);
    expect(inbox.count).toBeGreaterThan(0);
    // A request outside the deputy's own project: visible and decidable through the delegation.
    const target = inbox.data.find((r: any) => r.project_name === 'supply-chain');
    const res = await member.req({ method: 'POST', url: `/api/v1/approvals/${target.id}/approve`, payload: {} });
    expect(res.statusCode).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ status: 'approved', decided_by: { account: 'member' }, decided_on_behalf_of: { account: 'approver' } });
    expect(done.history.at(-1)).toMatchObject({ action: 'approved', actor: { account: 'member' }, on_behalf_of: { account: 'approver' } });

    const listed = (await member.req({ method: 'GET', url: '/api/v1/approval-delegations?role=delegate' })).json();
    expect(listed.data.map((x: any) => x.id)).toContain(d.id);
    expect((await member.req({ method: 'DELETE', url: `/api/v1/approval-delegations/${d.id}` })).statusCode).toBe(404);
    expect((await approver.req({ method: 'DELETE', url: `/api/v1/approval-delegations/${d.id}` })).statusCode).toBe(204);
    const other = inbox.data.find((r: any) => r.project_name === 'supply-chain' && r.id !== target.id);
    expect((await member.req({ method: 'POST', url: `/api/v1/approvals/${other.id}/approve`, payload: {} })).statusCode).toBe(404);
    expect((await member.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending' })).json().count).toBe(0);
  });
});

describe('site messages and events', () => {
  it('tells each approver of the current level about a new request, and publishes an event', async () => {
    const approver = await app.as('approver');
    const admin = await app.as('tenant_admin');
    const count = async (c: typeof approver) => (await c.req({ method: 'GET', url: '/api/v1/site_messages/unread_count' })).json().count as number;
    const [a0, t0] = [await count(approver), await count(admin)];
    const events: DomainEvent[] = [];
    const off = app.ctx.events.subscribe((e) => {
      if (e.type === APPROVAL_EVENTS.created) events.push(e);
    });
    const req = (
      await (await app.as('member')).req({ method: 'POST', url: '/api/v1/approvals', payload: { type: 'firewall_policy', payload: firewallPayload(40) } })
    ).json();
    await vi.waitFor(() => expect(events).toHaveLength(1));
    off();
    expect(events[0]).toMatchObject({ id: req.id, tenant_id: P.hd, request_type: 'firewall_policy', status: 'pending', current_level: 1 });
    expect([await count(approver), await count(admin)]).toEqual([a0 + 1, t0 + 1]);

    const unread = (await approver.req({ method: 'GET', url: '/api/v1/site_messages?status=unread&__limit=5', lang: 'zh-TW' })).json();
    const msg = unread.data.find((m: any) => m.ref_id === req.id);
    expect(msg).toMatchObject({ category: 'approval', status: 'unread', link: `/selfApprovalDetail/${req.id}`, title: '新的簽核待處理' });
    expect(msg.content).toContain('防火牆策略');
    const read = await approver.req({ method: 'POST', url: `/api/v1/site_messages/${msg.id}/read` });
    expect(read.json()).toMatchObject({ id: msg.id, status: 'read', unread_count: a0 });
    expect((await admin.req({ method: 'POST', url: `/api/v1/site_messages/${msg.id}/read` })).statusCode).toBe(404);
    const paged = (await approver.req({ method: 'GET', url: '/api/v1/site_messages?__cursor=&__limit=3' })).json();
    expect(paged.data).toHaveLength(3);
    expect(paged.next_cursor).toBeTruthy();
    expect((await approver.req({ method: 'POST', url: '/api/v1/site_messages/read_all' })).json().count).toBeGreaterThan(0);
    expect(await count(approver)).toBe(0);
  });

  it('names the request in a sentence of the reader’s language, never its stored title (issue 28)', async () => {
    const approver = await app.as('approver');
    const req = (
      await (
        await app.as('member')
      ).req({
        method: 'POST',
        url: '/api/v1/approvals',
        payload: { type: 'quota_change', payload: { quota_key: 'instances', value: 20, reason: '新产线上线' } },
      })
    ).json();
    expect(req.title).toBe('instances → 20');
    // the message carries the sentence's values, so outside channels render it without the request
    const stored = await app.ctx.db.selectFrom('site_messages').select('params').where('ref_id', '=', req.id).executeTakeFirstOrThrow();
    expect(stored.params).toMatchObject({ summary_v: 1, type: 'quota_change', quota_key: 'instances', value: 20 });
    const mine = async (lang: 'zh-CN' | 'zh-TW') =>
      ((await approver.req({ method: 'GET', url: '/api/v1/site_messages?__limit=200', lang })).json().data as any[]).filter((m) => m.category === 'approval');
    const cn = (await mine('zh-CN')).find((m) => m.ref_id === req.id);
    expect(cn.content).toContain('配额 云主机数量 调整为 20');
    expect((await mine('zh-TW')).find((m) => m.ref_id === req.id).content).toContain('配額 雲端主機數量 調整為 20');
    const one = (await approver.req({ method: 'GET', url: `/api/v1/site_messages/${cn.id}`, lang: 'zh-TW' })).json();
    expect(one.content).toContain('配額 雲端主機數量 調整為 20');
    // demo messages written with only the stored title read as sentences too (from their request)
    const all = await mine('zh-CN');
    expect(all.some((m) => /云硬盘 erp-disk-\d+ 扩容至 \d+ GB/.test(m.content))).toBe(true);
    for (const m of all) expect(m.content).not.toMatch(/\w=\d|→ \d+[，。]|instances|vcpus|size/);
  });
});

describe('escalation', () => {
  it('moves a request that waited past its limit to the next level, then to the tenant admins', async () => {
    const svc = service(app);
    const req = (
      await (await app.as('member')).req({ method: 'POST', url: '/api/v1/approvals', payload: { type: 'firewall_policy', payload: firewallPayload(50) } })
    ).json();
    expect(req.escalate_after_hours).toBe(72);
    const t0 = new Date(req.level_entered_at).getTime();
    const levelOf = async () =>
      (await app.ctx.db.selectFrom('approval_requests').select('current_level').where('id', '=', req.id).executeTakeFirstOrThrow()).current_level;
    await svc.escalateOverdue(new Date(t0 + 71 * 3600_000));
    expect(await levelOf()).toBe(1);
    const escalated: DomainEvent[] = [];
    const off = app.ctx.events.subscribe((e) => {
      if (e.type === APPROVAL_EVENTS.escalated && e.id === req.id) escalated.push(e);
    });
    expect(await svc.escalateOverdue(new Date(t0 + 72 * 3600_000))).toBeGreaterThanOrEqual(1);
    const approver = await app.as('approver');
    let now = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${req.id}` })).json();
    expect(now).toMatchObject({ status: 'approving', current_level: 2, escalate_after_hours: 168 });
    expect(now.current_approvers.map((u: any) => u.account)).toEqual(['approver']);
    expect(now.history.at(-1)).toMatchObject({ action: 'escalated', level: 1, actor: null });
    const t1 = new Date(now.level_entered_at).getTime();
    await svc.escalateOverdue(new Date(t1 + 168 * 3600_000));
    now = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${req.id}` })).json();
    expect(now).toMatchObject({ status: 'approving', current_level: 2, escalated_to_admins: true, escalate_after_hours: null });
    expect(now.current_approvers.map((u: any) => u.account).sort()).toEqual(['approver', 'tenant_admin']);
    await vi.waitFor(() => expect(escalated).toHaveLength(2));
    off();
    const msgs = (await (await app.as('tenant_admin')).req({ method: 'GET', url: '/api/v1/site_messages?status=unread&__limit=200' })).json();
    expect(msgs.data.some((m: any) => m.ref_id === req.id && m.title === '审批超时升级')).toBe(true);
    // The tenant admin can now decide the last level.
    const res = await (await app.as('tenant_admin')).req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, payload: {} });
    expect(res.json()).toMatchObject({ status: 'approved', decided_by: { account: 'tenant_admin' } });
    // Nothing escalates twice.
    await svc.escalateOverdue(new Date(t1 + 1000 * 3600_000));
    const escalations = await app.ctx.db
      .selectFrom('approval_actions')
      .select('id')
      .where('request_id', '=', req.id)
      .where('action', '=', 'escalated')
      .execute();
    expect(escalations).toHaveLength(2);
  });
});
