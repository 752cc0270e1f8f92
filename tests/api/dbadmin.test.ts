// Instance administration (issue 29, ADR 0058): parameters, plugins, table sizes and metric series of
// a managed database instance under /api/v1/dbinstances/:id. The demo instances are reused (no new
// instance is bought): PostgreSQL on Yunshu's PostgreSQL under TEST_DB=postgres, else on an embedded
// PGlite; MySQL on the local MariaDB through MYSQL_URL (skipped, with the reason, when it is not there).
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';
import { build, type Client } from './helper.ts';

const MYSQL_URL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
async function reachable(url: string): Promise<boolean> {
  try {
    await (await mysql.createConnection({ uri: url, connectTimeout: 2000 })).end();
    return true;
  } catch (err) {
    console.warn(`MySQL cases skipped: no MySQL-compatible server at ${url} (${(err as Error).message})`);
    return false;
  }
}
const hasMysql = await reachable(MYSQL_URL);
const onPostgres = process.env.TEST_DB === 'postgres';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
const saved = process.env.MYSQL_URL;
const ids = { pg: '', mysql: '' };

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  app = await build();
  c = await app.as('tenant_admin');
  const list = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as { id: string; spec: { engine: string } }[];
  ids.pg = list.find((r) => r.spec.engine === 'postgresql')!.id;
  ids.mysql = list.find((r) => r.spec.engine === 'mysql')!.id;
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved === undefined) delete process.env.MYSQL_URL;
  else process.env.MYSQL_URL = saved;
});

const base = (id: string) => `/api/v1/dbinstances/${id}`;
const get = (id: string, path: string, client = c) => client.req({ method: 'GET', url: `${base(id)}/${path}` });
const put = (id: string, name: string, value: unknown) => c.req({ method: 'PUT', url: `${base(id)}/parameters/${name}`, payload: { value } });
const sql = async (id: string, statement: string) => {
  const res = await c.req({ method: 'POST', url: `${base(id)}/sql`, payload: { sql: statement } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: unknown[][] };
};
type Param = {
  name: string;
  value: string;
  type: string;
  unit: string | null;
  min: number | null;
  max: number | null;
  options: string[] | null;
  saved: unknown;
};
const refusal = (res: { statusCode: number; json: () => { description: string } }, status: number, text: string | RegExp) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().description).toMatch(text);
};

