// Accounts and databases of managed database instances (issue 29, ADR 0055): every name, password
// and privilege rule of seed 001 §5/§6 refused with its message, tenant isolation, and a real round
// trip per engine — MySQL on the local MariaDB (MYSQL_URL), PostgreSQL on Yunshu's PostgreSQL
// (TEST_DB=postgres) or an embedded PGlite: a read-only account reads and may not write, a DML one
// writes and may not change tables, a database made and dropped in the engine.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { create, expect409, placement } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';

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
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
const saved = process.env.MYSQL_URL;
const ids: Record<'mysql' | 'postgresql', string> = { mysql: '', postgresql: '' };

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  app = await build();
  c = await app.as('tenant_admin');
  const list = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as { id: string; spec: { engine: string } }[];
  for (const engine of ['mysql', 'postgresql'] as const) ids[engine] = list.find((r) => r.spec.engine === engine)!.id;
});

afterAll(async () => {
  // Every backing database this run made is dropped, with its accounts and databases.
  for (const row of (await app.ctx.dbConsole.repo.allBackends()).filter((r) => r.provisioned_at))
    await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved === undefined) delete process.env.MYSQL_URL;
  else process.env.MYSQL_URL = saved;
});

const base = (id: string) => `/api/v1/dbinstances/${id}`;
const post = (url: string, payload: Record<string, unknown>, client = c) => client.req({ method: 'POST', url, payload });
const put = (url: string, payload: Record<string, unknown>) => c.req({ method: 'PUT', url, payload });
const del = (url: string) => c.req({ method: 'DELETE', url });
const account = (extra: Record<string, unknown> = {}) => ({
  name: 'reader',
  password: 'Shop2026xyz',
  confirm_password: 'Shop2026xyz',
  privilege: 'readonly',
  databases: ['shop'],
  ...extra,
});
const rule = (res: { statusCode: number; body: string; json: () => any }, field: string, r: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ field, rule: r });
};
const sql = (id: string, statement: string, as?: string) => post(`${base(id)}/sql`, { sql: statement, ...(as ? { account: as } : {}) });
const ok = async (id: string, statement: string, as?: string) => {
  const res = await sql(id, statement, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: unknown[][] };
};

