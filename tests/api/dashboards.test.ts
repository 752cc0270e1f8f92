// Dashboards (issue 31): a user's panels — at most three custom ones, names of 1-12 characters, at
// least one panel on, built-in panels neither renamed nor removed, an order naming every panel once —
// each refusal in the caller's language with its status and nothing written; the figures equal to
// the resources counted straight from the table in the caller's scope (tenant, or the member's
// project), and another tenant's headers answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let fin: Client;
let member: Client;
type Json = Record<string, any>;

beforeAll(async () => {
  app = await build();
  [admin, fin, member] = await Promise.all([app.as('tenant_admin'), app.as('fin_admin'), app.as('member')]);
  // a seeded build takes over a minute on a loaded machine
}, 240_000);
afterAll(async () => {
  await app?.close();
});

const layout = async (c: Client) => (await c.req({ method: 'GET', url: '/api/v1/dashboards/layout' })).json() as { panels: Json[]; updated_at: string | null };
const addPanel = (c: Client, payload: Json, lang?: string) => c.req({ method: 'POST', url: '/api/v1/dashboards/panels', payload, lang });
const patch = (c: Client, key: string, payload: Json, lang?: string) => c.req({ method: 'PATCH', url: `/api/v1/dashboards/panels/${key}`, payload, lang });