describe('parameters on PostgreSQL', () => {
  it('reads the whitelist with the engine’s own metadata', async () => {
    const res = await get(ids.pg, 'parameters');
    expect(res.statusCode, res.body).toBe(200);
    const params = (res.json() as { engine: string; data: Param[] }).data;
    const by = (n: string) => params.find((p) => p.name === n)!;
    expect(res.json().engine).toBe('pg');
    expect(by('work_mem')).toMatchObject({ type: 'integer', unit: 'kB', min: 64 });
    expect(by('default_transaction_isolation').options).toContain('serializable');
    expect(by('TimeZone').type).toBe('string');
    expect(params.some((p) => p.name === 'shared_buffers')).toBe(false);
  });

  it('refuses values by type, range, choice, the engine’s judgement and the whitelist', async () => {
    refusal(await put(ids.pg, 'work_mem', 'lots'), 400, '参数 work_mem 须为整数');
    refusal(await put(ids.pg, 'work_mem', 1), 400, /^参数 work_mem 的取值范围为 64 ~ \d+$/);
    refusal(await put(ids.pg, 'default_transaction_isolation', 'sometimes'), 400, /^参数 default_transaction_isolation 只能取以下值：/);
    refusal(await put(ids.pg, 'TimeZone', 'Mars/Olympus'), 400, /^数据库引擎不接受参数 TimeZone 的这个值：/);
    refusal(await put(ids.pg, 'shared_buffers', '1GB'), 400, '参数 shared_buffers 不在可修改的参数列表中');
    refusal(await put(ids.pg, 'work_mem', ''), 400, '请填写参数 work_mem 的值');
  });

  it('applies a change the SQL console then sees, and keeps it on the instance', async () => {
    const res = await put(ids.pg, 'TimeZone', 'Asia/Tokyo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'TimeZone', value: 'Asia/Tokyo', applied: true });
    expect((await sql(ids.pg, 'show timezone')).rows).toEqual([['Asia/Tokyo']]);
    expect((await put(ids.pg, 'work_mem', 8192)).statusCode).toBe(200);
    expect((await sql(ids.pg, 'show work_mem')).rows).toEqual([['8MB']]);
    const after = (await get(ids.pg, 'parameters')).json().data as Param[];
    expect(after.find((p) => p.name === 'TimeZone')).toMatchObject({ value: 'Asia/Tokyo', saved: { value: 'Asia/Tokyo', applied: true } });
  });
});

describe('plugins on PostgreSQL', () => {
  it('lists the extensions, refuses what cannot be done', async () => {
    const res = await get(ids.pg, 'plugins');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ engine: 'pg', manageable: true });
    expect((res.json().data as { name: string; installed_version: string | null }[]).find((p) => p.name === 'plpgsql')?.installed_version).toBeTruthy();
    refusal(await c.req({ method: 'DELETE', url: `${base(ids.pg)}/plugins/plpgsql` }), 409, '插件 plpgsql 为内置插件，不能卸载');
    refusal(await c.req({ method: 'POST', url: `${base(ids.pg)}/plugins`, payload: { name: 'no_such_ext' } }), 404, '插件 no_such_ext 在此实例上不可用');
  });

  // An embedded PGlite offers plpgsql alone; Yunshu's PostgreSQL offers the trusted contrib extensions.
  it.runIf(onPostgres)('installs pgcrypto into the instance’s database and drops it again', async () => {
    const made = await c.req({ method: 'POST', url: `${base(ids.pg)}/plugins`, payload: { name: 'pgcrypto' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await sql(ids.pg, "select extname from pg_extension where extname = 'pgcrypto'")).rows).toEqual([['pgcrypto']]);
    refusal(await c.req({ method: 'POST', url: `${base(ids.pg)}/plugins`, payload: { name: 'pgcrypto' } }), 409, '插件 pgcrypto 已安装');
    expect((await c.req({ method: 'DELETE', url: `${base(ids.pg)}/plugins/pgcrypto` })).statusCode).toBe(200);
    expect((await sql(ids.pg, "select extname from pg_extension where extname = 'pgcrypto'")).rows).toEqual([]);
    refusal(await c.req({ method: 'DELETE', url: `${base(ids.pg)}/plugins/pgcrypto` }), 409, '插件 pgcrypto 未安装');
  });
});

describe('table sizes and metrics', () => {
  it('sizes the instance’s own tables with totals', async () => {
    const res = await get(ids.pg, 'tablespaces');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { totals: { tables: number; total_bytes: number }; data: { table: string; total_bytes: number }[] };
    const products = body.data.find((t) => t.table === 'products')!;
    expect(products.total_bytes).toBeGreaterThan(0);
    expect(body.totals.tables).toBe(body.data.length);
    expect(body.totals.total_bytes).toBe(body.data.reduce((a, t) => a + t.total_bytes, 0));
  });

  it('draws the simulated cloud’s series of the instance, the same as the engine’s metric route', async () => {
    const res = await get(ids.pg, 'metrics?range=1h');
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().series as { metric: string; data: { t: string; v: number }[] }[];
    expect(series.map((s) => s.metric)).toEqual(['cpu', 'memory', 'connections', 'read_iops', 'write_iops', 'disk_usage']);
    const engine = (await c.req({ method: 'GET', url: `/api/dbinstances/${ids.pg}/metrics?metric=cpu&range=1h` })).json().data as unknown[];
    expect(series[0]!.data.length).toBeGreaterThan(10);
    expect(series[0]!.data[0]).toEqual(engine[0]);
    expect((await get(ids.pg, 'metrics?range=9y')).statusCode).toBe(400);
  });
});

