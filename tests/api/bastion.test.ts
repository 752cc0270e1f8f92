// Bastion-host permissions (issue 15, seed 001 §6, ADR 0030): per user per host, file upload and
// download; a PUT sets the selection for one or many hosts, an empty selection deletes the row
// (revokes); the tenant's administrators manage, members are refused (403), another tenant's
// hosts and users are 404, the bastion user lists their own hosts. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let ids: Awaited<ReturnType<typeof demoIds>>;
let hosts: { id: string; name: string; ip: string | null }[];
const userId = async (account: string) => (await app.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  admin = await app.as('tenant_admin');
  const res = await admin.req({ method: 'GET', url: '/api/v1/bastion/hosts', project: null });
  expect(res.statusCode).toBe(200);
  hosts = res.json().data;
});
afterAll(async () => {
  await app.close();
});

const put = (c: Client, user: string, body: unknown, opts: { tenant?: string } = {}) =>
  c.req({ method: 'PUT', url: `/api/v1/bastion/users/${user}/permissions`, payload: body as object, project: null, ...opts });

describe('bastion-host permissions', () => {
  it('lists the demo grants with host names and IPs, never ids alone', async () => {
    expect(hosts.length).toBeGreaterThan(3);
    expect(hosts.every((h) => h.name)).toBe(true);
    expect(hosts.filter((h) => h.ip).length).toBeGreaterThan(3);
    const users = (await admin.req({ method: 'GET', url: '/api/v1/bastion/users', project: null })).json().data;
    const liu = users.find((u: { account: string }) => u.account === 'ops_liu');
    expect(liu.nickname).toBe('运维工程师 刘洋');
    expect(liu.grants.length).toBe(3);
    expect(liu.grants[0].host).toMatchObject({ name: expect.any(String), ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) });
    // members and approvers are no bastion users; the tenant administrator is not either
    expect(users.map((u: { account: string }) => u.account)).toEqual(['ops_he', 'ops_liu']);
  });

  it('grants, changes and revokes by an empty selection, logged in the operation log', async () => {
    const he = await userId('ops_he');
    const host = hosts[3]!;
    const granted = await put(admin, he, { hosts: [{ host_id: host.id, upload: true, download: false }] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().granted).toBe(1);
    const mine = granted.json().data.find((g: { host: { id: string } }) => g.host.id === host.id);
    expect(mine).toMatchObject({ upload: true, download: false, host: { name: host.name, ip: host.ip }, granted_by: '华东制造 管理员 李娜' });

    // change: download only, and on a second host at once
    const changed = await put(admin, he, {
      hosts: [
        { host_id: host.id, upload: false, download: true },
        { host_id: hosts[4]!.id, upload: true, download: true },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const list = (await admin.req({ method: 'GET', url: `/api/v1/bastion/permissions?user_id=${he}&host_id=${host.id}`, project: null })).json();
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({ upload: false, download: true });
    const rows = await app.ctx.db.selectFrom('bastion_permissions').selectAll().where('user_id', '=', he).where('host_id', '=', host.id).execute();
    expect(rows).toHaveLength(1);

    // the bastion user sees their own hosts
    const heClient = await app.as('ops_he');
    const own = await heClient.req({ method: 'GET', url: '/api/v1/bastion/my-hosts' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((g: { host: { id: string } }) => g.host.id)).toContain(host.id);
    // …but cannot manage
    expect((await put(heClient, he, { hosts: [{ host_id: host.id, upload: true, download: true }] }, {})).statusCode).toBe(403);

    // empty selection: the row is gone (revoked)
    const revoked = await put(admin, he, { hosts: [{ host_id: host.id, upload: false, download: false }] });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked).toBe(1);
    expect(
      await app.ctx.db.selectFrom('bastion_permissions').select('id').where('user_id', '=', he).where('host_id', '=', host.id).executeTakeFirst(),
    ).toBeUndefined();
    // revoking what is not granted changes nothing and is fine
    expect((await put(admin, he, { hosts: [{ host_id: host.id, upload: false, download: false }] })).json().revoked).toBe(0);

    const logs = await app.ctx.db.selectFrom('operation_logs').select(['action', 'status_code']).where('action', '=', 'bastion_permission_set').execute();
    expect(logs.length).toBeGreaterThanOrEqual(3);
    // clean up what this test added
    await put(admin, he, { hosts: [{ host_id: hosts[4]!.id, upload: false, download: false }] });
  });

  it('the operations administrator manages too; members and approvers get 403', async () => {
    const he = await userId('ops_he');
    const ops = await app.as('oncall');
    const body = { hosts: [{ host_id: hosts[5]!.id, upload: true, download: false }] };
    expect((await put(ops, he, body, { tenant: ids.huadong })).statusCode).toBe(200);
    expect((await put(ops, he, { hosts: [{ host_id: hosts[5]!.id, upload: false, download: false }] }, { tenant: ids.huadong })).statusCode).toBe(200);
    for (const account of ['member', 'approver']) {
      const c = await app.as(account);
      const res = await c.req({ method: 'PUT', url: `/api/v1/bastion/users/${he}/permissions`, payload: body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ title: expect.any(String), description: expect.any(String) });
      expect((await c.req({ method: 'GET', url: '/api/v1/bastion/permissions' })).statusCode).toBe(403);
    }
  });

  it('another tenant: its hosts and users are 404, and it sees none of these grants', async () => {
    const he = await userId('ops_he');
    const fin = await app.as('fin_admin');
    // a host of this tenant, named by the other tenant's administrator
    expect((await put(fin, he, { hosts: [{ host_id: hosts[0]!.id, upload: true, download: false }] })).statusCode).toBe(404);
    const finHosts = (await fin.req({ method: 'GET', url: '/api/v1/bastion/hosts', project: null })).json().data;
    expect(finHosts.some((h: { id: string }) => hosts.some((x) => x.id === h.id))).toBe(false);
    // this tenant's administrator naming the other tenant's host, or a user outside the tenant
    expect((await put(admin, he, { hosts: [{ host_id: finHosts[0].id, upload: true, download: false }] })).statusCode).toBe(404);
    const finAdminId = await userId('fin_admin');
    expect((await put(admin, finAdminId, { hosts: [{ host_id: hosts[0]!.id, upload: true, download: false }] })).statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: '/api/v1/bastion/permissions', project: null })).json().count).toBe(0);
    expect((await fin.req({ method: 'GET', url: `/api/v1/bastion/permissions?user_id=${he}`, project: null })).json().count).toBe(0);
  });

  it('validates the selection and refuses grants to users without the bastion role', async () => {
    const he = await userId('ops_he');
    const cases: [unknown, string][] = [
      [{}, 'hosts'],
      [{ hosts: [] }, 'hosts'],
      [{ hosts: [{ host_id: 'x', upload: true, download: true }] }, 'host_id'],
      [{ hosts: [{ host_id: hosts[0]!.id, upload: 'yes', download: true }] }, 'upload'],
      [
        {
          hosts: [
            { host_id: hosts[0]!.id, upload: true, download: true },
            { host_id: hosts[0]!.id, upload: false, download: false },
          ],
        },
        'hosts',
      ],
      [{ hosts: [{ host_id: hosts[0]!.id, upload: true, download: true, connect: true }] }, 'hosts.0'],
    ];
    for (const [body, field] of cases) {
      const res = await put(admin, he, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().description).toContain(field);
    }
    const tw = await admin.req({ method: 'PUT', url: `/api/v1/bastion/users/${he}/permissions`, payload: { hosts: [] }, project: null, lang: 'zh-TW' });
    expect(tw.statusCode).toBe(400);
    // the member is in the tenant but holds no bastion role: a grant is refused, a revocation is not
    const member = await userId('member');
    const refused = await put(admin, member, { hosts: [{ host_id: hosts[0]!.id, upload: true, download: false }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toContain('堡垒机用户');
    expect((await put(admin, member, { hosts: [{ host_id: hosts[0]!.id, upload: false, download: false }] })).statusCode).toBe(200);
    expect((await put(admin, 'nothex', { hosts: [{ host_id: hosts[0]!.id, upload: true, download: false }] })).statusCode).toBe(404);
  });
});
