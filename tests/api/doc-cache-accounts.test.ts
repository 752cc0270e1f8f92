// Accounts of the document (MongoDB) and cache (Redis) databases (issue 29, ADR 0076): the same
// rules and calls as the managed databases' accounts, the engine deciding the limits — user names of
// 2-64 characters on MongoDB and 2-19 on Redis, MongoDB's 只读/读写/管理 on database names, Redis'
// 只读/读写 on key prefixes — reserved and name-bearing passwords refused, a duplicate name, a stopped
// instance, the password never in an answer or a table in clear, tenant and project isolation, a
// read-only role refused, and the accounts going with the instance when it is destroyed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { build, demoIds, usersPerRole, type Client } from './helper.ts';
import { act, actSettled, create, expect409, placement, settle, uniq } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
const ids = { doc: '', cache: '' };
const PASSWORD = 'Shop2026xyz';
const NEW_PASSWORD = 'Orders2027Qq';

beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  const find = async (collection: string) =>
    ((await c.req({ method: 'GET', url: `/api/${collection}?__limit=100&name=demo-` })).json().data as { id: string; status: string }[]).find(
      (r) => r.status === 'running',
    )!.id;
  ids.doc = await find('docinstances');
  ids.cache = await find('cacheinstances');
});

afterAll(async () => {
  await app.close();
});

const url = (collection: 'docinstances' | 'cacheinstances', id: string) => `/api/v1/${collection}/${id}/accounts`;
const docUrl = () => url('docinstances', ids.doc);
const cacheUrl = () => url('cacheinstances', ids.cache);
const post = (to: string, payload: Record<string, unknown>, client = c) => client.req({ method: 'POST', url: to, payload });
const account = (extra: Record<string, unknown> = {}) => ({
  name: 'reader',
  password: PASSWORD,
  confirm_password: PASSWORD,
  privilege: 'readonly',
  databases: ['orders'],
  ...extra,
});
const rule = (res: { statusCode: number; body: string; json: () => any }, field: string, r: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ field, rule: r });
};