describe.runIf(hasMysql)('MySQL (MariaDB through MYSQL_URL)', () => {
  it('reads the variables with MariaDB’s metadata, keeps a change it cannot apply, refuses read-only ones', async () => {
    const params = (await get(ids.mysql, 'parameters')).json().data as (Param & { editable: boolean })[];
    const by = (n: string) => params.find((p) => p.name === n)!;
    expect(by('sql_mode').type).toBe('set');
    expect(by('wait_timeout')).toMatchObject({ type: 'integer', min: 1 });
    refusal(await put(ids.mysql, 'max_connections', 10), 409, '参数 max_connections 为只读参数，不能修改');
    refusal(await put(ids.mysql, 'wait_timeout', 0), 400, /^参数 wait_timeout 的取值范围为 1 ~ /);
    refusal(await put(ids.mysql, 'sql_mode', 'NO_SUCH_MODE'), 400, /^参数 sql_mode 只能取以下值：/);
    const ok = await put(ids.mysql, 'time_zone', '+09:00');
    expect(ok.json()).toEqual({ name: 'time_zone', value: '+09:00', applied: false });
    expect(((await get(ids.mysql, 'parameters')).json().data as Param[]).find((p) => p.name === 'time_zone')!.saved).toMatchObject({ value: '+09:00' });
  });

  it('lists the server’s plugins read only and sizes the instance’s tables', async () => {
    const res = await get(ids.mysql, 'plugins');
    expect(res.json()).toMatchObject({ engine: 'mysql', manageable: false });
    expect((res.json().data as { name: string }[]).some((p) => p.name === 'InnoDB')).toBe(true);
    refusal(await c.req({ method: 'POST', url: `${base(ids.mysql)}/plugins`, payload: { name: 'InnoDB' } }), 409, /^MySQL 插件由数据库服务统一管理/);
    const sizes = (await get(ids.mysql, 'tablespaces')).json() as { data: { table: string }[] };
    expect(sizes.data.some((t) => t.table === 'orders')).toBe(true);
  });
});

describe('scope and state', () => {
  it('answers 404 for another tenant’s instance, reads and writes alike', async () => {
    const other = await app.as('fin_admin');
    for (const path of ['parameters', 'plugins', 'tablespaces', 'metrics']) expect((await get(ids.pg, path, other)).statusCode).toBe(404);
    expect((await other.req({ method: 'PUT', url: `${base(ids.pg)}/parameters/TimeZone`, payload: { value: 'UTC' } })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `${base(ids.pg)}/plugins`, payload: { name: 'plpgsql' } })).statusCode).toBe(404);
  });

  it('refuses an engine without a backend here and an instance that is not running', async () => {
    const tenant = c.territories[0]!;
    const row = (engine: string, status: string) => ({
      id: newId(),
      kind: 'db_instance',
      tenant_id: tenant.tenant_id,
      project_id: tenant.projects[0]!.project_id,
      vendor: 'openstack',
      region_id: null,
      az_id: null,
      name: `adm${engine}`,
      status,
      spec: JSON.stringify({ engine, version: '19c', flavor: '2c4g' }),
    });
    const oracle = row('oracle', 'running');
    const stopped = row('postgresql', 'stopped');
    await app.ctx.db.insertInto('resources').values([oracle, stopped]).execute();
    refusal(await get(oracle.id, 'parameters'), 409, '此数据库类型暂不支持参数、插件与表空间管理');
    refusal(await get(stopped.id, 'plugins'), 409, '数据库实例未在运行中，无法查看或修改参数、插件与表空间');
    refusal(
      await c.req({ method: 'PUT', url: `${base(stopped.id)}/parameters/TimeZone`, payload: { value: 'UTC' }, lang: 'zh-TW' }),
      409,
      '資料庫執行個體未在執行中，無法檢視或修改參數、外掛程式與表空間',
    );
    expect((await get(stopped.id, 'metrics')).statusCode).toBe(200);
  });
});
