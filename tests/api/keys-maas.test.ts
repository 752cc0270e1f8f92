// MaaS accounts and their API keys (issue 15): per tenant, the key's secret answered once and
// listed masked, never in clear in the table; members read, only the tenant administrator
// changes; another tenant sees nothing (404).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

it('creates an account and a key whose secret is shown once, then only masked', async () => {
  const bad = await admin.req({ method: 'POST', url: '/api/v1/maas/accounts', payload: { vendor: 'openai', name: '测试' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().description).toContain('vendor');
  const acc = await admin.req({ method: 'POST', url: '/api/v1/maas/accounts', payload: { vendor: 'deepseek', name: '研发部大模型账号', remark: '代码助手' } });
  expect(acc.statusCode).toBe(201);
  const accountId = acc.json().data.id as string;
  const key = await admin.req({ method: 'POST', url: '/api/v1/maas/api-keys', payload: { account_id: accountId, name: '代码助手网关' } });
  expect(key.statusCode).toBe(201);
  const secret = key.json().secret as string;
  expect(secret).toMatch(/^sk-[0-9a-f]{48}$/);
  expect(key.json().data.masked).toBe(`${secret.slice(0, 5)}********${secret.slice(-4)}`);
  const list = await admin.req({ method: 'GET', url: `/api/v1/maas/api-keys?account_id=${accountId}` });
  const detail = await admin.req({ method: 'GET', url: `/api/v1/maas/accounts/${accountId}` });
  for (const r of [list, detail]) {
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain(secret);
  }
  expect(detail.json().data.api_keys).toHaveLength(1);
  const row = await app.ctx.db.selectFrom('maas_api_keys').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toContain(secret);
  expect(app.ctx.secrets.open(row.secret_sealed).secret).toBe(secret);

  // members read but do not change; another tenant sees nothing
  const member = await app.as('member');
  expect((await member.req({ method: 'GET', url: '/api/v1/maas/accounts' })).statusCode).toBe(200);
  expect((await member.req({ method: 'POST', url: '/api/v1/maas/api-keys', payload: { account_id: accountId, name: '越权' } })).statusCode).toBe(403);
  const fin = await app.as('fin_admin');
  expect((await fin.req({ method: 'GET', url: `/api/v1/maas/accounts/${accountId}` })).statusCode).toBe(404);
  expect((await fin.req({ method: 'POST', url: '/api/v1/maas/api-keys', payload: { account_id: accountId, name: '越权' } })).statusCode).toBe(404);
  expect((await fin.req({ method: 'DELETE', url: `/api/v1/maas/api-keys/${row.id}` })).statusCode).toBe(404);
  expect((await fin.req({ method: 'GET', url: '/api/v1/maas/api-keys' })).json().data.some((k: { id: string }) => k.id === row.id)).toBe(false);

  const off = await admin.req({ method: 'PUT', url: `/api/v1/maas/api-keys/${row.id}`, payload: { enabled: false } });
  expect(off.json().data.enabled).toBe(false);
  expect((await admin.req({ method: 'DELETE', url: `/api/v1/maas/accounts/${accountId}` })).statusCode).toBe(204);
  expect(await app.ctx.db.selectFrom('maas_api_keys').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
});
