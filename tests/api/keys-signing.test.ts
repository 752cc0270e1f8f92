// AccessKeys and request signing (issue 15, ADR 0023): a signed request acts as the key's bound
// user through the same auth pipeline; bad signatures, tampered bodies, date skew, replays,
// expired, disabled and locked keys are refused with a localised 401 and change nothing; calls are
// counted per key and per action; the secret appears once, in the creation answer, and nowhere
// else — not in any later answer nor in clear in any table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { signRequest } from '../../src/server/keys/signing.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let tenantId: string;
let key: { id: string; access_key: string };
let secret: string;
const answers: string[] = [];

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  tenantId = admin.territories[0]!.tenant_id;
});
afterAll(async () => {
  await app.close();
});

/** Sends a signed request (no session token) with the tenant header signed too. */
async function signed(
  method: string,
  url: string,
  opts: { body?: unknown; accessKey?: string; secret?: string; date?: Date; nonce?: string; tenant?: string; project?: string; sendBody?: string } = {},
) {
  const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const headers = signRequest({
    accessKey: opts.accessKey ?? key.access_key,
    secret: opts.secret ?? secret,
    method,
    url,
    body,
    date: opts.date,
    nonce: opts.nonce,
    headers: { 'x-tenant-id': opts.tenant ?? tenantId, ...(opts.project ? { 'x-project-id': opts.project } : {}) },
  });
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: opts.sendBody ?? body } : {}),
  });
  answers.push(res.body);
  return { res, headers };
}
const callCount = async (id: string) =>
  Number((await app.ctx.db.selectFrom('access_keys').select('call_count').where('id', '=', id).executeTakeFirstOrThrow()).call_count);

