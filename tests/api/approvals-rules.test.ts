// Approvals act on the resource engine's store (issue 5): a firewall / SNAT / DNAT request is a
// resource of its kind waiting in 审批中 on its gateway's tabs, issued when approved (at once, or at
// the 22:00 slot by the approvals' issueDue tick), removed when rejected; the engine's own create
// path waits the same way where the project's process covers the rule type; another tenant never
// sees or reaches it; an approved quota change is the limit the engine enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { firewallPayload, gatewayOf, ids, service, snatPayload } from './approvals-helper.ts';
import { natIssueTime } from '../../src/domain/approvals/effective-time.ts';
import { placement, uniq } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
let admin: Client;
let approver: Client;
let fin: Client;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
  admin = await app.as('tenant_admin');
  approver = await app.as('approver');
  fin = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

const submit = (c: Client, body: object, project: string) => c.req({ method: 'POST', url: '/api/v1/approvals', project, payload: body });
const decide = (id: string, action: 'approve' | 'reject') =>
  approver.req({ method: 'POST', url: `/api/v1/approvals/${id}/${action}`, payload: action === 'reject' ? { reason: '规则范围过大' } : {} });
const snatOf = async (gatewayId: string, project: string) =>
  (await admin.req({ method: 'GET', url: `/api/snat-rules?nat_gateway_id=${gatewayId}&__limit=100`, project })).json() as { count: number; data: any[] };
