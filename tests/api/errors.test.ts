// The error catalogue through the real app (seed 000 §8): every failure is `{title, description}`
// in the caller's language, and nothing internal (stack, SQL, file paths) reaches a client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
  // Test-only routes, registered before the app is ready: one throws an error whose message
  // looks like SQL, one runs a broken query against the real database.
  app.get('/api/__test/throw', { config: { permission: 'public' } }, async () => {
    const err = new Error('select password_hash from users where id = $1 -- secret');
    (err as Error & { detail?: string }).detail = 'at /work/main/src/server/app.ts:42';
    throw err;
  });
  app.get('/api/__test/bad-sql', { config: { permission: 'public' } }, async () => {
    await app.ctx.db
      .selectFrom('no_such_table' as never)
      .selectAll()
      .execute();
    return { ok: true };
  });
});
afterAll(async () => {
  await app.close();
});

const LEAKS = /stack|\bat \/|\.ts:\d|select |from |where |no_such_table|password_hash|relation|syntax|node_modules|Error:/i;

function expectErrorBody(body: unknown) {
  expect(Object.keys(body as object).sort()).toEqual(['description', 'title']);
}

describe('health', () => {
  it('answers {status, db} without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.db).toEqual({ kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite', status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('unknown /api paths', () => {
  it('answer a JSON 404 in zh-CN by default', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ title: '错误', description: '接口 GET /api/does-not-exist 不存在' });
  });

  it('answer a JSON 404 in zh-TW for Accept-Language zh-TW (and zh-Hant, zh-HK)', async () => {
    for (const lang of ['zh-TW', 'zh-Hant-TW,zh;q=0.9', 'zh-HK']) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/nothing/here', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ title: '錯誤', description: '介面 POST /api/v1/nothing/here 不存在' });
    }
  });

  it('stay JSON even under a client route prefix', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/' });
    expect(res.statusCode).toBe(404);
    expectErrorBody(res.json());
  });
});

describe('405 for a known path with another method', () => {
  it('answers the seed text and an Allow header', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/vendors' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ title: '错误', description: '请求方法不被允许' });
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('matches parametrised paths and answers zh-TW', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/0123456789abcdef0123456789abcdef/synchronizedazs',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ title: '錯誤', description: '不允許的請求方法' });
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('lists POST-only routes as POST', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('400 validation', () => {
  it('names the field and the rule (zod rule from a domain schema)', async () => {
    const admin = await app.as('admin');
    const res = await admin.req({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route: 'ecsManage' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: '错误', description: 'fields_item：不能为空', field: 'fields_item', rule: 'required' });
  });

  it('names list parameters: __limit too small, unknown __orders field, bad boolean', async () => {
    const admin = await app.as('admin');
    const limit = await admin.req({ method: 'GET', url: '/api/projects?__limit=0' });
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toMatchObject({ field: '__limit', rule: 'too_small', description: '__limit：长度或数值不能小于 1' });
    const big = await admin.req({ method: 'GET', url: '/api/projects?__limit=5000' });
    expect(big.json()).toMatchObject({ field: '__limit', rule: 'too_big' });
    const orders = await admin.req({ method: 'GET', url: '/api/tenants?__orders=password' });
    expect(orders.statusCode).toBe(400);
    expect(orders.json()).toMatchObject({ field: '__orders', rule: 'invalid_value' });
    const bool = await admin.req({ method: 'GET', url: '/api/tenants?enabled=maybe' });
    expect(bool.statusCode).toBe(400);
    expect(bool.json()).toMatchObject({ field: 'enabled', rule: 'invalid_type' });
  });

  it('answers in zh-TW and refuses invalid JSON bodies', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'accept-language': 'zh-TW' }, payload: { account: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: '錯誤', field: 'account', rule: 'too_small' });
    expect(res.json().description).toMatch(/^account：/);
    const bad = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ title: '错误', description: '请求体不是有效的 JSON' });
  });
});

describe('401 without a session', () => {
  it('answers the seed text for a missing or unknown token', async () => {
    for (const headers of [{}, { 'x-auth-token': 'f'.repeat(64) }]) {
      const res = await app.inject({ method: 'GET', url: '/api/tenants', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ title: '错误', description: '登录已失效，请重新登录' });
    }
  });
});

describe('500 never leaks internals', () => {
  it('hides a thrown error message that looks like SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ title: '错误', description: '服务器内部错误' });
    expect(res.body).not.toMatch(LEAKS);
  });

  it('hides a database error, in zh-TW too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/bad-sql', headers: { 'accept-language': 'zh-TW' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ title: '錯誤', description: '伺服器內部錯誤' });
    expect(res.body).not.toMatch(LEAKS);
  });

  it('hides a real endpoint whose query breaks', async () => {
    const admin = await app.as('admin');
    await app.ctx.db.schema.alterTable('vendors').renameTo('vendors_broken').execute();
    try {
      const res = await admin.req({ method: 'GET', url: '/api/vendors' });
      expect(res.statusCode).toBe(500);
      expectErrorBody(res.json());
      expect(res.body).not.toMatch(LEAKS);
      expect(res.body).not.toContain('vendors');
    } finally {
      await app.ctx.db.schema.alterTable('vendors_broken').renameTo('vendors').execute();
    }
    expect((await admin.req({ method: 'GET', url: '/api/vendors' })).statusCode).toBe(200);
  });
});

describe('429 from rate limiting', () => {
  it('answers {title, description} once the per-minute budget is spent', async () => {
    // From the run's seeded copy like every other file: an empty database would run every migration
    // inside this test's 30 s, which a loaded machine does not always give it.
    const limited = await build({ config: { rateLimitPerMinute: 5 } });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await limited.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': i === 6 ? 'zh-TW' : 'zh-CN' } });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(last!.json()).toMatchObject({ title: '錯誤', description: '請求頻率過高！' });
      expect(last!.headers['retry-after']).toBeTruthy();
      // Static files and client routes are not counted.
      expect((await limited.inject({ method: 'GET', url: '/login' })).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
