// Each request type from creation to decision to its effect: resources provisioned or resized
// through the resource engine (approval-resources.ts), rules issued at the right time (clock
// injected), quotas changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { authUser, dnatPayload, firewallPayload, hostPurchase, ids, service, snatPayload } from './approvals-helper.ts';
import { placement } from './kinds-helpers.ts';
import { financeProductionTime, natIssueTime } from '../../src/domain/approvals/effective-time.ts';
import { newId } from '../../src/domain/ids.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
});
afterAll(async () => {
  await app.close();
});

async function submit(account: string, body: object, project?: string, tenant?: string) {
  const c = await app.as(account);
  return c.req({ method: 'POST', url: '/api/v1/approvals', payload: body, ...(project ? { project } : {}), ...(tenant ? { tenant } : {}) });
}
/** Waits until the engine's job has brought the resource out of its in-between state; answers the status. */
async function settled(id: string, timeoutMs = 8000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await app.ctx.db.selectFrom('resources').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (!['creating', 'expanding'].includes(row.status) || Date.now() > until) return row.status;
    await new Promise((r) => setTimeout(r, 20));
  }
}
async function decide(account: string, id: string, action: 'approve' | 'reject', body: object = {}) {
  const c = await app.as(account);
  return c.req({ method: 'POST', url: `/api/v1/approvals/${id}/${action}`, payload: body });
}

