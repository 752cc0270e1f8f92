// Issue 8, smaller server defects: the site's own host as a name prefix, actions and edits on a
// resource that waits for its purchase approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { ids, subnetOf } from './approvals-helper.ts';
import { placement } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
});
afterAll(async () => {
  await app.close();
});

describe('names (seed 001 §5)', () => {
  it("refuses a name or description that starts with the site's own host, on every write path", async () => {
    const c = await app.as('tenant_admin');
    const host = 'yunshu.example.cn';
    const body = { ...(await placement(app)), cidr: '10.77.0.0/16' };
    const named = await c.req({ method: 'POST', url: '/api/vpcs', headers: { host }, payload: { ...body, name: `${host}/vpc` } });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ field: 'name', rule: 'no_host_prefix' });
    expect(named.json().description).toContain('不能以本站域名开头');
    const described = await c.req({
      method: 'POST',
      url: '/api/vpcs',
      headers: { host: `${host}:8443` },
      payload: { ...body, name: 'vpc-ok', description: `${host.toUpperCase()} 的网络` },
    });
    expect(described.json()).toMatchObject({ field: 'description', rule: 'no_host_prefix' });
    const asked = await c.req({
      method: 'POST',
      url: '/api/v1/approvals',
      project: P.rnd,
      headers: { host },
      payload: { type: 'resource_purchase', payload: { kind: 'vpc', name: `${host}-net`, ...body, spec: { cidr: body.cidr } } },
    });
    expect(asked.json()).toMatchObject({ field: 'payload.name', rule: 'no_host_prefix' });
    // Another host's name is an ordinary name.
    expect((await c.req({ method: 'POST', url: '/api/vpcs', headers: { host }, payload: { ...body, name: 'other.example.com-vpc' } })).statusCode).toBe(201);
  });
});

describe('a host awaiting its purchase approval', () => {
  it('refuses start, stop and reboot (its state machine) and any edit, with a localised 409', async () => {
    const member = await app.as('member');
    const s = await subnetOf(app, P.mes);
    const bought = await member.req({
      method: 'POST',
      url: '/api/instances',
      project: P.mes,
      payload: { name: 'await-host', ...s, image: 'centos-7.9', flavor: 's6.large.2', password: 'Yunshu2025x' },
    });
    expect(bought.statusCode).toBe(202);
    const id = bought.json().id as string;
    expect(bought.json()).toMatchObject({ status: 'approving', available_actions: [] });
    for (const action of ['start', 'stop', 'reboot']) {
      const res = (await member.req({ method: 'POST', url: '/api/instances/actions', project: P.mes, payload: { action, ids: [id] } })).json();
      expect(res.data).toEqual([expect.objectContaining({ id, ok: false, code: 409 })]);
    }
    const renamed = await member.req({ method: 'PATCH', url: `/api/instances/${id}`, project: P.mes, payload: { name: 'await-host-renamed' } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().description).toBe('资源正在等待审批，审批完成前不能修改');
    const tw = await member.req({ method: 'PUT', url: `/api/instances/${id}`, project: P.mes, lang: 'zh-TW', payload: { description: '新的說明' } });
    expect(tw.json().description).toBe('資源正在等待簽核，簽核完成前不能修改');
    const row = await app.ctx.db.selectFrom('resources').select(['name', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'await-host', status: 'approving' });
  });
});
