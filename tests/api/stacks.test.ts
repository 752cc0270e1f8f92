// Resource stacks (issue 31, ADR 0069): templates checked node by node with the kinds' own create
// schemas (refusals in zh-CN and zh-TW, nothing kept), a deploy that makes every resource through
// the engine in dependency order (the engine's price, the bind and the mount as its actions), a
// deploy over the project's quota rolled back through the engine with nothing left, and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { ids } from './approvals-helper.ts';
import { placement, settle } from './kinds-helpers.ts';
import { setQuota } from '../../src/server/platform/quotas/quotas.repository.ts';

let app: Awaited<ReturnType<typeof build>>;
let rnd: Client;
let fin: Client;
let P: Awaited<ReturnType<typeof ids>>;
type Json = Record<string, any>;

beforeAll(async () => {
  app = await build();
  P = await ids(app);
  const admin = await app.as('tenant_admin');
  rnd = { ...admin, req: (o) => admin.req({ project: P.rnd, ...o }) };
  fin = await app.as('fin_admin');
});
afterAll(async () => {
  await app?.close();
});

const HOST = { image: 'centos-7.9', flavor: 's6.large.2', system_disk_size: 40 };
let second = 60;
/** A template: a VPC, a subnet, `hosts` hosts, optionally an EIP on the first and a disk on it. */
function template(name: string, hosts: number, extras = false): Json {
  const n = second++;
  const nodes: Json[] = [
    { key: 'vpc', kind: 'vpc', name: `${name}-vpc`, spec: { cidr: `10.${n}.0.0/16` } },
    { key: 'subnet', kind: 'subnet', name: `${name}-subnet`, spec: { cidr: `10.${n}.1.0/24` } },
  ];
  const edges: Json[] = [{ from: 'subnet', to: 'vpc' }];
  for (let i = 1; i <= hosts; i++) {
    nodes.push({ key: `h${i}`, kind: 'instance', name: `${name}-h${i}`, spec: HOST });
    edges.push({ from: `h${i}`, to: 'subnet' });
  }
  if (extras) {
    nodes.push(
      { key: 'eip', kind: 'eip', name: `${name}-eip`, spec: { bandwidth: 5 } },
      { key: 'disk', kind: 'volume', name: `${name}-disk`, spec: { size: 50 } },
    );
    edges.push({ from: 'eip', to: 'h1' }, { from: 'disk', to: 'h1' });
  }
  return { name, nodes, edges };
}

