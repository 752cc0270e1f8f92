// The resource engine and approvals joined: buying a host or expanding a disk in a project whose
// process covers it waits for the approval (审批中 / 扩容审批中); approval hands it to the simulator,
// rejection discards the purchase (not billed) or gives the disk its status back; the approver's
// delegate hears of the new request on the SSE stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, eventsUrl, type Client } from './helper.ts';
import { createSettled, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let subnetId: string;
let disk: Row;
let rnd: string;
let address: string;
let bought: string;

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  rnd = admin.territories[0]!.projects.find((p) => p.project_name === 'rnd-test')!.project_id;
  // Bought before the process exists: immediate, as without approval.
  subnetId = (await network(app, admin)).subnet.id;
  disk = await createSettled(admin, 'volumes', { name: uniq('disk'), ...(await placement(app)), size: 100 });
  expect(disk.status).toBe('unmounted');
  const proc = await admin.req({
    method: 'POST',
    url: '/api/v1/approval_process',
    project: rnd,
    payload: {
      name: '研发环境资源审批',
      project_id: rnd,
      request_types: ['resource_purchase', 'resource_expansion'],
      levels: [{ approvers: 'approver,tenant_admin' }, { approvers: 'approver' }],
    },
  });
  expect(proc.statusCode).toBe(201);
  // approver's deputy for today and tomorrow.
  const approver = await app.as('approver');
  expect(
    (await approver.req({ method: 'POST', url: '/api/v1/approval-delegations', payload: { delegate: 'member', start_date: day(0), end_date: day(1) } }))
      .statusCode,
  ).toBe(201);
  address = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

async function buy(extra: Record<string, unknown> = {}) {
  return admin.req({
    method: 'POST',
    url: '/api/instances',
    project: rnd,
    payload: {
      name: uniq('host'),
      ...(await placement(app)),
      image: 'centos-7.9',
      flavor: 's6.large.2',
      subnet_id: subnetId,
      password: 'Passw0rd2025',
      ...extra,
    },
  });
}
async function decide(account: string, id: string, action: 'approve' | 'reject', body: object = {}) {
  const res = await (await app.as(account)).req({ method: 'POST', url: `/api/v1/approvals/${id}/${action}`, payload: body });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const get = (collection: string, id: string) => admin.req({ method: 'GET', url: `/api/${collection}/${id}`, project: rnd });

/** An SSE client of `account`; `until(text)` reads the stream until the text appears (or 5 s). */
async function sse(account: string, project: string) {
  const c = await app.as(account);
  const ctrl = new AbortController();
  const res = await fetch(await eventsUrl(address, c, { tenant_id: c.territories[0]!.tenant_id, project_id: project }), { signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  return {
    async until(needle: string, ms = 5000) {
      const end = Date.now() + ms;
      while (!text.includes(needle) && Date.now() < end) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now())))]);
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      return text;
    },
    close: () => ctrl.abort(),
  };
}

