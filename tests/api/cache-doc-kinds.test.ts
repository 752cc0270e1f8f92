// Cache (Redis) and document (MongoDB) databases as kinds (issue 29): a purchase with the defaults,
// every refusal of their rules (instance names, versions, architectures, memory and shards, flavor,
// storage ≥ 70 GB, ports, the administrator's user name of up to 64 characters, passwords), the price,
// the demo's running instances, and another tenant's instance answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { create, expect400, placement, settle } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let seq = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const name = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;
const PASSWORD = 'Cache2026Key';
const cache = async (extra: Record<string, unknown> = {}) => ({ name: name('redis'), ...(await placement(app)), password: PASSWORD, ...extra });
const doc = async (extra: Record<string, unknown> = {}) => ({ name: name('mongo'), ...(await placement(app)), password: 'Docs2026Key', ...extra });
const post = async (collection: string, body: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload: body });

describe('cache database (Redis)', () => {
  it('is bought with the defaults: 主从版, 4 GB, the newest version, port 6379, no password stored', async () => {
    const row = await create(c, 'cacheinstances', await cache());
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    const running = (await settle(c, 'cacheinstances', row.id))!;
    expect(running).toMatchObject({
      status: 'running',
      spec: { architecture: 'master_replica', memory_spec: '4g', memory: 4, shards: 1, version: '7.0', port: 6379 },
    });
    expect(running.spec.password).toBeUndefined();
    expect(running.available_actions).toEqual(expect.arrayContaining(['stop', 'reboot', 'delete']));
    const cluster = await create(c, 'cacheinstances', await cache({ architecture: 'cluster', memory_spec: '8g', shards: 4, version: '6.2', port: 16379 }));
    expect(cluster.spec).toMatchObject({ shards: 4, memory: 32, version: '6.2', port: 16379 });
    // A cluster without a number of shards gets three.
    expect((await create(c, 'cacheinstances', await cache({ architecture: 'cluster' }))).spec).toMatchObject({ shards: 3, memory: 12 });
  });

  it('refuses bad names, versions, architectures, memory, shards, ports and passwords', async () => {
    for (const [extra, field] of [
      [{ name: 'Redis1' }, 'name'],
      [{ name: '1redis' }, 'name'],
      [{ name: 'redis_1' }, 'name'],
      [{ name: 'r' }, 'name'],
      [{ name: 'r'.repeat(129) }, 'name'],
      [{ version: '7.2' }, 'version'],
      [{ architecture: 'sentinel' }, 'architecture'],
      [{ memory_spec: '3g' }, 'memory_spec'],
      [{ architecture: 'cluster', shards: 1 }, 'shards'],
      [{ architecture: 'cluster', shards: 33 }, 'shards'],
      [{ architecture: 'master_replica', shards: 2 }, 'shards'],
      [{ port: 0 }, 'port'],
      [{ port: 65536 }, 'port'],
      [{ password: undefined }, 'password'],
      [{ password: 'Ab1' }, 'password'],
      [{ password: 'alllowercase1' }, 'password'],
      [{ password: 'Welcome2026x' }, 'password'],
    ] as const)
      expect400(await post('cacheinstances', await cache(extra)), field);
    const reserved = await post('cacheinstances', await cache({ password: 'MyPassword9' }));
    expect(reserved.json().description).toContain('保留词');
    expect((await post('cacheinstances', await cache({ architecture: 'cluster', shards: 32 }))).statusCode).toBe(201);
  });
});

describe('document database (MongoDB)', () => {
  it('is bought with the defaults: 三节点副本集, 2 核 4 GB, 100 GB, user root, port 27017, no password stored', async () => {
    const row = await create(c, 'docinstances', await doc());
    const running = (await settle(c, 'docinstances', row.id))!;
    expect(running).toMatchObject({
      status: 'running',
      spec: {
        architecture: 'replica_set',
        replica_nodes: '3',
        shards: 1,
        flavor: '2c4g',
        cpu: 2,
        memory: 4,
        storage: 100,
        port: 27017,
        admin_user: 'root',
        version: '7.0',
      },
    });
    expect(running.spec.password).toBeUndefined();
    const sharded = await create(c, 'docinstances', await doc({ architecture: 'sharded', flavor: '4c8g', storage: 70, admin_user: 'a'.repeat(64) }));
    expect(sharded.spec).toMatchObject({ shards: 2, cpu: 4, memory: 8, storage: 70 });
  });

  it('refuses bad names, storage, flavors, shards, ports, user names over 64 and passwords naming the user', async () => {
    for (const [extra, field] of [
      [{ name: 'Mongo' }, 'name'],
      [{ name: 'mongo-1' }, 'name'],
      [{ version: '4.4' }, 'version'],
      [{ architecture: 'standalone' }, 'architecture'],
      [{ replica_nodes: '4' }, 'replica_nodes'],
      [{ flavor: '1c1g' }, 'flavor'],
      [{ storage: 69 }, 'storage'],
      [{ architecture: 'sharded', shards: 33 }, 'shards'],
      [{ shards: 2 }, 'shards'],
      [{ port: 70000 }, 'port'],
      [{ admin_user: 'a'.repeat(65) }, 'admin_user'],
      [{ admin_user: 'a' }, 'admin_user'],
      [{ admin_user: 'Admin' }, 'admin_user'],
      [{ admin_user: '9admin' }, 'admin_user'],
      [{ admin_user: 'admin_' }, 'admin_user'],
      [{ password: 'short1A' }, 'password'],
      [{ admin_user: 'dbowner', password: 'Dbowner2026x' }, 'password'],
      [{ password: 'Computer2026' }, 'password'],
    ] as const)
      expect400(await post('docinstances', await doc(extra)), field);
    const same = await post('docinstances', await doc({ admin_user: 'dbowner', password: 'Dbowner2026x' }));
    expect(same.json().description).toContain('用户名');
  });
});

describe('both kinds', () => {
  it('price a purchase, and the demo has one running of each in tenant_admin first project', async () => {
    for (const product_code of ['cacheinstance', 'docinstance']) {
      const res = await c.req({ method: 'POST', url: '/api/price/inquiry', payload: { product_code, charging_code: 'year', duration: 1, spec: {} } });
      expect(res.statusCode, product_code).toBe(200);
      expect(res.json().sum_price, product_code).toBeGreaterThan(0);
    }
    for (const collection of ['cacheinstances', 'docinstances']) {
      const rows = (await c.req({ method: 'GET', url: `/api/${collection}?__limit=100&name=demo` })).json().data as { status: string }[];
      expect(
        rows.some((r) => r.status === 'running'),
        collection,
      ).toBe(true);
    }
  });

  it('are invisible to another tenant', async () => {
    const ids = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    for (const [collection, body] of [
      ['cacheinstances', await cache()],
      ['docinstances', await doc()],
    ] as const) {
      const row = await create(c, collection, body);
      const scope = { tenant: ids.finance, project: null };
      expect((await other.req({ method: 'GET', url: `/api/${collection}/${row.id}`, ...scope })).statusCode).toBe(404);
      expect((await other.req({ method: 'POST', url: `/api/${collection}/${row.id}/actions`, payload: { action: 'stop' }, ...scope })).statusCode).toBe(404);
      const list = (await other.req({ method: 'GET', url: `/api/${collection}?__limit=100`, ...scope })).json().data as { id: string }[];
      expect(list.some((r) => r.id === row.id)).toBe(false);
    }
  });
});