describe('resource purchase', () => {
  it('waits in 审批中, moves through two levels and is handed to provisioning', async () => {
    const res = await submit('member', {
      type: 'resource_purchase',
      payload: await hostPurchase(app, P.mes, 'flow-host-01', { flavor: 's6.xlarge.2' }, { charging: 'year', months: 12 }),
    });
    expect(res.statusCode).toBe(201);
    const req = res.json();
    expect(req).toMatchObject({ type: 'resource_purchase', status: 'pending', current_level: 1, level_count: 2, project_id: P.mes });
    expect(req.estimated_cost_fen).toBeGreaterThan(0);
    expect(req.requester.account).toBe('member');
    expect(req.resource).toMatchObject({ kind: 'instance', name: 'flow-host-01', status: 'approving' });
    expect(req.levels.map((l: any) => l.state)).toEqual(['current', 'waiting']);
    expect(req.current_approvers.map((u: any) => u.account).sort()).toEqual(['approver', 'tenant_admin']);

    const first = await decide('approver', req.id, 'approve', { comment: '同意' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'approving', current_level: 2 });
    expect(first.json().resource.status).toBe('approving');

    const second = await decide('approver', req.id, 'approve');
    expect(second.statusCode).toBe(200);
    const done = second.json();
    expect(done).toMatchObject({ status: 'approved', decided_by: { account: 'approver' } });
    expect(done.resource.status).toBe('creating');
    expect(done.history.map((h: any) => h.action)).toEqual(['submitted', 'approved', 'approved']);
    expect(done.levels.map((l: any) => l.state)).toEqual(['approved', 'approved']);
    // Handed to the engine: a create job through the simulator brings it to running.
    expect(await settled(done.resource.id)).toBe('running');
    const row = await app.ctx.db.selectFrom('resources').select(['status', 'spec']).where('id', '=', done.resource.id).executeTakeFirstOrThrow();
    expect(row.spec).toMatchObject({ approval_request_id: req.id, flavor: 's6.xlarge.2' });

    const member = await app.as('member');
    const msgs = (await member.req({ method: 'GET', url: '/api/v1/site_messages?status=unread&__limit=50' })).json();
    expect(msgs.data.some((m: any) => m.ref_id === req.id && m.title === '审批已通过')).toBe(true);
  });

  it('removes the waiting resource on rejection', async () => {
    const req = (
      await submit('member', { type: 'resource_purchase', payload: { kind: 'volume', name: 'flow-disk-01', ...(await placement(app)), spec: { size: 100 } } })
    ).json();
    const rej = await decide('tenant_admin', req.id, 'reject', { reason: '预算不足' });
    expect(rej.statusCode).toBe(200);
    expect(rej.json()).toMatchObject({ status: 'rejected', reject_reason: '预算不足', decided_by: { account: 'tenant_admin' } });
    expect(await app.ctx.db.selectFrom('resources').select('id').where('id', '=', req.resource.id).executeTakeFirst()).toBeUndefined();
  });

  it('needs no approval where no process covers the project', async () => {
    const res = await submit('wl_admin', {
      type: 'resource_purchase',
      payload: { kind: 'eip', name: 'wl-eip-01', ...(await placement(app, 'ali')), spec: { bandwidth: 5 } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'no_approval_needed', level_count: 0 });
    expect(['creating', 'allocated', 'available']).toContain(res.json().resource.status);
  });
});

describe('resource expansion', () => {
  it('writes the new size on approval and keeps it on rejection', async () => {
    const tenant_id = P.hd;
    const id = newId();
    await app.ctx.db
      .insertInto('resources')
      .values({
        id,
        kind: 'volume',
        tenant_id,
        project_id: P.supply,
        vendor: 'openstack',
        region_id: null,
        az_id: null,
        name: 'flow-data',
        status: 'unmounted',
        spec: JSON.stringify({ size: 100, charging: 'quantity' }),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const tenantAdmin = await app.as('tenant_admin');
    const supply = tenantAdmin.territories[0]!.projects.find((p) => p.project_name === 'supply-chain')!.project_id;
    const same = await submit('tenant_admin', { type: 'resource_expansion', payload: { resource_id: id, spec: { size: 100 } } }, supply);
    expect(same.statusCode).toBe(400);
    expect(same.json().description).toBe('扩容数据未变更');
    const res = await submit('tenant_admin', { type: 'resource_expansion', payload: { resource_id: id, spec: { size: 300 } } }, supply);
    expect(res.statusCode).toBe(201);
    const req = res.json();
    expect(req).toMatchObject({ status: 'expansion_approving', level_count: 1, title: 'flow-data size=300' });
    expect(req.resource).toMatchObject({ before: { size: 100 }, after: { size: 300 } });
    expect(req.estimated_cost_fen).toBe(200 * 720);
    const waiting = await app.ctx.db.selectFrom('resources').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(waiting.status).toBe('expansion_approving');
    const ok = await decide('approver', req.id, 'approve');
    expect(ok.json().status).toBe('approved');
    // The engine's expand action runs (expanding → unmounted) and writes the size when its job ends.
    expect(await settled(id)).toBe('unmounted');
    const row = await app.ctx.db.selectFrom('resources').select(['spec']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((row.spec as any).size).toBe(300);

    const again = (await submit('tenant_admin', { type: 'resource_expansion', payload: { resource_id: id, spec: { size: 500 } } }, supply)).json();
    const rej = await decide('approver', again.id, 'reject', { reason: '先清理历史数据' });
    expect(rej.json().status).toBe('expansion_rejected');
    const after = await app.ctx.db.selectFrom('resources').select(['spec', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((after.spec as any).size).toBe(300);
    expect(after.status).toBe('unmounted');
  });
});

describe('firewall policies', () => {
  it('takes effect immediately outside the finance tenant and shows before/after for a change', async () => {
    const req = (await submit('member', { type: 'firewall_policy', payload: firewallPayload(1) })).json();
    expect(req.rule).toMatchObject({ status: 'approving', before: null, after: { target_ports: [443, 8443], source_ips: ['10.1.1.0/24'] } });
    await decide('approver', req.id, 'approve');
    const done = (await decide('approver', req.id, 'approve')).json();
    expect(done.status).toBe('approved');
    expect(done.rule.status).toBe('issued');
    expect(done.rule.effective_at).toBe(done.decided_at);

    const change = (await submit('member', { type: 'firewall_policy', payload: { ...firewallPayload(1), rule_id: req.rule.id, target_ports: 'any' } })).json();
    expect(change.rule).toMatchObject({ id: req.rule.id, status: 'approving', before: { target_ports: [443, 8443] }, after: { target_ports: 'any' } });
    const rejected = (await decide('tenant_admin', change.id, 'reject', { reason: '范围过大' })).json();
    expect(rejected.rule.status).toBe('issued');
    const list = (await (await app.as('member')).req({ method: 'GET', url: `/api/v1/firewall-orders?id=${req.rule.id}` })).json();
    expect(list.data[0]).toMatchObject({ status: 'issued', spec: { target_ports: [443, 8443] } });
  });

  it('validates the rule and names the field', async () => {
    const same = await submit('member', { type: 'firewall_policy', payload: { ...firewallPayload(2), target_ips: '10.1.2.0/24' } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'payload.target_ips', rule: 'ip_same_as_source' });
    const anyPlus = await submit('member', { type: 'firewall_policy', payload: { ...firewallPayload(2), target_ports: 'any,80' } });
    expect(anyPlus.json()).toMatchObject({ field: 'payload.target_ports', rule: 'port_any_alone' });
    const eleven = await submit('member', {
      type: 'firewall_policy',
      payload: { ...firewallPayload(2), source_ips: Array.from({ length: 11 }, (_, i) => `10.9.9.${i}`) },
    });
    expect(eleven.json()).toMatchObject({ field: 'payload.source_ips', rule: 'ip_too_many' });
    const long = await submit('member', { type: 'firewall_policy', payload: { ...firewallPayload(2), reason: 'x'.repeat(1001) } });
    expect(long.json()).toMatchObject({ field: 'payload.reason', rule: 'too_big' });
    const zhTw = await (
      await app.as('member')
    ).req({
      method: 'POST',
      url: '/api/v1/approvals',
      lang: 'zh-TW',
      payload: { type: 'firewall_policy', payload: { ...firewallPayload(2), target_ports: '0' } },
    });
    expect(zhTw.json().description).toBe('payload.target_ports：連接埠範圍為 1-65535');
  });
});

describe('SNAT and DNAT rules', () => {
  it('are issued at the next 22:00 slot (Asia/Shanghai) after approval', async () => {
    const req = (await submit('member', { type: 'dnat_rule', payload: dnatPayload(1) })).json();
    expect(req.rule.planned_effective_at).toBe(natIssueTime(new Date(req.created_at)).toISOString());
    await decide('approver', req.id, 'approve');
    const done = (await decide('approver', req.id, 'approve')).json();
    const expected = natIssueTime(new Date(req.created_at));
    expect(new Date(done.effective_at).getTime()).toBe(expected.getTime());
    expect(done.status).toBe('issuing');
    // The rule is the engine's resource: 下发中 until its slot, without actions.
    expect(done.rule.status).toBe('issuing');

    const svc = service(app);
    expect(await svc.issueDue(new Date(expected.getTime() - 1000))).toBe(0);
    expect(await svc.issueDue(expected)).toBeGreaterThanOrEqual(1);
    const after = (await (await app.as('member')).req({ method: 'GET', url: `/api/v1/approvals/${req.id}` })).json();
    expect(after.status).toBe('approved');
    expect(after.rule.status).toBe('issued');
    expect(after.history.at(-1).action).toBe('issued');
  });

  it('refuses port-count mismatches, any/any, 4789 udp and a duplicate EIP port', async () => {
    const mismatch = await submit('member', { type: 'dnat_rule', payload: { ...dnatPayload(3), eip_ports: '9001,9002' } });
    expect(mismatch.json()).toMatchObject({ field: 'payload.eip_ports', rule: 'port_count_mismatch' });
    const anyAny = await submit('member', { type: 'dnat_rule', payload: { ...dnatPayload(3), internal_ip: 'any', internal_ports: 'any', eip_ports: 'any' } });
    expect(anyAny.json()).toMatchObject({ field: 'payload.internal_ports', rule: 'any_port_and_ip' });
    const vxlan = await submit('member', { type: 'dnat_rule', payload: { ...dnatPayload(3), protocol: 'udp', eip_ports: [4789] } });
    expect(vxlan.json()).toMatchObject({ rule: 'port_vxlan_udp' });
    expect((await submit('member', { type: 'dnat_rule', payload: dnatPayload(4) })).statusCode).toBe(201);
    const dup = await submit('member', { type: 'dnat_rule', payload: dnatPayload(4) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().description).toContain('不允许重复');
  });

  it('follow the injected clock: before 22:00 that day, after 22:00 the next day', async () => {
    const svc = service(app);
    const member = await authUser(app, 'member');
    const approver = await authUser(app, 'approver');
    const scope = { user: member, tenantId: P.hd, projectId: P.supply, roles: [] };
    const admin = await authUser(app, 'tenant_admin');
    const adminScope = { ...scope, user: admin };
    const at = (s: string) => new Date(`${s}+08:00`);

    const early = await svc.submit(
      admin,
      adminScope,
      { type: 'snat_rule', payload: { ...snatPayload(7, P.supply), rule_id: null } as any },
      at('2025-03-10T21:30:00'),
    );
    await svc.decide(approver, early.id, { action: 'approve' }, at('2025-03-10T21:45:00'));
    const late = await svc.submit(
      admin,
      adminScope,
      { type: 'snat_rule', payload: { ...snatPayload(8, P.supply), rule_id: null } as any },
      at('2025-03-10T22:10:00'),
    );
    await svc.decide(approver, late.id, { action: 'approve' }, at('2025-03-10T22:20:00'));
    const tardy = await svc.submit(
      admin,
      adminScope,
      { type: 'snat_rule', payload: { ...snatPayload(9, P.supply), rule_id: null } as any },
      at('2025-03-10T20:00:00'),
    );
    await svc.decide(approver, tardy.id, { action: 'approve' }, at('2025-03-11T09:00:00'));

    const get = (id: string) => svc.detail(approver, id, at('2025-03-11T09:00:00'));
    expect(new Date((await get(early.id)).effective_at!).toISOString()).toBe(at('2025-03-10T22:00:00').toISOString());
    expect(new Date((await get(late.id)).effective_at!).toISOString()).toBe(at('2025-03-11T22:00:00').toISOString());
    expect(new Date((await get(tardy.id)).effective_at!).toISOString()).toBe(at('2025-03-11T22:00:00').toISOString());
    expect(await svc.issueDue(at('2025-03-10T22:00:00'))).toBe(1);
    expect((await get(early.id)).rule!.status).toBe('issued');
    expect((await get(late.id)).rule!.status).toBe('issuing');
    void scope;
  });
});

describe('the finance tenant', () => {
  it('makes production rules take effect at 18:00 after approval', async () => {
    const fin = await app.as('fin_admin');
    const trading = fin.territories[0]!.projects.find((p) => p.project_name === 'core-trading')!.project_id;
    const req = (
      await fin.req({ method: 'POST', url: '/api/v1/approvals', project: trading, payload: { type: 'firewall_policy', payload: firewallPayload(5) } })
    ).json();
    expect(req.rule.finance_production).toBe(true);
    // Nobody decides their own request: fin_approver does.
    const finApprover = await app.as('fin_approver');
    const done = (await finApprover.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, tenant: P.fin, project: trading, payload: {} })).json();
    expect(new Date(done.effective_at).getTime()).toBe(financeProductionTime(new Date(done.decided_at)).getTime());
    expect(done.rule.status).toBe(new Date(done.effective_at).getTime() <= new Date(done.decided_at).getTime() ? 'issued' : 'issuing');

    const svc = service(app);
    const finUser = await authUser(app, 'fin_admin');
    const deciderUser = await authUser(app, 'fin_approver');
    const at = (s: string) => new Date(`${s}+08:00`);
    const morning = await svc.submit(
      finUser,
      { user: finUser, tenantId: P.fin, projectId: P.trading, roles: [] },
      { type: 'dnat_rule', payload: { ...dnatPayload(30, P.trading), rule_id: null } as any },
      at('2025-03-10T09:00:00'),
    );
    await svc.decide(deciderUser, morning.id, { action: 'approve' }, at('2025-03-10T10:00:00'));
    expect(new Date((await svc.detail(finUser, morning.id, at('2025-03-10T10:00:00'))).effective_at!).toISOString()).toBe(
      at('2025-03-10T18:00:00').toISOString(),
    );
    // mobile-banking falls under the tenant-wide, non-production process: DNAT keeps the 22:00 slot.
    const banking = await svc.submit(
      finUser,
      { user: finUser, tenantId: P.fin, projectId: P.banking, roles: [] },
      { type: 'dnat_rule', payload: { ...dnatPayload(31, P.banking), rule_id: null } as any },
      at('2025-03-10T09:00:00'),
    );
    await svc.decide(deciderUser, banking.id, { action: 'approve' }, at('2025-03-10T10:00:00'));
    expect(new Date((await svc.detail(finUser, banking.id, at('2025-03-10T10:00:00'))).effective_at!).toISOString()).toBe(
      at('2025-03-10T22:00:00').toISOString(),
    );
  });
});

describe('quota changes', () => {
  it('update the quota value on approval', async () => {
    const member = await app.as('member');
    const same = await member.req({
      method: 'POST',
      url: '/api/v1/approvals',
      payload: { type: 'quota_change', payload: { quota_key: 'volume_gb', value: 10240, reason: '扩容' } },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().description).toBe('配额状态未变更');
    const req = (
      await member.req({
        method: 'POST',
        url: '/api/v1/approvals',
        payload: { type: 'quota_change', payload: { quota_key: 'volume_gb', value: 20480, reason: '新增数据湖' } },
      })
    ).json();
    expect(req.quota).toEqual({ quota_key: 'volume_gb', before: 10240, after: 20480 });
    await decide('tenant_admin', req.id, 'approve');
    await decide('approver', req.id, 'approve');
    const quotas = (await member.req({ method: 'GET', url: '/api/v1/project-quotas' })).json();
    expect(quotas.data.find((q: any) => q.quota_key === 'volume_gb').value).toBe(20480);
  });
});