const ruleCount = async (gatewayId: string) =>
  Number(
    ((await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', gatewayId).executeTakeFirstOrThrow()).spec as { rule_count: number }).rule_count,
  );

describe('an SNAT request', () => {
  it("waits on its gateway's SNAT tab in 审批中, is 下发中 once approved and issued at the 22:00 slot", async () => {
    const g = gatewayOf(P.supply);
    const countBefore = await ruleCount(g.nat_gateway_id);
    const res = await submit(admin, { type: 'snat_rule', payload: snatPayload(41, P.supply) }, P.supply);
    expect(res.statusCode).toBe(201);
    const req = res.json();
    expect(req.title).toBe(`192.168.141.0/24 → ${g.eip_address}`);
    expect(req.rule).toMatchObject({ kind: 'snat_rule', status: 'approving', before: null, after: { source_cidr: '192.168.141.0/24', eip: g.eip_address } });

    const waiting = (await snatOf(g.nat_gateway_id, P.supply)).data.find((r) => r.id === req.rule.id);
    expect(waiting).toMatchObject({
      status: 'approving',
      available_actions: [],
      spec: { nat_gateway_id: g.nat_gateway_id, eip_id: g.eip_id, eip_address: g.eip_address, source_cidr: '192.168.141.0/24' },
    });
    expect(await ruleCount(g.nat_gateway_id)).toBe(countBefore + 1);

    const done = (await decide(req.id, 'approve')).json();
    expect(done.status).toBe('issuing');
    const slot = natIssueTime(new Date(req.created_at));
    expect(new Date(done.effective_at).getTime()).toBe(slot.getTime());
    expect((await snatOf(g.nat_gateway_id, P.supply)).data.find((r) => r.id === req.rule.id)).toMatchObject({ status: 'issuing', available_actions: [] });

    const svc = service(app);
    expect(await svc.issueDue(new Date(slot.getTime() - 1000))).toBe(0);
    expect(await svc.issueDue(slot)).toBeGreaterThanOrEqual(1);
    const issued = (await snatOf(g.nat_gateway_id, P.supply)).data.find((r) => r.id === req.rule.id);
    expect(issued).toMatchObject({ status: 'issued', available_actions: expect.arrayContaining(['disable', 'delete']) });
    const detail = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${req.id}` })).json();
    expect(detail).toMatchObject({ status: 'approved', rule: { status: 'issued', issued_at: slot.toISOString() } });
  });

  it('disappears from its gateway when rejected', async () => {
    const g = gatewayOf(P.supply);
    const countBefore = await ruleCount(g.nat_gateway_id);
    const req = (await submit(admin, { type: 'snat_rule', payload: snatPayload(42, P.supply) }, P.supply)).json();
    expect((await snatOf(g.nat_gateway_id, P.supply)).data.some((r) => r.id === req.rule.id)).toBe(true);
    expect((await decide(req.id, 'reject')).json().status).toBe('rejected');
    expect((await snatOf(g.nat_gateway_id, P.supply)).data.some((r) => r.id === req.rule.id)).toBe(false);
    expect((await admin.req({ method: 'GET', url: `/api/snat-rules/${req.rule.id}`, project: P.supply })).statusCode).toBe(404);
    expect(await ruleCount(g.nat_gateway_id)).toBe(countBefore);
    // The same source network can be asked for again.
    expect((await submit(admin, { type: 'snat_rule', payload: snatPayload(42, P.supply) }, P.supply)).statusCode).toBe(201);
  });

  it("is the engine's checks: an EIP that is not on the gateway, a source network taken, a gateway of another project", async () => {
    const g = gatewayOf(P.supply);
    const other = gatewayOf(P.mes);
    const wrongEip = await submit(admin, { type: 'snat_rule', payload: { ...snatPayload(43, P.supply), eip_id: other.eip_id } }, P.supply);
    expect(wrongEip.statusCode).toBe(404);
    await submit(admin, { type: 'snat_rule', payload: snatPayload(44, P.supply) }, P.supply);
    const taken = await submit(admin, { type: 'snat_rule', payload: { ...snatPayload(44, P.supply), name: uniq('snat') } }, P.supply);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ field: 'source_cidr', rule: 'snat_source_taken' });
    const elsewhere = await submit(admin, { type: 'snat_rule', payload: snatPayload(45, P.mes) }, P.supply);
    expect(elsewhere.statusCode).toBe(404);
    const missing = await submit(admin, { type: 'snat_rule', payload: { source_cidr: '192.168.200.0/24', reason: '访问公网' } }, P.supply);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('payload.name');
    void g;
  });

  it('is never seen or reached by another tenant', async () => {
    const g = gatewayOf(P.supply);
    const req = (await submit(admin, { type: 'snat_rule', payload: snatPayload(46, P.supply) }, P.supply)).json();
    const finProject = P.trading;
    expect((await fin.req({ method: 'GET', url: `/api/snat-rules/${req.rule.id}`, tenant: P.fin, project: finProject })).statusCode).toBe(404);
    const list = (await fin.req({ method: 'GET', url: `/api/snat-rules?nat_gateway_id=${g.nat_gateway_id}`, tenant: P.fin, project: finProject })).json();
    expect(list.data).toEqual([]);
    const orders = (await fin.req({ method: 'GET', url: `/api/v1/nat-rules?id=${req.rule.id}`, tenant: P.fin, project: finProject })).json();
    expect(orders.data).toEqual([]);
    expect((await fin.req({ method: 'GET', url: `/api/v1/approvals/${req.id}`, tenant: P.fin, project: finProject })).statusCode).toBe(404);
    // Naming the other tenant's gateway and EIP creates nothing.
    const before = await app.ctx.db.selectFrom('resources').select('id').where('tenant_id', '=', P.fin).where('kind', '=', 'snat_rule').execute();
    const stolen = await fin.req({
      method: 'POST',
      url: '/api/v1/approvals',
      tenant: P.fin,
      project: finProject,
      payload: { type: 'snat_rule', payload: snatPayload(47, P.supply) },
    });
    expect(stolen.statusCode).toBe(404);
    const after = await app.ctx.db.selectFrom('resources').select('id').where('tenant_id', '=', P.fin).where('kind', '=', 'snat_rule').execute();
    expect(after.length).toBe(before.length);
    // A change of another tenant's rule is refused the same way.
    const change = await fin.req({
      method: 'POST',
      url: '/api/v1/approvals',
      tenant: P.fin,
      project: finProject,
      payload: { type: 'snat_rule', payload: { rule_id: req.rule.id, source_cidr: '10.9.0.0/24', reason: '改' } },
    });
    expect(change.statusCode).toBe(404);
  });
});

describe("the engine's own create path", () => {
  it("waits for the approval where the project's process covers the rule type (rnd-test: firewall_policy)", async () => {
    const body = { ...firewallPayload(60), name: uniq('fw'), ...(await placement(app)) };
    const res = await admin.req({ method: 'POST', url: '/api/firewall-policies', project: P.rnd, payload: body });
    expect(res.statusCode).toBe(202);
    const row = res.json();
    expect(row).toMatchObject({ status: 'approving', available_actions: [], approval: { status: 'pending' }, message: '已提交审批，审批通过后下发' });
    const detail = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${row.approval.id}` })).json();
    expect(detail).toMatchObject({
      type: 'firewall_policy',
      rule: { id: row.id, status: 'approving', before: null, after: { source_ips: ['10.1.60.0/24'], target_ports: [443, 8443] } },
    });
    expect((await decide(row.approval.id, 'approve')).json().status).toBe('approved');
    const issued = (await admin.req({ method: 'GET', url: `/api/firewall-policies/${row.id}`, project: P.rnd })).json();
    expect(issued).toMatchObject({ status: 'issued', spec: { target_ports: '443,8443' } });
    expect(issued.available_actions).toContain('disable');
  });

  it('a change request keeps the rule as it was until approved, and restores it when rejected', async () => {
    const req = (await submit(admin, { type: 'firewall_policy', payload: firewallPayload(61) }, P.rnd)).json();
    await decide(req.id, 'approve');
    const change = (
      await submit(admin, { type: 'firewall_policy', payload: { ...firewallPayload(61), rule_id: req.rule.id, target_ports: '22' } }, P.rnd)
    ).json();
    expect(change.rule).toMatchObject({ status: 'approving', before: { target_ports: [443, 8443] }, after: { target_ports: [22] } });
    await decide(change.id, 'reject');
    const kept = (await admin.req({ method: 'GET', url: `/api/firewall-policies/${req.rule.id}`, project: P.rnd })).json();
    expect(kept).toMatchObject({ status: 'issued', spec: { target_ports: '443,8443' } });
    const again = (
      await submit(admin, { type: 'firewall_policy', payload: { ...firewallPayload(61), rule_id: req.rule.id, target_ports: '22' } }, P.rnd)
    ).json();
    await decide(again.id, 'approve');
    const changed = (await admin.req({ method: 'GET', url: `/api/firewall-policies/${req.rule.id}`, project: P.rnd })).json();
    expect(changed).toMatchObject({ status: 'issued', spec: { target_ports: '22' } });
  });
});