describe('the rules, per engine', () => {
  it('takes user names of 2-64 characters on MongoDB and 2-19 on Redis, lowercase, a letter first, a letter or digit last', async () => {
    for (const to of [docUrl(), cacheUrl()]) {
      for (const name of ['1reader', 'reader_', 'Reader', 'read-er']) rule(await post(to, account({ name, databases: ['*'] })), 'name', 'db_account_name');
      rule(await post(to, account({ name: 'a' })), 'name', 'too_small');
    }
    rule(await post(docUrl(), account({ name: 'm'.repeat(65) })), 'name', 'too_big');
    rule(await post(cacheUrl(), account({ name: 'r'.repeat(20), databases: ['*'] })), 'name', 'too_big');
    const long = await post(docUrl(), account({ name: 'm'.repeat(64) }));
    expect(long.statusCode, long.body).toBe(201);
    const redisLong = await post(cacheUrl(), account({ name: 'r'.repeat(19), databases: ['*'] }));
    expect(redisLong.statusCode, redisLong.body).toBe(201);
    expect(redisLong.json()).toMatchObject({ name: 'r'.repeat(19), engine_user: 'r'.repeat(19), privilege: 'readonly', databases: ['*'] });
  });

  it('refuses the reserved words, a password bearing the name, weak passwords and a mismatch, on both engines', async () => {
    const cases: [string, string][] = [
      ['Welcome2026', 'password_reserved'],
      ['Database2026', 'password_reserved'],
      ['Account2026x', 'password_reserved'],
      ['Myuser2026X', 'password_reserved'],
      ['Password2026', 'password_reserved'],
      ['Oracle2026xy', 'password_reserved'],
      ['Computer2026', 'password_reserved'],
      ['Abcd2026xyz', 'password_reserved'],
      ['Reader2026X', 'password_account'],
      ['Sh0rt', 'password_length'],
      ['shopping2026', 'password_mix'],
      ['密码Shop2026x', 'no_chinese'],
    ];
    for (const to of [docUrl(), cacheUrl()]) {
      const scope = to === docUrl() ? ['orders'] : ['*'];
      for (const [password, r] of cases) rule(await post(to, account({ password, confirm_password: password, databases: scope })), 'password', r);
      rule(await post(to, account({ confirm_password: 'Shop2026xyZ', databases: scope })), 'confirm_password', 'password_mismatch');
    }
    const tw = await c.req({ method: 'POST', url: docUrl(), payload: account({ password: 'Welcome2026', confirm_password: 'Welcome2026' }), lang: 'zh-TW' });
    expect(tw.statusCode).toBe(400);
    expect(tw.json().description).toContain('保留');
  });

  it('offers MongoDB 只读/读写/管理 on database names and Redis 只读/读写 on key prefixes', async () => {
    for (const privilege of ['dml', 'ddl_dml', 'deploy', 'superuser']) rule(await post(docUrl(), account({ privilege })), 'privilege', 'invalid_value');
    for (const privilege of ['admin', 'dml', 'deploy']) rule(await post(cacheUrl(), account({ privilege, databases: ['*'] })), 'privilege', 'invalid_value');
    rule(await post(docUrl(), account({ databases: [] })), 'databases', 'too_small');
    rule(await post(docUrl(), account({ databases: ['9orders'] })), 'databases', 'db_database_name');
    rule(await post(docUrl(), account({ databases: ['Orders'] })), 'databases', 'db_database_name');
    rule(await post(docUrl(), account({ databases: ['o'] })), 'databases', 'db_database_length');
    rule(await post(docUrl(), account({ databases: ['o'.repeat(129)] })), 'databases', 'db_database_length');
    for (const reserved of ['admin', 'local', 'config']) rule(await post(docUrl(), account({ databases: [reserved] })), 'databases', 'db_database_reserved');
    for (const prefix of ['', ':session', 'a b', 'key*', 'k'.repeat(65)]) {
      const res = await post(cacheUrl(), account({ databases: [prefix] }));
      expect(res.statusCode, prefix).toBe(400);
      expect(res.json().field).toBe('databases');
    }
    const admin = await post(docUrl(), account({ name: 'orders_admin', privilege: 'admin', databases: ['orders', 'order_items', 'orders'] }));
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json()).toMatchObject({ privilege: 'admin', databases: ['orders', 'order_items'] });
    const writer = await post(cacheUrl(), account({ name: 'cart_writer', privilege: 'readwrite', databases: ['cart:', 'session:'] }));
    expect(writer.statusCode, writer.body).toBe(201);
  });

  it('refuses a duplicate name, changes a privilege, resets a password, deletes, and answers 404 for an unknown account', async () => {
    const made = await post(docUrl(), account({ name: 'dup_acct' }));
    expect(made.statusCode, made.body).toBe(201);
    expect409(await post(docUrl(), account({ name: 'dup_acct', privilege: 'readwrite' })), '账号名已存在');
    // the same name on another instance is another account
    expect((await post(cacheUrl(), account({ name: 'dup_acct', databases: ['*'] }))).statusCode).toBe(201);

    const changed = await c.req({ method: 'PUT', url: `${docUrl()}/dup_acct/privilege`, payload: { privilege: 'readwrite', databases: ['orders', 'stock'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ privilege: 'readwrite', databases: ['orders', 'stock'] });
    rule(
      await c.req({ method: 'PUT', url: `${cacheUrl()}/dup_acct/privilege`, payload: { privilege: 'admin', databases: ['*'] } }),
      'privilege',
      'invalid_value',
    );

    rule(
      await c.req({ method: 'PUT', url: `${docUrl()}/dup_acct/password`, payload: { password: 'Dup_acct2026X', confirm_password: 'Dup_acct2026X' } }),
      'password',
      'password_account',
    );
    const before = (await sealedOf(ids.doc, 'dup_acct'))!;
    const reset = await c.req({ method: 'PUT', url: `${docUrl()}/dup_acct/password`, payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.body).not.toContain(NEW_PASSWORD);
    const after = (await sealedOf(ids.doc, 'dup_acct'))!;
    expect(after).not.toBe(before);
    expect(app.ctx.secrets.open(after)).toEqual({ password: NEW_PASSWORD });

    expect((await c.req({ method: 'DELETE', url: `${docUrl()}/dup_acct` })).statusCode).toBe(200);
    expect((await c.req({ method: 'DELETE', url: `${docUrl()}/dup_acct` })).statusCode).toBe(404);
    expect(
      (await c.req({ method: 'PUT', url: `${docUrl()}/nobody/password`, payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } })).statusCode,
    ).toBe(404);
    const names = ((await c.req({ method: 'GET', url: docUrl() })).json().data as { name: string }[]).map((a) => a.name);
    expect(names).not.toContain('dup_acct');
  });
});

async function sealedOf(resourceId: string, name: string) {
  const row = await app.ctx.db
    .selectFrom('db_accounts')
    .select('secret_sealed')
    .where('resource_id', '=', resourceId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.secret_sealed;
}

describe('the password', () => {
  it('is never in an answer, the accounts table, the operation log or the idempotency store in clear', async () => {
    const secret = 'Secret2099Kept';
    const answers = [
      await post(docUrl(), account({ name: 'sealed_doc', password: secret, confirm_password: secret })),
      await post(cacheUrl(), account({ name: 'sealed_cache', password: secret, confirm_password: secret, databases: ['*'] })),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    answers.push(await c.req({ method: 'GET', url: docUrl() }), await c.req({ method: 'GET', url: cacheUrl() }));
    for (const res of answers) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('secret_sealed');
    }
    expect(app.ctx.secrets.open((await sealedOf(ids.cache, 'sealed_cache'))!)).toEqual({ password: secret });
    for (const table of ['db_accounts', 'operation_logs', 'idempotency_keys']) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.ctx.db);
      expect(JSON.stringify(rows), table).not.toContain(secret);
    }
  });

  it('lists the demo instances’ accounts', async () => {
    const doc = (await c.req({ method: 'GET', url: docUrl() })).json().data as { name: string; privilege: string }[];
    expect(doc).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'orders_app', privilege: 'readwrite' })]));
    const cache = (await c.req({ method: 'GET', url: cacheUrl() })).json().data as { name: string; databases: string[] }[];
    expect(cache).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'session_app', databases: ['session:'] })]));
  });
});