describe('creating a key', () => {
  it('refuses a temporary key without expiry, naming the rule in Chinese', async () => {
    const res = await admin.req({ method: 'POST', url: '/api/v1/auth/aksk', payload: { key_type: 'temporary' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().description).toContain('过期时间');
    const bad = await admin.req({ method: 'POST', url: '/api/v1/auth/aksk', payload: { key_type: 'forever' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('key_type');
  });

  it('answers the secret once; the list and detail never carry it', async () => {
    const res = await admin.req({ method: 'POST', url: '/api/v1/auth/aksk', payload: { key_type: 'permanent', description: '自动化部署' } });
    expect(res.statusCode).toBe(201);
    secret = res.json().secret;
    key = res.json().data;
    expect(secret).toMatch(/^[\w-]{40}$/);
    expect(key.access_key).toMatch(/^YSAK[0-9A-F]{16}$/);
    const list = await admin.req({ method: 'GET', url: '/api/v1/auth/aksk' });
    const detail = await admin.req({ method: 'GET', url: `/api/v1/auth/aksk/${key.id}` });
    expect(list.json().data.some((k: { id: string }) => k.id === key.id)).toBe(true);
    for (const r of [list, detail]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(secret);
      answers.push(r.body);
    }
  });
});

describe('signed requests', () => {
  it('act as the key user through the same pipeline, and are counted', async () => {
    const before = await callCount(key.id);
    const { res } = await signed('GET', '/api/v1/auth/aksk?__limit=5&key_type=permanent');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((k: { id: string }) => k.id)).toContain(key.id);
    // a write with a body, logged in the operation log under the key's user
    const w = await signed('POST', '/api/v1/maas/accounts', { body: { vendor: 'qwen', name: '签名创建的账号' } });
    expect(w.res.statusCode).toBe(201);
    expect(await callCount(key.id)).toBe(before + 2);
    const row = await app.ctx.db.selectFrom('access_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuse a wrong secret, an unknown key, a tampered body and a malformed header', async () => {
    const before = await callCount(key.id);
    const wrong = await signed('GET', '/api/v1/auth/aksk', { secret: 'x'.repeat(40) });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().description).toContain('签名校验失败');
    const unknown = await signed('GET', '/api/v1/auth/aksk', { accessKey: 'YSAK0000000000000000' });
    expect(unknown.res.statusCode).toBe(401);
    const accounts = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom('maas_accounts')
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await accounts();
    const tampered = await signed('POST', '/api/v1/maas/accounts', {
      body: { vendor: 'qwen', name: '原始名称' },
      sendBody: JSON.stringify({ vendor: 'qwen', name: '被篡改的名称' }),
    });
    expect(tampered.res.statusCode).toBe(401);
    expect(tampered.res.json().description).toContain('摘要不一致');
    expect(await accounts()).toBe(n);
    // a path changed after signing
    const headers = signRequest({ accessKey: key.access_key, secret, method: 'GET', url: '/api/v1/auth/aksk', headers: { 'x-tenant-id': tenantId } });
    const moved = await app.inject({ method: 'GET', url: '/api/v1/auth/aksk/overview', headers });
    expect(moved.statusCode).toBe(401);
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/aksk',
      headers: { authorization: 'YS1-HMAC-SHA256 Credential=abc', 'x-tenant-id': tenantId },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().title).toBeTruthy();
    // only the tampered one passed the signature (its body failed after): nothing else counted
    expect(await callCount(key.id)).toBe(before + 1);
  });

  it('refuse a date more than 15 minutes off, either way', async () => {
    for (const off of [-16, 16]) {
      const { res } = await signed('GET', '/api/v1/auth/aksk', { date: new Date(Date.now() + off * 60_000) });
      expect(res.statusCode).toBe(401);
      expect(res.json().description).toContain('15 分钟');
    }
    const ok = await signed('GET', '/api/v1/auth/aksk', { date: new Date(Date.now() - 10 * 60_000) });
    expect(ok.res.statusCode).toBe(200);
  });

  it('refuse a replay of the same signed request', async () => {
    const first = await signed('GET', '/api/v1/auth/aksk');
    expect(first.res.statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/v1/auth/aksk', headers: first.headers });
    expect(again.statusCode).toBe(401);
    expect(again.json().description).toContain('重放');
  });

  it('keep the key user scope: another tenant answers 404', async () => {
    const fin = await app.as('fin_admin');
    const { res } = await signed('GET', '/api/v1/auth/aksk', { tenant: fin.territories[0]!.tenant_id });
    expect(res.statusCode).toBe(404);
  });

  it('refuse an expired or disabled key', async () => {
    const t = await admin.req({
      method: 'POST',
      url: '/api/v1/auth/aksk',
      payload: { key_type: 'temporary', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(t.statusCode).toBe(201);
    const temp = { ak: t.json().data.access_key as string, secret: t.json().secret as string, id: t.json().data.id as string };
    answers.push(t.body.replace(temp.secret, ''));
    expect((await signed('GET', '/api/v1/auth/aksk', { accessKey: temp.ak, secret: temp.secret })).res.statusCode).toBe(200);
    await app.ctx.db
      .updateTable('access_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', temp.id)
      .execute();
    const expired = await signed('GET', '/api/v1/auth/aksk', { accessKey: temp.ak, secret: temp.secret });
    expect(expired.res.statusCode).toBe(401);
    expect(expired.res.json().description).toContain('已过期');
    const detail = await admin.req({ method: 'GET', url: `/api/v1/auth/aksk/${temp.id}` });
    expect(detail.json().data.state).toBe('expired');

    expect((await admin.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}`, payload: { enabled: false } })).statusCode).toBe(200);
    const disabled = await signed('GET', '/api/v1/auth/aksk');
    expect(disabled.res.statusCode).toBe(401);
    expect(disabled.res.json().description).toContain('已停用');
    expect((await admin.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}`, payload: { enabled: true } })).statusCode).toBe(200);
  });

  it('refuse a locked key; only operations administrators lock and unlock', async () => {
    const own = await admin.req({ method: 'POST', url: `/api/v1/auth/aksk/${key.id}/lock`, payload: { reason: '异常调用' } });
    expect(own.statusCode).toBe(403);
    const ops = await app.as('oncall');
    const empty = await ops.req({ method: 'POST', url: `/api/v1/auth/aksk/${key.id}/lock`, tenant: tenantId, project: null, payload: {} });
    expect(empty.statusCode).toBe(400);
    const lock = await ops.req({
      method: 'POST',
      url: `/api/v1/auth/aksk/${key.id}/lock`,
      tenant: tenantId,
      project: null,
      payload: { reason: '凌晨出现大量异常调用' },
    });
    expect(lock.statusCode).toBe(200);
    expect(lock.json().data.state).toBe('locked');
    const refused = await signed('GET', '/api/v1/auth/aksk');
    expect(refused.res.statusCode).toBe(401);
    expect(refused.res.json().description).toContain('锁定');
    expect((await ops.req({ method: 'POST', url: `/api/v1/auth/aksk/${key.id}/unlock`, tenant: tenantId, project: null, payload: {} })).statusCode).toBe(200);
    expect((await signed('GET', '/api/v1/auth/aksk')).res.statusCode).toBe(200);
  });

  it('carry the bound user permissions after accessKeyAuthorize', async () => {
    const member = await app.as('member');
    const memberId = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'member').executeTakeFirstOrThrow()).id;
    // the tenant administrator may see bindable users; as the admin the key may too
    expect((await signed('GET', '/api/v1/auth/aksk/users')).res.statusCode).toBe(200);
    const bind = await admin.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}/authorize`, payload: { bind_user_id: memberId } });
    expect(bind.statusCode).toBe(200);
    expect(bind.json().data.bind_user.account).toBe('member');
    // now the key is the member: no tenant-wide view without a project, no user list
    const project = member.territories[0]!.projects[0]!.project_id;
    expect((await signed('GET', '/api/v1/auth/aksk/users', { project })).res.statusCode).toBe(403);
    // a member cannot bind keys at all
    const memberBind = await member.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}/authorize`, payload: { bind_user_id: memberId } });
    expect([403, 404]).toContain(memberBind.statusCode);
    const adminId = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'tenant_admin').executeTakeFirstOrThrow()).id;
    expect((await admin.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}/authorize`, payload: { bind_user_id: adminId } })).statusCode).toBe(200);
    // a user outside the tenant cannot be bound
    const finId = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'fin_admin').executeTakeFirstOrThrow()).id;
    expect((await admin.req({ method: 'PUT', url: `/api/v1/auth/aksk/${key.id}/authorize`, payload: { bind_user_id: finId } })).statusCode).toBe(404);
  });
});

describe('what a signature must cover (ADR 0043)', () => {
  const send = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/v1/auth/aksk', headers });
  const sign = (extra: Record<string, string>) => signRequest({ accessKey: key.access_key, secret, method: 'GET', url: '/api/v1/auth/aksk', headers: extra });

  it('refuses X-Tenant-Id or X-Project-Id sent beside a signature that does not cover them', async () => {
    const project = admin.territories[0]!.projects[0]!.project_id;
    const bare = sign({});
    const extras: Record<string, string>[] = [{ 'x-tenant-id': tenantId }, { 'x-project-id': project }, { 'x-tenant-id': tenantId, 'x-project-id': project }];
    for (const extra of extras) {
      const res = await send({ ...bare, ...extra });
      expect(res.statusCode).toBe(401);
      expect(res.json().description).toContain('签名必须覆盖这些请求头');
    }
    // Signed, they pass; a signed tenant header changed in transit does not.
    expect((await send(sign({ 'x-tenant-id': tenantId, 'x-project-id': project }))).statusCode).toBe(200);
    expect((await send({ ...sign({ 'x-tenant-id': tenantId }), 'x-tenant-id': 'f'.repeat(32) })).json().description).toContain('签名校验失败');
  });

  it('refuses a bad signature even when a session token rides along, and a good one acts as the key', async () => {
    const bad = signRequest({
      accessKey: key.access_key,
      secret: 'x'.repeat(40),
      method: 'GET',
      url: '/api/v1/auth/aksk',
      headers: { 'x-tenant-id': tenantId },
    });
    const res = await send({ ...bad, 'x-auth-token': admin.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().description).toContain('签名校验失败');
    const before = await callCount(key.id);
    const good = await send({ ...sign({ 'x-tenant-id': tenantId }), 'x-auth-token': admin.token });
    expect(good.statusCode).toBe(200);
    expect(await callCount(key.id)).toBe(before + 1);
  });
});

describe('rankings and isolation', () => {
  it('rank keys by calls and actions by calls', async () => {
    const calls = await callCount(key.id);
    const rank = await admin.req({ method: 'GET', url: '/api/v1/auth/aksk/general/rank?days=30' });
    expect(rank.statusCode).toBe(200);
    const mine = rank.json().data.find((r: { id: string }) => r.id === key.id);
    expect(mine.calls).toBe(calls);
    const actions = await admin.req({ method: 'GET', url: '/api/v1/auth/aksk/statistic?days=30' });
    const list = actions.json().data as { action: string; calls: number }[];
    // the demo keys' history ranks too; ours made at least these signed list calls
    expect(list.find((a) => a.action === 'GET /api/v1/auth/aksk')!.calls).toBeGreaterThanOrEqual(6);
    expect(list.map((a) => a.calls)).toEqual([...list.map((a) => a.calls)].sort((a, b) => b - a));
    expect(list.some((a) => a.action === 'POST /api/v1/maas/accounts')).toBe(true);
    const overview = await admin.req({ method: 'GET', url: '/api/v1/auth/aksk/overview' });
    expect(overview.json().calls).toBeGreaterThanOrEqual(calls);
  });

  it('never shows a key to another tenant', async () => {
    const fin = await app.as('fin_admin');
    expect((await fin.req({ method: 'GET', url: `/api/v1/auth/aksk/${key.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/v1/auth/aksk/${key.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/v1/auth/aksk/${key.id}/lock`, payload: { reason: '试探' } })).statusCode).toBe(403);
    const list = await fin.req({ method: 'GET', url: '/api/v1/auth/aksk' });
    expect(list.json().data.some((k: { id: string }) => k.id === key.id)).toBe(false);
    // a member sees only their own keys
    const member = await app.as('member');
    const ml = await member.req({ method: 'GET', url: '/api/v1/auth/aksk' });
    expect(ml.statusCode).toBe(200);
    expect(ml.json().data.some((k: { id: string }) => k.id === key.id)).toBe(false);
  });

  it('keeps the secret out of every answer and every table', async () => {
    for (const body of answers) expect(body).not.toContain(secret);
    const tables = await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(app.ctx.db);
    for (const { table_name } of tables.rows) {
      const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} x where x::text like ${'%' + secret + '%'}`.execute(
        app.ctx.db,
      );
      expect(hit.rows[0]!.n, table_name).toBe(0);
    }
    // and it is really there, sealed: the server can open it
    const row = await app.ctx.db.selectFrom('access_keys').select('secret_sealed').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(app.ctx.secrets.open(row.secret_sealed).secret).toBe(secret);
  });
});