describe('a quota change', () => {
  const eipBody = async () => ({ name: uniq('eip'), ...(await placement(app)), bandwidth: 5 });
  const quotaRequest = async (key: string, value: number) => {
    const req = (await submit(admin, { type: 'quota_change', payload: { quota_key: key, value, reason: '业务增长' } }, P.rnd)).json();
    expect((await decide(req.id, 'approve')).json().status).toBe('approved');
    return req;
  };

  it('is the limit the engine enforces: one more EIP than before, and no further', async () => {
    const count = (await admin.req({ method: 'GET', url: '/api/eips?__limit=1', project: P.rnd })).json().count as number;
    await quotaRequest('eips', count);
    const refused = await admin.req({ method: 'POST', url: '/api/eips', project: P.rnd, payload: await eipBody() });
    expect(refused.statusCode).toBe(409);
    const req = await quotaRequest('eips', count + 1);
    expect(req.quota).toEqual({ quota_key: 'eips', before: count, after: count + 1 });
    const quotas = (await admin.req({ method: 'GET', url: '/api/v1/project-quotas', project: P.rnd })).json();
    expect(quotas.data.find((q: any) => q.quota_key === 'eips')).toMatchObject({ kind: 'eip', measure: 'count', value: count + 1 });
    expect((await admin.req({ method: 'POST', url: '/api/eips', project: P.rnd, payload: await eipBody() })).statusCode).toBe(201);
    const beyond = await admin.req({ method: 'POST', url: '/api/eips', project: P.rnd, payload: await eipBody() });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().title).toBeTruthy();
  });

  it('limits the disk gigabytes summed over the project', async () => {
    const disks = (await admin.req({ method: 'GET', url: '/api/volumes?__limit=500', project: P.rnd })).json().data as {
      status: string;
      spec: { size: number };
    }[];
    const used = disks.filter((d) => d.status !== 'deleted').reduce((n, d) => n + Number(d.spec.size ?? 0), 0);
    await quotaRequest('volume_gb', used + 50);
    const disk = async (size: number) =>
      admin.req({ method: 'POST', url: '/api/volumes', project: P.rnd, payload: { name: uniq('disk'), ...(await placement(app)), size, volume_type: 'ssd' } });
    expect((await disk(60)).statusCode).toBe(409);
    expect((await disk(40)).statusCode).toBe(201);
    expect((await disk(20)).statusCode).toBe(409);
  });

  it("of another tenant's project is never reached", async () => {
    const res = await fin.req({ method: 'GET', url: '/api/v1/project-quotas', tenant: P.fin, project: P.rnd });
    expect([403, 404]).toContain(res.statusCode);
  });
});