describe('who may', () => {
  it('answers 404 to another tenant, to a member of another project and to the wrong kind', async () => {
    const demo = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    const fin = { ...other, req: (o: Parameters<Client['req']>[0]) => other.req({ ...o, tenant: demo.finance, project: null }) };
    for (const to of [docUrl(), cacheUrl()]) {
      expect((await fin.req({ method: 'GET', url: to })).statusCode).toBe(404);
      expect((await post(to, account({ databases: ['*'] }), fin)).statusCode).toBe(404);
      expect((await fin.req({ method: 'DELETE', url: `${to}/orders_app` })).statusCode).toBe(404);
    }
    const home = (await app.ctx.db.selectFrom('resources').select('project_id').where('id', '=', ids.doc).executeTakeFirstOrThrow()).project_id;
    const elsewhere = demo.projects.find((p) => p.tenant_id === demo.huadong && p.id !== home)!.id;
    const tokens = await usersPerRole(app, ['project_member'], `dca${Date.now() % 100000}`, demo.huadong, elsewhere);
    const member = { 'x-auth-token': tokens.get('project_member')!, 'x-tenant-id': demo.huadong, 'x-project-id': elsewhere };
    for (const to of [docUrl(), cacheUrl()]) {
      expect((await app.inject({ method: 'GET', url: to, headers: member })).statusCode).toBe(404);
      const res = await app.inject({
        method: 'POST',
        url: to,
        headers: { ...member, 'idempotency-key': newId() },
        payload: account({ name: 'member_user', databases: ['*'] }),
      });
      expect(res.statusCode).toBe(404);
    }
    // a document database is not a cache database, nor a managed database
    expect((await c.req({ method: 'GET', url: url('cacheinstances', ids.doc) })).statusCode).toBe(404);
    expect((await c.req({ method: 'GET', url: `/api/v1/dbinstances/${ids.cache}/accounts` })).statusCode).toBe(404);
    expect((await c.req({ method: 'GET', url: url('docinstances', 'f'.repeat(32)) })).statusCode).toBe(404);
  });

  it('lets a read-only role list the accounts and change none', async () => {
    const demo = await demoIds(app.ctx.db);
    const home = (await app.ctx.db.selectFrom('resources').select('project_id').where('id', '=', ids.doc).executeTakeFirstOrThrow()).project_id;
    const tokens = await usersPerRole(app, ['counterpart_tenant_admin'], `dcr${Date.now() % 100000}`, demo.huadong, home);
    const headers = { 'x-auth-token': tokens.get('counterpart_tenant_admin')!, 'x-tenant-id': demo.huadong };
    expect((await app.inject({ method: 'GET', url: docUrl(), headers })).statusCode).toBe(200);
    const writes = [
      { method: 'POST' as const, url: cacheUrl(), payload: account({ name: 'ro_try', databases: ['*'] }) },
      { method: 'PUT' as const, url: `${docUrl()}/orders_app/password`, payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } },
      { method: 'PUT' as const, url: `${docUrl()}/orders_app/privilege`, payload: { privilege: 'readonly', databases: ['orders'] } },
      { method: 'DELETE' as const, url: `${cacheUrl()}/session_app` },
    ];
    for (const w of writes) expect((await app.inject({ ...w, headers: { ...headers, 'idempotency-key': newId() } })).statusCode, w.url).toBe(403);
    expect(((await c.req({ method: 'GET', url: cacheUrl() })).json().data as { name: string }[]).map((a) => a.name)).toContain('session_app');
  });
});

