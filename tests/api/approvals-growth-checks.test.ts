// Loose ends of the approvals ↔ engine merge (decision 0007): an expansion (a disk grown, a host
// resized) is checked against the project's summed limits (disk GB, vCPUs, memory) at once and when
// it is submitted for approval (扩容审批中), on both the engine's action and POST /api/v1/approvals;
// a DNAT change request is checked against the EIP's other port mappings like a create; and
// GET /api/v1/approval-requirements tells the NAT tabs whether a rule type waits for approval in
// the current project and when it is issued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { dnatPayload, gatewayOf, ids, service, snatPayload } from './approvals-helper.ts';
import { createSettled, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';
import { setQuota } from '../../src/server/platform/quotas/quotas.repository.ts';
import { FLAVORS } from '../../src/domain/kinds/instance/instance.kind.ts';
import { VOLUME_MIN_EXPAND_GB } from '../../src/domain/kinds/volume/volume.kind.ts';
import { natIssueTime } from '../../src/domain/approvals/effective-time.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
let admin: Client;
let rnd: Client;
let subnetId: string;

beforeAll(async () => {
  app = await build();
  P = await ids(app);
  admin = await app.as('tenant_admin');
  rnd = { ...admin, req: (o) => admin.req({ project: P.rnd, ...o }) };
  subnetId = (await network(app, rnd)).subnet.id;
});
afterAll(async () => {
  await app.close();
});

const QUOTA_MESSAGE = '可用数量不足，请联系管理员';

/** What the project's live resources of a kind sum to (the engine's measure, see quota-keys.ts). */
async function used(kind: 'volume' | 'instance', measure: 'size' | 'cpu' | 'memory') {
  const rows = await app.ctx.db
    .selectFrom('resources')
    .select('spec')
    .where('project_id', '=', P.rnd)
    .where('kind', '=', kind)
    .where('status', '!=', 'deleted')
    .execute();
  return rows.reduce((n, r) => {
    const spec = r.spec as Record<string, unknown>;
    if (kind === 'instance') return n + Number(FLAVORS.find((f) => f.id === spec.flavor)?.[measure as 'cpu' | 'memory'] ?? spec[measure] ?? 0);
    return n + Number(spec[measure] ?? 0);
  }, 0);
}
const requestsFor = async (resourceId: string) =>
  (await app.ctx.db.selectFrom('approval_requests').select('id').where('target_id', '=', resourceId).execute()).length;
const get = async (collection: string, id: string) => (await rnd.req({ method: 'GET', url: `/api/${collection}/${id}` })).json() as Row;
const expand = (diskId: string, size: number) => rnd.req({ method: 'POST', url: `/api/volumes/${diskId}/actions`, payload: { action: 'expand', size } });
const resize = (hostId: string, flavor: string) => rnd.req({ method: 'POST', url: `/api/instances/${hostId}/actions`, payload: { action: 'resize', flavor } });
const submit = (payload: Record<string, unknown>, type = 'resource_expansion') =>
  rnd.req({ method: 'POST', url: '/api/v1/approvals', payload: { type, payload } });
const newDisk = () => createSettled(rnd, 'volumes', { name: uniq('disk'), ...placementCache!, size: 100 });
const newHost = () =>
  createSettled(rnd, 'instances', {
    name: uniq('host'),
    ...placementCache!,
    image: 'centos-7.9',
    flavor: 's6.large.2',
    subnet_id: subnetId,
    password: 'Passw0rd2025',
  });
let placementCache: Awaited<ReturnType<typeof placement>> | null = null;
beforeAll(async () => {
  placementCache = await placement(app);
});

function expectQuotaRefusal(res: { statusCode: number; body: string; json: () => any }) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ title: expect.any(String), description: QUOTA_MESSAGE });
}