describe('the rules of accounts and databases', () => {
  it('refuses names, passwords and privileges outside the seed’s rules, per engine', async () => {
    const my = `${base(ids.mysql)}/accounts`;
    for (const name of ['1reader', 'reader_', 'Reader', 'read-er', 'a'])
      rule(await post(my, account({ name })), 'name', name === 'a' ? 'too_small' : 'db_account_name');
    rule(await post(my, account({ name: 'r'.repeat(17) })), 'name', 'too_big');
    rule(await post(`${base(ids.postgresql)}/accounts`, account({ name: 'r'.repeat(31) })), 'name', 'too_big');
    const cases: [string, string][] = [
      ['Sh0rt', 'password_length'],
      ['a'.repeat(33) + 'A1', 'password_length'],
      ['shopping2026', 'password_mix'],
      ['Welcome2026', 'password_reserved'],
      ['Abcd2026xyz', 'password_reserved'],
      ['Reader2026X', 'password_account'],
      ['密码Shop2026x', 'no_chinese'],
    ];
    for (const [password, r] of cases) rule(await post(my, account({ password, confirm_password: password })), 'password', r);
    const mismatch = await post(my, account({ confirm_password: 'Shop2026xyZ' }));
    rule(mismatch, 'confirm_password', 'password_mismatch');
    expect(mismatch.json().description).toBe('confirm_password：两次输入的密码不一致');
    rule(await post(my, account({ privilege: 'superuser' })), 'privilege', 'invalid_value');
    rule(await post(my, account({ databases: [] })), 'databases', 'too_small');
    rule(await post(my, account({ databases: ['nowhere'] })), 'databases', 'db_database_unknown');

    const dbs = `${base(ids.mysql)}/databases`;
    rule(await post(dbs, { name: 'd'.repeat(61) }), 'name', 'too_big');
    rule(await post(dbs, { name: '9shop' }), 'name', 'db_database_name');
    rule(await post(dbs, { name: 'mysql' }), 'name', 'db_database_reserved');
    rule(await post(dbs, { name: 'shop', charset: 'big5' }), 'charset', 'invalid_value');
    const pgDbs = `${base(ids.postgresql)}/databases`;
    rule(await post(pgDbs, { name: 'public' }), 'name', 'db_database_reserved');
    rule(await post(pgDbs, { name: 'pg_shop' }), 'name', 'db_database_reserved');
    rule(await post(pgDbs, { name: 'shop', charset: 'gbk' }), 'charset', 'invalid_value');
    rule(await post(pgDbs, { name: 'd'.repeat(64) }), 'name', 'too_big');
  });

  it('takes 30-character names on Oracle (kept by the cloud, oracle-accounts.test.ts; an instance being made refuses them) and 64 on the document database', async () => {
    const where = await placement(app);
    const base2 = { ...where, flavor: '2c4g', data_disk: 70, archive_disk: 30 };
    const oracle = await create(c, 'dbinstances', { ...base2, name: `ora${Date.now() % 100000}`, engine: 'oracle' });
    const mongo = await create(c, 'dbinstances', { ...base2, name: `mongo${Date.now()}`, engine: 'mongodb' });
    rule(await post(`${base(oracle.id)}/accounts`, account({ name: 'o'.repeat(31), databases: ['orcl'] })), 'name', 'too_big');
    expect409(await post(`${base(oracle.id)}/accounts`, account({ name: 'o'.repeat(30), databases: ['orcl'] })), '数据库实例未运行，无法管理账号与数据库');
    rule(await post(`${base(oracle.id)}/databases`, { name: 'orcldata1' }), 'name', 'too_big');
    rule(await post(`${base(mongo.id)}/accounts`, account({ name: 'm'.repeat(65) })), 'name', 'too_big');
    expect409(await post(`${base(mongo.id)}/accounts`, account({ name: 'm'.repeat(64) })), '该数据库类型暂不支持账号与数据库管理');
  });

  it('answers 404 to another tenant and to an unknown instance', async () => {
    const demo = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    const fin = { ...other, req: (o: Parameters<Client['req']>[0]) => other.req({ ...o, tenant: demo.finance, project: null }) };
    for (const url of [`${base(ids.mysql)}/accounts`, `${base(ids.mysql)}/databases`]) {
      expect((await fin.req({ method: 'GET', url })).statusCode).toBe(404);
      expect((await post(url, { name: 'shop' }, fin)).statusCode).toBe(404);
    }
    expect((await fin.req({ method: 'DELETE', url: `${base(ids.mysql)}/databases/shop` })).statusCode).toBe(404);
    expect((await c.req({ method: 'GET', url: `${base('f'.repeat(32))}/accounts` })).statusCode).toBe(404);
  });
});

