// Accounts and schemas of an Oracle instance (issue 29, ADR 0076 addendum): no Oracle runs here, so the
// cloud's account API keeps them like the document and cache databases' — with the SQL engines' rules:
// user names of 2-30 characters, the seed's four privileges, schemas picked from the instance's own
// (ORCL first), reserved passwords refused, the password only sealed, a stopped instance refused,
// another tenant's instance 404.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let oracle = '';
const PASSWORD = 'Ledger2026xyz';

beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  const rows = (await c.req({ method: 'GET', url: '/api/dbinstances?__limit=100' })).json().data as { id: string; status: string; spec: { engine: string } }[];
  oracle = rows.find((r) => r.spec.engine === 'oracle' && r.status === 'running')!.id;
});

afterAll(async () => {
  await app.close();
});

const base = () => `/api/v1/dbinstances/${oracle}`;
const account = (extra: Record<string, unknown> = {}) => ({
  name: 'ledger_ro',
  password: PASSWORD,
  confirm_password: PASSWORD,
  privilege: 'readonly',
  databases: ['orcl'],
  ...extra,
});
const rule = (res: { statusCode: number; body: string; json: () => any }, field: string, r: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ field, rule: r });
};

describe('an Oracle instance’s accounts and schemas', () => {
  it('lists its own schema first and makes another', async () => {
    const list = await c.req({ method: 'GET', url: `${base()}/databases` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ name: 'orcl', engine_name: 'ORCL', default: true });
    const made = await c.req({ method: 'POST', url: `${base()}/databases`, payload: { name: 'ledger' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'ledger', default: false });
    const again = await c.req({ method: 'POST', url: `${base()}/databases`, payload: { name: 'ledger' } });
    expect(again.statusCode).toBe(409);
  });

  it('takes names of 2-30 characters and the seed’s four privileges, on its schemas only', async () => {
    rule(await c.req({ method: 'POST', url: `${base()}/accounts`, payload: account({ name: 'o'.repeat(31) }) }), 'name', 'too_big');
    rule(await c.req({ method: 'POST', url: `${base()}/accounts`, payload: account({ name: 'Ledger' }) }), 'name', 'db_account_name');
    rule(
      await c.req({ method: 'POST', url: `${base()}/accounts`, payload: account({ password: 'Oracle2026xy', confirm_password: 'Oracle2026xy' }) }),
      'password',
      'password_reserved',
    );
    const bad = await c.req({ method: 'POST', url: `${base()}/accounts`, payload: account({ privilege: 'readwrite' }) });
    expect(bad.statusCode).toBe(400);
    rule(await c.req({ method: 'POST', url: `${base()}/accounts`, payload: account({ databases: ['nowhere'] }) }), 'databases', 'db_database_unknown');
    expect((await c.req({ method: 'GET', url: `${base()}/accounts` })).json().data).toEqual([]);

    const ok = await c.req({
      method: 'POST',
      url: `${base()}/accounts`,
      payload: account({ name: 'o'.repeat(30), privilege: 'deploy', databases: ['orcl', 'ledger'] }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'o'.repeat(30), privilege: 'deploy', databases: ['orcl', 'ledger'] });
    expect(ok.body).not.toContain(PASSWORD);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from db_accounts where resource_id = ${oracle} and secret_sealed like ${`%${PASSWORD}%`}`.execute(app.ctx.db);
    expect(stored.rows[0]!.n).toBe(0);
    const kept = await sql<{ n: number }>`select count(*)::int as n from db_accounts where resource_id = ${oracle} and secret_sealed <> ''`.execute(app.ctx.db);
    expect(kept.rows[0]!.n).toBe(1);

    const changed = await c.req({ method: 'PUT', url: `${base()}/accounts/${'o'.repeat(30)}/privilege`, payload: { privilege: 'dml', databases: ['ledger'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ privilege: 'dml', databases: ['ledger'] });
    // Dropping the schema takes it from the account's grants.
    expect((await c.req({ method: 'DELETE', url: `${base()}/databases/ledger` })).statusCode).toBe(200);
    const after = (await c.req({ method: 'GET', url: `${base()}/accounts` })).json().data as { name: string; databases: string[] }[];
    expect(after.find((a) => a.name === 'o'.repeat(30))!.databases).toEqual([]);
    expect((await c.req({ method: 'DELETE', url: `${base()}/accounts/${'o'.repeat(30)}` })).statusCode).toBe(200);
  });

  it('is another tenant’s 404', async () => {
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `${base()}/accounts` })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `${base()}/accounts`, payload: account() })).statusCode).toBe(404);
  });
});