describe('a purchase in a project with a purchase process', () => {
  it('waits in 审批中 with a request for approver, and is provisioned through the simulator when every level approves', async () => {
    const approverStream = await sse('approver', rnd);
    const res = await buy();
    expect(res.statusCode).toBe(202);
    const host = res.json();
    expect(host).toMatchObject({ status: 'approving', in_between: false, available_actions: [], approval: { status: 'pending' } });
    expect(host.approval_id).toBe(host.approval.id);
    expect(host.message).toBe('已提交审批，审批通过后开始创建');
    expect(host.spec.billing).toBeUndefined();

    const approver = await app.as('approver');
    const req = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${host.approval_id}` })).json();
    expect(req).toMatchObject({
      type: 'resource_purchase',
      status: 'pending',
      current_level: 1,
      level_count: 2,
      can_decide: true,
      resource: { id: host.id, status: 'approving' },
    });
    expect(req.payload).toMatchObject({
      kind: 'instance',
      name: host.name,
      vendor: 'openstack',
      region_id: host.region_id,
      az_id: host.az_id,
      spec: { flavor: 's6.large.2' },
    });
    expect(req.payload.spec.password).toBeUndefined();
    expect(req.estimated_cost_fen).toBeGreaterThan(0);
    expect(req.estimated_cost_fen).toBe(req.payload.estimated_cost_fen);
    const inbox = (await approver.req({ method: 'GET', url: `/api/v1/approvals?scope=mine&status=pending&id=${host.approval_id}` })).json();
    expect(inbox.count).toBe(1);
    expect(await approverStream.until(host.approval_id)).toContain('event: approval.created');

    expect((await decide('approver', host.approval_id, 'approve')).status).toBe('approving');
    expect((await get('instances', host.id)).json().status).toBe('approving');
    const done = await decide('approver', host.approval_id, 'approve');
    expect(done).toMatchObject({ status: 'approved', resource: { status: 'creating' } });
    const text = await approverStream.until(`"id":"${host.id}","kind":"instance","status":"running"`);
    approverStream.close();
    expect(text).toContain(`"id":"${host.id}","kind":"instance","status":"creating"`);
    expect(text).toContain(`"id":"${host.id}","kind":"instance","status":"running"`);
    const running = (await settle(admin, 'instances', host.id))!;
    expect(running).toMatchObject({ status: 'running', spec: { billing: 'active', approval_request_id: host.approval_id } });
    bought = host.id;
  });

  it('discards a rejected purchase with what came with it: gone, its address freed, never billed', async () => {
    const subnetBefore = (await get('subnets', subnetId)).json().spec.used_ips;
    const res = await buy({ data_disks: [{ size: 20 }], public_ip_type: 'bgp', bandwidth: 2 });
    expect(res.statusCode).toBe(202);
    const host = res.json();
    const extras = (await get('instances', host.id)).json().relations.filter((r: { direction: string }) => r.direction === 'in');
    expect(extras.map((r: { kind: string; status: string }) => [r.kind, r.status]).sort()).toEqual([
      ['eip', 'approving'],
      ['volume', 'approving'],
    ]);
    expect((await get('subnets', subnetId)).json().spec.used_ips).toBe(subnetBefore + 1);

    // tenant_admin bought it, so another approver decides (nobody decides their own request).
    const rejected = await decide('approver', host.approval_id, 'reject', { reason: '测试环境不需要公网' });
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: '测试环境不需要公网', resource: { id: host.id, status: null } });
    expect((await get('instances', host.id)).statusCode).toBe(404);
    for (const x of extras)
      expect((await admin.req({ method: 'GET', url: `/api/${x.kind === 'eip' ? 'eips' : 'volumes'}/${x.id}`, project: rnd })).statusCode).toBe(404);
    expect((await get('subnets', subnetId)).json().spec.used_ips).toBe(subnetBefore);
    const left = await app.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('id', 'in', [host.id, ...extras.map((x: { id: string }) => x.id)])
      .execute();
    expect(left).toEqual([]);
    const jobs = await app.ctx.db.selectFrom('jobs').select('id').where('resource_id', '=', host.id).execute();
    expect(jobs).toEqual([]);
  });
});

describe('an expansion in a project with an expansion process', () => {
  it('waits in 扩容审批中, expands when approved and gets its status back when rejected', async () => {
    const res = await admin.req({ method: 'POST', url: `/api/volumes/${disk.id}/actions`, project: rnd, payload: { action: 'expand', size: 200 } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'expansion_approving',
      spec: { size: 100 },
      available_actions: [],
      message: '已提交扩容审批，审批通过后开始扩容',
    });
    const id = res.json().approval_id;
    const req = (await (await app.as('approver')).req({ method: 'GET', url: `/api/v1/approvals/${id}` })).json();
    expect(req).toMatchObject({
      type: 'resource_expansion',
      status: 'expansion_approving',
      resource: { id: disk.id, status: 'expansion_approving', before: { size: 100 }, after: { size: 200 } },
    });
    expect(req.estimated_cost_fen).toBeGreaterThan(0);
    // Busy while it waits.
    expect(
      (await admin.req({ method: 'POST', url: `/api/volumes/${disk.id}/actions`, project: rnd, payload: { action: 'expand', size: 300 } })).statusCode,
    ).toBe(409);

    await decide('approver', id, 'approve');
    const done = await decide('approver', id, 'approve');
    expect(done.status).toBe('approved');
    expect((await get('volumes', disk.id)).json().status).toBe('expanding');
    expect(await settle(admin, 'volumes', disk.id)).toMatchObject({ status: 'unmounted', spec: { size: 200 } });

    const again = (await admin.req({ method: 'POST', url: `/api/volumes/${disk.id}/actions`, project: rnd, payload: { action: 'expand', size: 500 } })).json();
    expect(again.status).toBe('expansion_approving');
    const rejected = await decide('approver', again.approval_id, 'reject', { reason: '先清理历史数据' });
    expect(rejected).toMatchObject({ status: 'expansion_rejected', reject_reason: '先清理历史数据' });
    expect((await get('volumes', disk.id)).json()).toMatchObject({ status: 'unmounted', spec: { size: 200 } });
  });
});

describe('a host resize', () => {
  it('waits for approval when it adds cores or memory, and runs at once when it does not', async () => {
    const resize = (flavor: string) =>
      admin.req({ method: 'POST', url: `/api/instances/${bought}/actions`, project: rnd, payload: { action: 'resize', flavor } });
    const up = await resize('s6.xlarge.2');
    expect(up.statusCode).toBe(202);
    expect(up.json()).toMatchObject({ status: 'expansion_approving', spec: { flavor: 's6.large.2' } });
    const req = (await (await app.as('approver')).req({ method: 'GET', url: `/api/v1/approvals/${up.json().approval_id}` })).json();
    expect(req.resource).toMatchObject({ before: { flavor: 's6.large.2' }, after: { flavor: 's6.xlarge.2' } });
    await decide('approver', up.json().approval_id, 'reject', { reason: '规格够用' });
    expect((await get('instances', bought)).json()).toMatchObject({ status: 'running', spec: { flavor: 's6.large.2' } });
    const down = await resize('s6.medium.2');
    expect(down.statusCode).toBe(200);
    expect(down.json().status).toBe('resizing');
  });
});

describe('events', () => {
  it("tell the approver's delegate of a new request on the SSE stream and by site message", async () => {
    const mes = (await app.as('member')).territories[0]!.projects[0]!.project_id;
    const deputy = await sse('member', mes);
    const res = await buy();
    expect(res.statusCode).toBe(202);
    const text = await deputy.until(res.json().approval_id);
    deputy.close();
    expect(text).toContain('event: approval.created');
    expect(text).not.toContain('delegate_ids');
    // …and by site message, linking to the request (approver gets one too).
    const inbox = async (account: string) =>
      (await (await app.as(account)).req({ method: 'GET', url: '/api/v1/site_messages?status=unread&__limit=200' })).json() as {
        data: { ref_id: string; link: string }[];
      };
    expect((await inbox('member')).data.filter((m) => m.ref_id === res.json().approval_id).map((m) => m.link)).toEqual([
      `/selfApprovalDetail/${res.json().approval_id}`,
    ]);
    expect((await inbox('approver')).data.some((m) => m.ref_id === res.json().approval_id)).toBe(true);
    // The deputy may decide it, on approver's behalf.
    const done = await decide('member', res.json().approval_id, 'reject', { reason: '代审：预算已用完' });
    expect(done).toMatchObject({ status: 'rejected', decided_by: { account: 'member' }, decided_on_behalf_of: { account: 'approver' } });
  });
});
