// Managed database instances as a kind (issue 29): the purchase rules (engine versions, instance
// names with Oracle's 8-character limit, data disk ≥ 70 GB, archive disk ≥ 30 GB), the simulated
// create, the actions and their refusals, the price, the seed's `dbinstances` list and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, expect400, expect409, placement, settle } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let seq = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  // Instances that ran got databases of their own (on MariaDB when MYSQL_URL is set): dropped here.
  const console = app.ctx.dbConsole;
  for (const row of await console.repo.allBackends()) if (row.provisioned_at) await console.backends[row.backend]?.drop(instanceDbOf(console, row));
  await app.close();
});

const uniqName = (prefix = 'db') => `${prefix}${Date.now().toString(36)}${seq++}`;
const body = async (extra: Record<string, unknown> = {}) => ({
  name: uniqName(),
  ...(await placement(app)),
  engine: 'mysql',
  version: '8.0',
  flavor: '2c4g',
  data_disk: 100,
  archive_disk: 50,
  ...extra,
});
const post = async (extra: Record<string, unknown>) => c.req({ method: 'POST', url: '/api/dbinstances', payload: await body(extra) });

describe('database instance', () => {
  it('goes creating → running with its flavor, port and price', async () => {
    const row = await create(c, 'dbinstances', await body({ engine: 'mysql', version: '5.7' }));
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    const running = (await settle(c, 'dbinstances', row.id))!;
    expect(running).toMatchObject({ status: 'running', spec: { engine: 'mysql', version: '5.7', cpu: 2, memory: 4, port: 3306, charset: 'utf8mb4' } });
    // The engine's usual port unless the purchase names one.
    const pg = await create(c, 'dbinstances', await body({ engine: 'postgresql', version: '14', port: 15432, flavor: '4c8g' }));
    expect(pg.spec).toMatchObject({ port: 15432, cpu: 4, memory: 8 });
    // Left out: the engine's newest version and the usual disks.
    const { version: _v, data_disk: _d, archive_disk: _a, ...bare } = await body({ engine: 'postgresql' });
    const plain = await create(c, 'dbinstances', bare);
    expect(plain.spec).toMatchObject({ version: '16', data_disk: 100, archive_disk: 50, port: 5432 });
    expect(running.available_actions).toEqual(expect.arrayContaining(['stop', 'reboot', 'delete']));
  });

  it('refuses disks below their minimums, bad names, Oracle names over 8 and unknown versions', async () => {
    expect400(await post({ data_disk: 69 }), 'data_disk');
    expect400(await post({ archive_disk: 29 }), 'archive_disk');
    expect400(await post({ data_disk: 70.5 }), 'data_disk');
    expect400(await post({ name: 'Orders' }), 'name');
    expect400(await post({ name: '9orders' }), 'name');
    expect400(await post({ name: 'order_db' }), 'name');
    expect400(await post({ name: 'a'.repeat(129) }), 'name');
    expect400(await post({ version: '19c' }), 'version');
    expect400(await post({ engine: 'sqlserver' }), 'engine');
    const oracle = { engine: 'oracle', version: '19c' };
    const long = await post({ ...oracle, name: 'oracledb9' });
    expect400(long, 'name');
    expect(long.json().description).toContain('8');
    // At the minimums and at Oracle's 8 characters it is bought.
    expect((await post({ data_disk: 70, archive_disk: 30 })).statusCode).toBe(201);
    expect((await post({ ...oracle, name: 'oracledb' })).statusCode).toBe(201);
  });

  it('stops, starts, refuses what its state does not allow, and goes to the recycle bin', async () => {
    const row = await create(c, 'dbinstances', await body());
    await settle(c, 'dbinstances', row.id);
    expect409(await act(c, 'dbinstances', row.id, { action: 'start' }), '当前状态不允许启动');
    expect((await actSettled(c, 'dbinstances', row.id, { action: 'stop' })).status).toBe('stopped');
    expect409(await act(c, 'dbinstances', row.id, { action: 'reboot' }), '当前状态不允许重启');
    const tw = await c.req({ method: 'POST', url: `/api/dbinstances/${row.id}/actions`, payload: { action: 'stop' }, lang: 'zh-TW' });
    expect(tw.statusCode).toBe(409);
    expect(tw.json().description).toBe('目前狀態不允許停止');
    expect((await actSettled(c, 'dbinstances', row.id, { action: 'start' })).status).toBe('running');
    expect((await actSettled(c, 'dbinstances', row.id, { action: 'delete' })).status).toBe('deleted');
  });

  it('lists at /api/v1/dbinstances with the engine list paging and filters', async () => {
    const res = await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&engine=postgresql' });
    expect(res.statusCode).toBe(200);
    const { count, data } = res.json() as { count: number; data: { spec: { engine: string }; name: string; status: string }[] };
    expect(count).toBeGreaterThan(0);
    expect(data.every((r) => r.spec.engine === 'postgresql')).toBe(true);
    // The demo: a running MySQL and a running PostgreSQL instance in tenant_admin's first project.
    const all = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as {
      spec: { engine: string };
      status: string;
    }[];
    for (const engine of ['mysql', 'postgresql'])
      expect(
        all.some((r) => r.spec.engine === engine && r.status === 'running'),
        engine,
      ).toBe(true);
    const paged = await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=1&__offset=0' });
    expect(paged.json().data).toHaveLength(1);
  });

  it('is invisible to another tenant', async () => {
    const row = await create(c, 'dbinstances', await body());
    const ids = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `/api/dbinstances/${row.id}`, tenant: ids.finance, project: null })).statusCode).toBe(404);
    const list = await other.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100', tenant: ids.finance, project: null });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { id: string }[]).some((r) => r.id === row.id)).toBe(false);
    expect(
      (await other.req({ method: 'POST', url: `/api/dbinstances/${row.id}/actions`, payload: { action: 'stop' }, tenant: ids.finance, project: null }))
        .statusCode,
    ).toBe(404);
  });
});