describe('an expansion without approval (rnd-test expands freely)', () => {
  it("grows a disk only as far as the project's disk gigabytes allow", async () => {
    const disk = await newDisk();
    await setQuota(app.ctx.db, P.rnd, 'volume', (await used('volume', 'size')) + 50, 'size');
    const refused = await expand(disk.id, 200);
    expectQuotaRefusal(refused);
    expect(await get('volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 100 } });
    expect(await requestsFor(disk.id)).toBe(0);
    const ok = await expand(disk.id, 150);
    expect(ok.statusCode).toBe(200);
    expect(await settle(rnd, 'volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 150 } });
    // The limit is now reached: the smallest step further is refused.
    expectQuotaRefusal(await expand(disk.id, 150 + VOLUME_MIN_EXPAND_GB));
    await app.ctx.db.deleteFrom('project_quotas').where('project_id', '=', P.rnd).where('kind', '=', 'volume').execute();
  });

  it("resizes a host only within the project's vCPUs and memory; a smaller flavor always fits", async () => {
    const host = await newHost();
    await setQuota(app.ctx.db, P.rnd, 'instance', (await used('instance', 'cpu')) + 2, 'cpu');
    // s6.large.2 (2 cores, 4 GB) → s6.2xlarge.2 (8 cores): 6 more cores than the limit leaves.
    expectQuotaRefusal(await resize(host.id, 's6.2xlarge.2'));
    expect(await get('instances', host.id)).toMatchObject({ status: 'running', spec: { flavor: 's6.large.2' } });
    await setQuota(app.ctx.db, P.rnd, 'instance', (await used('instance', 'memory')) + 2, 'memory');
    // → s6.xlarge.2 (4 cores, 8 GB): the cores fit, 4 GB more memory does not.
    expectQuotaRefusal(await resize(host.id, 's6.xlarge.2'));
    expect(await get('instances', host.id)).toMatchObject({ status: 'running', spec: { flavor: 's6.large.2' } });
    await setQuota(app.ctx.db, P.rnd, 'instance', (await used('instance', 'memory')) + 4, 'memory');
    expect((await resize(host.id, 's6.xlarge.2')).statusCode).toBe(200);
    expect(await settle(rnd, 'instances', host.id)).toMatchObject({ status: 'running', spec: { flavor: 's6.xlarge.2' } });
    // Shrinking frees room whatever the limits say now.
    await setQuota(app.ctx.db, P.rnd, 'instance', 0, 'cpu');
    expect((await resize(host.id, 's6.medium.2')).statusCode).toBe(200);
    expect(await settle(rnd, 'instances', host.id)).toMatchObject({ spec: { flavor: 's6.medium.2' } });
    await app.ctx.db.deleteFrom('project_quotas').where('project_id', '=', P.rnd).where('kind', '=', 'instance').execute();
  });
});

describe('an expansion that goes through approval (扩容审批中)', () => {
  let disk: Row;
  let host: Row;
  beforeAll(async () => {
    disk = await newDisk();
    host = await newHost();
    const proc = await rnd.req({
      method: 'POST',
      url: '/api/v1/approval_process',
      payload: { name: '研发环境扩容审批', project_id: P.rnd, request_types: ['resource_expansion'], levels: [{ approvers: 'approver' }] },
    });
    expect(proc.statusCode).toBe(201);
  });

  it("is refused at submission on the engine's action when the summed limit cannot take it, and waits when it can", async () => {
    await setQuota(app.ctx.db, P.rnd, 'volume', (await used('volume', 'size')) + 50, 'size');
    expectQuotaRefusal(await expand(disk.id, 200));
    expect(await get('volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 100 } });
    expect(await requestsFor(disk.id)).toBe(0);
    const waits = await expand(disk.id, 150);
    expect(waits.statusCode).toBe(202);
    expect(waits.json()).toMatchObject({ status: 'expansion_approving', spec: { size: 100 } });
    // Approved later while the limit still holds: it grows.
    const approver = await app.as('approver');
    expect((await approver.req({ method: 'POST', url: `/api/v1/approvals/${waits.json().approval_id}/approve`, payload: {} })).json().status).toBe('approved');
    expect(await settle(rnd, 'volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 150 } });
  });

  it("is refused at submission on POST /api/v1/approvals (disk) and on the host's resize, nothing waiting", async () => {
    await setQuota(app.ctx.db, P.rnd, 'volume', await used('volume', 'size'), 'size');
    expectQuotaRefusal(await submit({ resource_id: disk.id, spec: { size: 150 + VOLUME_MIN_EXPAND_GB } }));
    expect(await get('volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 150 } });

    await setQuota(app.ctx.db, P.rnd, 'instance', (await used('instance', 'cpu')) + 1, 'cpu');
    const before = await requestsFor(host.id);
    // (A host's flavor is asked for on its resize action: the request body's spec takes numbers only.)
    expectQuotaRefusal(await resize(host.id, 's6.xlarge.2'));
    expect(await get('instances', host.id)).toMatchObject({ status: 'running', spec: { flavor: 's6.large.2' } });
    expect(await requestsFor(host.id)).toBe(before);

    await setQuota(app.ctx.db, P.rnd, 'instance', (await used('instance', 'cpu')) + 2, 'cpu');
    const ok = await resize(host.id, 's6.xlarge.2');
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toMatchObject({ status: 'expansion_approving' });
    expect(await get('instances', host.id)).toMatchObject({ status: 'expansion_approving', spec: { flavor: 's6.large.2' } });
  });
});

describe('a DNAT change request', () => {
  it('is refused like a create when it would map an EIP port another rule of the gateway maps; a free port waits', async () => {
    const g = gatewayOf(P.supply);
    const supply = (body: object) => admin.req({ method: 'POST', url: '/api/v1/approvals', project: P.supply, payload: body });
    const approver = await app.as('approver');
    // Approved, then issued at their 22:00 slot (a rule being issued cannot be changed).
    const issue = async (req: { id: string; created_at: string }) => {
      expect((await approver.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, payload: {} })).statusCode).toBe(200);
      await service(app).issueDue(natIssueTime(new Date(req.created_at)));
    };
    const a = (await supply({ type: 'dnat_rule', payload: { ...dnatPayload(71, P.supply), eip_ports: [9171] } })).json();
    const b = (await supply({ type: 'dnat_rule', payload: { ...dnatPayload(72, P.supply), eip_ports: [9172] } })).json();
    await issue(a);
    await issue(b);
    expect((await admin.req({ method: 'GET', url: `/api/dnat-rules/${b.rule.id}`, project: P.supply })).json().status).toBe('issued');
    // A create of 9171 is refused; so is changing b to 9171.
    const create = await supply({ type: 'dnat_rule', payload: { ...dnatPayload(73, P.supply), eip_ports: [9171] } });
    expect(create.statusCode).toBe(409);
    const change = await supply({
      type: 'dnat_rule',
      payload: { rule_id: b.rule.id, eip_ports: [9171], internal_ip: '192.168.9.72', internal_ports: [80], protocol: 'tcp', reason: '改端口' },
    });
    expect(change.statusCode, change.body).toBe(409);
    expect(change.json()).toEqual(expect.objectContaining({ description: create.json().description }));
    const rule = (await admin.req({ method: 'GET', url: `/api/dnat-rules/${b.rule.id}`, project: P.supply })).json();
    expect(rule.status).not.toBe('approving');
    expect(rule.spec.eip_ports).toBe('9172');
    // Its own port, or a free one, is a valid change.
    const free = await supply({
      type: 'dnat_rule',
      payload: { rule_id: b.rule.id, eip_ports: [9174], internal_ip: '192.168.9.72', internal_ports: [80], protocol: 'tcp', reason: '改端口' },
    });
    expect(free.statusCode).toBe(201);
    expect((await admin.req({ method: 'GET', url: `/api/dnat-rules/${b.rule.id}`, project: P.supply })).json().status).toBe('approving');
    expect(g.eip_id).toBe(rule.spec.eip_id);
  });

  it('an SNAT change to a source network another rule of the gateway uses is refused like a create', async () => {
    const supply = (body: object) => admin.req({ method: 'POST', url: '/api/v1/approvals', project: P.supply, payload: body });
    const a = (await supply({ type: 'snat_rule', payload: snatPayload(81, P.supply) })).json();
    const b = (await supply({ type: 'snat_rule', payload: snatPayload(82, P.supply) })).json();
    expect(a.rule && b.rule).toBeTruthy();
    const approver = await app.as('approver');
    for (const r of [a, b]) {
      expect((await approver.req({ method: 'POST', url: `/api/v1/approvals/${r.id}/approve`, payload: {} })).statusCode).toBe(200);
      await service(app).issueDue(natIssueTime(new Date(r.created_at)));
    }
    const change = await supply({ type: 'snat_rule', payload: { rule_id: b.rule.id, source_cidr: snatPayload(81, P.supply).source_cidr, reason: '改' } });
    expect(change.statusCode, change.body).toBe(400);
    expect(change.json().field).toBe('source_cidr');
  });
});

describe('GET /api/v1/approval-requirements', () => {
  const ask = (c: Client, tenant: string, project: string, types = 'snat_rule,dnat_rule,firewall_policy') =>
    c.req({ method: 'GET', url: `/api/v1/approval-requirements?types=${types}`, tenant, project });
  const byType = (res: { json: () => any }) => Object.fromEntries((res.json().data as { type: string }[]).map((d) => [d.type, d]));

  it('says which rule types wait for approval in the current project and the hour they are issued', async () => {
    // rnd-test: NAT rules issued at once, firewall policies approved (issued once approved).
    const r = byType(await ask(admin, P.hd, P.rnd));
    expect(r).toEqual({
      snat_rule: { type: 'snat_rule', needs_approval: false, issue_hour: null },
      dnat_rule: { type: 'dnat_rule', needs_approval: false, issue_hour: null },
      firewall_policy: { type: 'firewall_policy', needs_approval: true, issue_hour: null },
    });
    // supply-chain (production, not finance): NAT rules at 22:00.
    expect(byType(await ask(admin, P.hd, P.supply)).dnat_rule).toEqual({ type: 'dnat_rule', needs_approval: true, issue_hour: 22 });
    // The finance tenant's production: 18:00; its other projects (tenant-wide process): 22:00.
    const fin = await app.as('fin_admin');
    expect(byType(await ask(fin, P.fin, P.trading)).snat_rule).toMatchObject({ needs_approval: true, issue_hour: 18 });
    expect(byType(await ask(fin, P.fin, P.banking)).snat_rule).toMatchObject({ needs_approval: true, issue_hour: 22 });
  });

  it("answers every type when none is named, refuses an unknown type, and never another tenant's project", async () => {
    const all = await admin.req({ method: 'GET', url: '/api/v1/approval-requirements', tenant: P.hd, project: P.rnd });
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(6);
    const bad = await ask(admin, P.hd, P.rnd, 'snat_rule,nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBeTruthy();
    const fin = await app.as('fin_admin');
    expect((await ask(fin, P.fin, P.rnd)).statusCode).toBe(404);
    expect((await ask(fin, P.hd, P.rnd)).statusCode).toBe(404);
    expect((await admin.req({ method: 'GET', url: '/api/v1/approval-requirements', tenant: P.hd, project: null })).statusCode).toBe(400);
  });
});