const count = async (c: Client) => (await c.req({ method: 'GET', url: '/api/v1/stack-templates' })).json().count as number;
const save = (c: Client, body: Json, lang?: string) => c.req({ method: 'POST', url: '/api/v1/stack-templates', payload: body, ...(lang ? { lang } : {}) });
async function deploy(c: Client, templateId: string, name: string, extra: Json = {}) {
  const res = await c.req({
    method: 'POST',
    url: '/api/v1/stacks',
    payload: { template_id: templateId, name, ...(await placement(app)), password: 'Passw0rd2026', ...extra },
  });
  return res;
}
/** Polls a stack until the scheduler is done with it. */
async function until(c: Client, id: string, timeoutMs = 20_000): Promise<Json> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = (await c.req({ method: 'GET', url: `/api/v1/stacks/${id}` })).json();
    if (!['deploying', 'rolling_back', 'deleting'].includes(s.status)) return s;
    if (Date.now() > end) throw new Error(`stack still ${s.status}: ${JSON.stringify(s.resources)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}
const live = async (kind: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('resources')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', P.rnd)
        .where('kind', '=', kind)
        .where('status', '!=', 'deleted')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('stack templates', () => {
  it('lists the built-in demo templates, the three-tier web layout among them', async () => {
    const list = (await rnd.req({ method: 'GET', url: '/api/v1/stack-templates' })).json();
    const web = list.data.find((t: Json) => t.name === 'Web 三层架构');
    expect(web).toMatchObject({ builtin: true });
    expect(web.nodes.map((n: Json) => n.kind).sort()).toEqual(['eip', 'instance', 'instance', 'subnet', 'vpc']);
    const changed = await rnd.req({ method: 'PUT', url: `/api/v1/stack-templates/${web.id}`, payload: template('改名', 1) });
    expect(changed.statusCode).toBe(409);
  });

  it('refuses a template node by node, in the caller’s language, and keeps nothing', async () => {
    const before = await count(rnd);
    const cases: [Json, RegExp, RegExp][] = [
      [
        { ...template('t1', 1), nodes: [...template('t1', 1).nodes, { key: 'x', kind: 'nas', name: 'share-1', spec: {} }] },
        /「nas」不能用于编排/,
        /不能用於編排/,
      ],
      [{ ...template('t2', 1), edges: [{ from: 'subnet', to: 'vpc' }] }, /节点「t2-h1」：须连接到一个子网/, /節點「t2-h1」：須連接到一個子網路/],
      [{ ...template('t3', 1), edges: [...template('t3', 1).edges, { from: 'vpc', to: 'subnet' }] }, /私有网络不能连接到子网/, /不能連接到/],
      [
        { ...template('t4', 1), nodes: template('t4', 1).nodes.map((n: Json) => (n.key === 'h1' ? { ...n, spec: { ...HOST, flavor: 'huge' } } : n)) },
        /节点「t4-h1」的规格/,
        /節點「t4-h1」的規格/,
      ],
      [
        { ...template('t5', 1), nodes: template('t5', 1).nodes.map((n: Json) => (n.key === 'subnet' ? { ...n, spec: { cidr: '192.168.1.0/24' } } : n)) },
        /子网网段须在私有网络网段内/,
        /子網路/,
      ],
      [{ ...template('t6', 1), nodes: [] }, /至少要有一个资源节点/, /至少要有一個資源節點/],
    ];
    for (const [body, cn, tw] of cases) {
      const a = await save(rnd, body);
      expect(a.statusCode, a.body).toBe(400);
      expect(a.json().description).toMatch(cn);
      const b = await save(rnd, body, 'zh-TW');
      expect(b.statusCode).toBe(400);
      expect(b.json().description).toMatch(tw);
    }
    // A cycle needs two kinds that connect both ways: none do, so a loop is refused by its kinds first.
    expect(await count(rnd)).toBe(before);
  });

  it('saves, changes and deletes a template of its own', async () => {
    const res = await save(rnd, template('自建模板', 1));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const put = await rnd.req({ method: 'PUT', url: `/api/v1/stack-templates/${id}`, payload: template('自建模板二', 2) });
    expect(put.json()).toMatchObject({ name: '自建模板二', builtin: false });
    expect(put.json().nodes).toHaveLength(4);
    expect((await rnd.req({ method: 'DELETE', url: `/api/v1/stack-templates/${id}` })).statusCode).toBe(204);
    expect((await rnd.req({ method: 'GET', url: `/api/v1/stack-templates/${id}` })).statusCode).toBe(404);
  });
});

describe('stacks', () => {
  it('deploys every resource through the engine in order: the engine’s price, the EIP bound and the disk mounted', async () => {
    const t = (await save(rnd, template('web', 1, true))).json();
    expect((await deploy(rnd, t.id, '官网栈', { password: 'short' })).statusCode).toBe(400);
    const res = await deploy(rnd, t.id, '官网栈');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'deploying', template_name: 'web' });
    const done = await until(rnd, res.json().id);
    expect(done.status, JSON.stringify(done)).toBe('deployed');
    const by = (node: string) => done.resources.find((r: Json) => r.node === node);
    expect(by('eip').status).toBe('allocated');
    expect(by('disk').status).toBe('mounted');
    const h1 = (await rnd.req({ method: 'GET', url: `/api/instances/${by('h1').resource_id}` })).json();
    expect(h1).toMatchObject({ status: 'running', name: 'web-h1', spec: { subnet_id: by('subnet').resource_id, flavor: 's6.large.2' } });
    // The same host bought directly costs the same: the stack's create is the engine's.
    const direct = await rnd.req({
      method: 'POST',
      url: '/api/instances',
      payload: { name: 'direct-h', ...(await placement(app)), ...HOST, subnet_id: by('subnet').resource_id, password: 'Passw0rd2026' },
    });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(h1.spec.price_fen).toBe(direct.json().spec.price_fen);
    await settle(rnd, 'instances', direct.json().id);
  });

  it('rolls a stack over the project’s quota back through the engine, leaving nothing made', async () => {
    const t = (await save(rnd, template('quota', 2))).json();
    const before = { vpc: await live('vpc'), subnet: await live('subnet'), instance: await live('instance') };
    await setQuota(app.ctx.db, P.rnd, 'instance', before.instance + 1);
    try {
      const res = await deploy(rnd, t.id, '超配额栈');
      expect(res.statusCode, res.body).toBe(201);
      const done = await until(rnd, res.json().id);
      expect(done.status).toBe('rolled_back');
      expect(done.failure).toEqual({ node: 'quota-h2', description: '可用数量不足，请联系管理员' });
      expect(done.resources.every((r: Json) => r.state === 'removed' || r.state === 'pending')).toBe(true);
      expect({ vpc: await live('vpc'), subnet: await live('subnet'), instance: await live('instance') }).toEqual(before);
      const tw = (await rnd.req({ method: 'GET', url: `/api/v1/stacks/${done.id}`, lang: 'zh-TW' })).json();
      expect(tw.failure.description).not.toBe(done.failure.description);
    } finally {
      await app.ctx.db.deleteFrom('project_quotas').where('project_id', '=', P.rnd).where('kind', '=', 'instance').execute();
    }
  });

  it('keeps templates and stacks to their tenant', async () => {
    const t = (await save(rnd, template('mine', 1))).json();
    const stack = (await deploy(rnd, t.id, '隔离栈')).json();
    expect((await fin.req({ method: 'GET', url: `/api/v1/stack-templates/${t.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: `/api/v1/stacks/${stack.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/v1/stacks/${stack.id}` })).statusCode).toBe(404);
    const theirs = await fin.req({
      method: 'POST',
      url: '/api/v1/stacks',
      payload: { template_id: t.id, name: '借用模板', ...(await placement(app)), password: 'Passw0rd2026' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: '/api/v1/stacks' })).json().data.some((s: Json) => s.id === stack.id)).toBe(false);
    // Deleted: its resources go back through the engine and the stack leaves the list.
    expect((await until(rnd, stack.id)).status).toBe('deployed');
    const del = await rnd.req({ method: 'DELETE', url: `/api/v1/stacks/${stack.id}` });
    expect(del.statusCode, del.body).toBe(202);
    const end = Date.now() + 20_000;
    while ((await rnd.req({ method: 'GET', url: `/api/v1/stacks/${stack.id}` })).statusCode !== 404) {
      if (Date.now() > end) throw new Error('stack not deleted');
      await new Promise((r) => setTimeout(r, 40));
    }
  });
});