describe.each(['mysql', 'postgresql'] as const)('accounts and databases for real on %s', (engine) => {
  const onEngine = engine === 'mysql' && !hasMysql ? it.skip : it;

  onEngine('makes a database, a read-only account that reads and may not write, a DML one, and drops them', async () => {
    const id = ids[engine];
    const made = await post(`${base(id)}/databases`, { name: 'shop', charset: engine === 'mysql' ? 'gbk' : 'utf8', description: '商城' });
    expect(made.statusCode, made.body).toBe(201);
    const shop = made.json() as { engine_name: string; default: boolean; charset: string };
    expect(shop.charset).toBe(engine === 'mysql' ? 'gbk' : 'utf8');
    expect409(await post(`${base(id)}/databases`, { name: 'shop' }), '数据库名已存在');
    const list = (await c.req({ method: 'GET', url: `${base(id)}/databases` })).json().data as { name: string; default: boolean }[];
    expect(list[0]!.default).toBe(true);
    expect(list.map((d) => d.name)).toContain('shop');
    const table = engine === 'mysql' ? `${shop.engine_name}.items` : 'shop.items';
    // the database is there in the engine: the instance's owner makes a table in it
    await ok(id, `create table ${table} (id int primary key, title varchar(20))`);
    await ok(id, `insert into ${table} values (1, 'pen')`);

    const res = await post(`${base(id)}/accounts`, account({ description: '报表' }));
    expect(res.statusCode, res.body).toBe(201);
    const reader = res.json() as { engine_user: string; privilege: string };
    expect(reader).toMatchObject({ privilege: 'readonly', databases: ['shop'] });
    expect(res.body).not.toContain('Shop2026xyz');
    expect409(await post(`${base(id)}/accounts`, account()), '账号名已存在');
    const backend = app.ctx.dbConsole.backends[(await app.ctx.dbConsole.repo.backendOf(id))!.backend]!;
    const idb = instanceDbOf(app.ctx.dbConsole, (await app.ctx.dbConsole.repo.backendOf(id))!);
    expect(await backend.listAccounts(idb)).toContain(reader.engine_user);
    const stored = await app.ctx.db.selectFrom('db_accounts').selectAll().where('resource_id', '=', id).execute();
    expect(JSON.stringify(stored)).not.toContain('Shop2026xyz');
    expect(JSON.stringify((await c.req({ method: 'GET', url: `${base(id)}/accounts` })).json())).not.toContain('Shop2026xyz');

    // read-only: reads its database, may not write it
    expect((await ok(id, 'select count(*) as n from items', 'reader')).rows).toEqual([[1]]);
    const denied = await sql(id, "insert into items values (2, 'ink')", 'reader');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().description).toBe('该账号没有执行此操作的权限');
    if (engine === 'mysql') {
      // a real login with the account's own password, granted on its database alone
      const login = await mysql.createConnection({ uri: MYSQL_URL, user: reader.engine_user, password: 'Shop2026xyz', database: shop.engine_name });
      try {
        const [rows] = await login.query('show databases');
        expect((rows as Record<string, string>[]).map((r) => Object.values(r)[0])).toEqual(['information_schema', shop.engine_name]);
        // the database's character set is the one chosen
        const [cs] = await login.query('select default_character_set_name as cs from information_schema.schemata where schema_name = ?', [shop.engine_name]);
        expect(cs).toEqual([{ cs: 'gbk' }]);
        await expect(login.query("insert into items values (3, 'cup')")).rejects.toThrow(/denied/);
      } finally {
        await login.end();
      }
    }

    // DML: writes rows, may not change tables
    const changed = await put(`${base(id)}/accounts/reader/privilege`, { privilege: 'dml', databases: ['shop'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await ok(id, "insert into items values (2, 'ink')", 'reader')) as unknown).toBeTruthy();
    expect((await sql(id, 'create table extra (id int)', 'reader')).statusCode).toBe(403);
    expect((await put(`${base(id)}/accounts/reader/privilege`, { privilege: 'ddl_dml', databases: ['shop'] })).statusCode).toBe(200);
    await ok(id, 'create table extra (id int)', 'reader');

    rule(await put(`${base(id)}/accounts/reader/password`, { password: 'Reader2026X', confirm_password: 'Reader2026X' }), 'password', 'password_account');
    expect((await put(`${base(id)}/accounts/reader/password`, { password: 'Newpass2026', confirm_password: 'Newpass2026' })).statusCode).toBe(200);
    expect((await ok(id, 'select count(*) from items', 'reader')).rows).toEqual([[2]]);
    if (engine === 'mysql')
      await expect(mysql.createConnection({ uri: MYSQL_URL, user: reader.engine_user, password: 'Shop2026xyz' })).rejects.toThrow(/denied/);

    expect((await del(`${base(id)}/accounts/reader`)).statusCode).toBe(200);
    expect(await backend.listAccounts(idb)).not.toContain(reader.engine_user);
    expect((await sql(id, 'select 1', 'reader')).statusCode).toBe(404);
    expect((await del(`${base(id)}/accounts/reader`)).statusCode).toBe(404);

    expect409(await del(`${base(id)}/databases/${list[0]!.name}`), '实例的默认数据库不能删除');
    expect((await del(`${base(id)}/databases/shop`)).statusCode).toBe(200);
    const gone =
      engine === 'mysql' ? `show databases like '${shop.engine_name}'` : "select schema_name from information_schema.schemata where schema_name = 'shop'";
    expect((await ok(id, gone)).rows).toEqual([]);
    expect((await del(`${base(id)}/databases/shop`)).statusCode).toBe(404);
  });
});