describe('the instance’s state', () => {
  it('refuses changes while stopped or recycled, and the accounts go with the instance when destroyed', async () => {
    const where = await placement(app);
    const doc = await create(c, 'docinstances', { ...where, name: uniq('mongo').replace(/-/g, ''), admin_user: 'root', password: 'Mongo2026xyz' });
    expect((await settle(c, 'docinstances', doc.id))!.status).toBe('running');
    const to = url('docinstances', doc.id);
    expect((await post(to, account({ name: 'app_user' }))).statusCode).toBe(201);
    expect((await actSettled(c, 'docinstances', doc.id, { action: 'stop' })).status).toBe('stopped');
    const notRunning = '数据库实例未运行，无法管理账号与数据库';
    expect409(await post(to, account({ name: 'late_user' })), notRunning);
    expect409(await c.req({ method: 'PUT', url: `${to}/app_user/password`, payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } }), notRunning);
    expect409(await c.req({ method: 'DELETE', url: `${to}/app_user` }), notRunning);
    // still listed while stopped
    expect(((await c.req({ method: 'GET', url: to })).json().data as unknown[]).length).toBe(1);
    expect((await actSettled(c, 'docinstances', doc.id, { action: 'start' })).status).toBe('running');
    expect((await actSettled(c, 'docinstances', doc.id, { action: 'delete' })).status).toBe('deleted');
    expect409(await post(to, account({ name: 'late_user' })), notRunning);
    const destroyed = await act(c, 'docinstances', doc.id, { action: 'destroy' });
    expect(destroyed.statusCode, destroyed.body).toBe(200);
    await expect
      .poll(async () => (await app.ctx.db.selectFrom('db_accounts').select('name').where('resource_id', '=', doc.id).execute()).length, { timeout: 15_000 })
      .toBe(0);
  });
});