describe('dashboard panels', () => {
  it('starts with every built-in panel on, and adds custom panels up to three', async () => {
    const first = await layout(admin);
    expect(first.updated_at).toBeNull();
    expect(first.panels.map((p) => p.key)).toEqual(['overview', 'compute', 'database', 'memory', 'vendors']);
    expect(first.panels.every((p) => p.on && p.type === 'builtin')).toBe(true);
    for (const name of ['计算资源', '数据库一览', '十二个字的面板名称刚好够']) {
      const res = await addPanel(admin, { name, metrics: ['instance_count', 'cores_used'] });
      expect(res.statusCode, res.body).toBe(201);
    }
    const full = await layout(admin);
    expect(full.panels.filter((p) => p.type === 'custom').map((p) => p.name)).toEqual(['计算资源', '数据库一览', '十二个字的面板名称刚好够']);

    const fourth = await addPanel(admin, { name: '第四个', metrics: ['eip_count'] }, 'zh-TW');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().description).toBe('自訂面板最多 3 個，請先刪除不用的面板再新增');
    expect(await layout(admin)).toEqual(full);
  });

  it('refuses a name of 0 or 13 characters, unknown or repeated metrics, naming the field', async () => {
    const before = await layout(admin);
    const key = before.panels.find((p) => p.type === 'custom')!.key;
    const empty = await patch(admin, key, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'name' });
    expect(empty.json().description).toContain('面板名称须为 1-12 个字符');
    const long = await patch(admin, key, { name: '十三个字的面板名称超出了呀' }, 'zh-TW');
    expect(long.statusCode).toBe(400);
    expect(long.json().description).toContain('面板名稱須為 1-12 個字元');
    expect((await addPanel(fin, { name: 'x', metrics: ['bogus'] })).statusCode).toBe(400);
    expect((await addPanel(fin, { name: 'x', metrics: ['eip_count', 'eip_count'] })).json().description).toContain('指标不能重复选择');
    expect(await layout(admin)).toEqual(before);
  });

  it('renames, keeps built-in panels, keeps one panel on, and arranges', async () => {
    const l = await layout(admin);
    const custom = l.panels.find((p) => p.type === 'custom')!;
    const renamed = await patch(admin, custom.key, { name: ' 核心主机 ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().panels.find((p: Json) => p.key === custom.key).name).toBe('核心主机');

    const builtinName = await patch(admin, 'overview', { name: '总览' });
    expect(builtinName.statusCode).toBe(409);
    expect(builtinName.json().description).toBe('系统面板不能改名或更换指标');
    const builtinDelete = await admin.req({ method: 'DELETE', url: '/api/v1/dashboards/panels/overview' });
    expect(builtinDelete.statusCode).toBe(409);
    expect(builtinDelete.json().description).toBe('系统面板不能删除，可以将其关闭');

    // Everything off but one custom panel, then that one too: refused.
    for (const p of l.panels.filter((x) => x.key !== custom.key)) expect((await patch(admin, p.key, { on: false })).statusCode).toBe(200);
    const before = await layout(admin);
    const lastOff = await patch(admin, custom.key, { on: false });
    expect(lastOff.statusCode).toBe(409);
    expect(lastOff.json().description).toBe('至少保留一个面板处于开启状态');
    const lastDelete = await admin.req({ method: 'DELETE', url: `/api/v1/dashboards/panels/${custom.key}`, lang: 'zh-TW' });
    expect(lastDelete.statusCode).toBe(409);
    expect(lastDelete.json().description).toBe('至少保留一個面板處於開啟狀態');
    expect(await layout(admin)).toEqual(before);

    const keys = before.panels.map((p) => p.key).reverse();
    const bad = await admin.req({ method: 'PUT', url: '/api/v1/dashboards/order', payload: { keys: keys.slice(1) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('面板顺序须包含当前的每个面板');
    const ok = await admin.req({ method: 'PUT', url: '/api/v1/dashboards/order', payload: { keys } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await layout(admin)).panels.map((p) => p.key)).toEqual(keys);

    // A panel removed frees a place for another.
    const removable = before.panels.filter((p) => p.type === 'custom')[1]!;
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/dashboards/panels/${removable.key}` })).statusCode).toBe(200);
    expect((await addPanel(admin, { name: '新面板', metrics: ['db_count'] })).statusCode).toBe(201);
  });

  it('keeps each user their own panels; another tenant is 404', async () => {
    expect((await layout(member)).panels.filter((p) => p.type === 'custom')).toHaveLength(0);
    const foreign = admin.territories[0]!.tenant_id;
    const res = await fin.req({ method: 'GET', url: '/api/v1/dashboards/layout', tenant: foreign, project: null });
    expect(res.statusCode).toBe(404);
    const key = (await layout(admin)).panels.find((p) => p.type === 'custom')!.key;
    expect((await patch(fin, key, { name: '偷看' })).statusCode).toBe(404);
    for (const url of ['summary', 'capacity?cluster=compute', 'report?metrics=instance_count', 'gtm']) {
      expect((await fin.req({ method: 'GET', url: `/api/v1/dashboards/${url}`, tenant: foreign, project: null })).statusCode).toBe(404);
    }
  });
});

/** The scope's figures counted straight from the table. */
async function counted(tenantId: string, projectId: string | null) {
  const { rows } = await sql<{ kind: string; vendor: string; region_id: string | null; n: number; cpu: number; mem: number; disk: number; size: number }>`
    select kind, vendor, region_id, count(*)::int as n,
      coalesce(sum((spec->>'cpu')::numeric), 0)::float as cpu, coalesce(sum((spec->>'memory')::numeric), 0)::float as mem,
      coalesce(sum((spec->>'system_disk_size')::numeric), 0)::float as disk, coalesce(sum((spec->>'size')::numeric), 0)::float as size
    from resources where tenant_id = ${tenantId} and status <> 'deleted' ${projectId ? sql`and project_id = ${projectId}` : sql``}
    group by kind, vendor, region_id`.execute(app.ctx.db);
  return rows;
}

describe('dashboard figures', () => {
  it('counts the tenant admin’s whole tenant and the member’s one project', async () => {
    const tenant = admin.territories[0]!.tenant_id;
    for (const [c, project] of [
      [admin, null],
      [member, member.territories[0]!.projects[0]!.project_id],
    ] as const) {
      const rows = await counted(tenant, project);
      const res = await c.req({ method: 'GET', url: '/api/v1/dashboards/summary', project });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json();
      const total = rows.reduce((t, r) => t + r.n, 0);
      expect(total).toBeGreaterThan(0);
      expect(Object.values(s.kinds as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
      expect(s.kinds.instance).toBe(rows.filter((r) => r.kind === 'instance').reduce((t, r) => t + r.n, 0));
      expect(s.trend).toHaveLength(30);
      expect(s.trend.at(-1).count).toBe(total);
      const compute = rows.filter((r) => r.kind === 'instance' || r.kind === 'phyhost');
      expect(s.capacity.compute.cores_used).toBe(compute.filter((r) => r.region_id).reduce((t, r) => t + r.cpu, 0));
    }
    // The member sees fewer than the whole tenant.
    const all = (await admin.req({ method: 'GET', url: '/api/v1/dashboards/summary', project: null })).json();
    const mine = (await member.req({ method: 'GET', url: '/api/v1/dashboards/summary' })).json();
    expect(mine.vendors.reduce((t: number, v: Json) => t + v.count, 0)).toBeLessThan(all.vendors.reduce((t: number, v: Json) => t + v.count, 0));
    // A member may not ask for the whole tenant.
    expect((await member.req({ method: 'GET', url: '/api/v1/dashboards/summary', project: null })).statusCode).toBe(400);
  });

  it('answers capacity per vendor and region: used from the resources, total from the cloud', async () => {
    const tenant = fin.territories[0]!.tenant_id;
    const rows = await counted(tenant, null);
    const res = await fin.req({ method: 'GET', url: '/api/v1/dashboards/capacity?cluster=compute', project: null });
    expect(res.statusCode, res.body).toBe(200);
    const cap = res.json();
    expect(cap.rows.length).toBeGreaterThan(1);
    for (const r of cap.rows) {
      const here = rows.filter((x) => x.region_id === r.region_id && x.vendor === r.vendor);
      const compute = here.filter((x) => x.kind === 'instance' || x.kind === 'phyhost');
      expect(r.count).toBe(compute.reduce((t, x) => t + x.n, 0));
      expect(r.cores_used).toBe(compute.reduce((t, x) => t + x.cpu, 0));
      expect(r.memory_used).toBe(compute.reduce((t, x) => t + x.mem, 0));
      expect(r.storage_used).toBe(
        here.filter((x) => x.kind === 'instance').reduce((t, x) => t + x.disk, 0) + here.filter((x) => x.kind === 'volume').reduce((t, x) => t + x.size, 0),
      );
      expect(r.cores_total).toBeGreaterThan(0);
      expect(r.region_name).not.toBe('');
    }
    expect(cap.totals.count).toBe(cap.rows.reduce((t: number, r: Json) => t + r.count, 0));
    const again = (await fin.req({ method: 'GET', url: '/api/v1/dashboards/capacity?cluster=compute', project: null })).json();
    expect(again).toEqual(cap);
    const db = (await admin.req({ method: 'GET', url: '/api/v1/dashboards/capacity?cluster=database', project: null })).json();
    expect(db.totals.count).toBe(
      rows.length >= 0
        ? (await counted(admin.territories[0]!.tenant_id, null))
            .filter((x) => x.region_id && ['db_instance', 'doc_instance'].includes(x.kind))
            .reduce((t, x) => t + x.n, 0)
        : 0,
    );
    expect((await fin.req({ method: 'GET', url: '/api/v1/dashboards/capacity?cluster=gpu' })).statusCode).toBe(400);
  });

  it('reports chosen metrics per vendor and per project, totals equal to the rows', async () => {
    const tenant = admin.territories[0]!.tenant_id;
    const rows = await counted(tenant, null);
    const res = await admin.req({ method: 'GET', url: '/api/v1/dashboards/report?group=vendor&metrics=instance_count,eip_count', project: null });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.metrics).toEqual(['instance_count', 'eip_count']);
    for (const row of r.rows) {
      expect(row.values.instance_count).toBe(rows.filter((x) => x.vendor === row.key && x.kind === 'instance').reduce((t, x) => t + x.n, 0));
      expect(Object.keys(row.values)).toEqual(['instance_count', 'eip_count']);
    }
    expect(r.totals.eip_count).toBe(rows.filter((x) => x.kind === 'eip').reduce((t, x) => t + x.n, 0));
    const byProject = (await admin.req({ method: 'GET', url: '/api/v1/dashboards/report?group=project&metrics=resource_count', project: null })).json();
    expect(byProject.rows.every((x: Json) => x.label)).toBe(true);
    expect(byProject.totals.resource_count).toBe(rows.reduce((t, x) => t + x.n, 0));
    expect((await admin.req({ method: 'GET', url: '/api/v1/dashboards/report?metrics=' })).statusCode).toBe(400);
  });

  it('sums the GTM instances of the scope', async () => {
    const tenant = admin.territories[0]!.tenant_id;
    const n = await app.ctx.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant)
      .where('kind', '=', 'gtm_instance')
      .where('status', '<>', 'deleted')
      .executeTakeFirstOrThrow();
    const g = (await admin.req({ method: 'GET', url: '/api/v1/dashboards/gtm', project: null })).json();
    expect(g.total).toBe(Number(n.n));
    expect(Object.values(g.by_status as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(g.total);
  });
});
