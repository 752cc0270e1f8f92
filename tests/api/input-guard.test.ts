// Inputs that used to break the server (issue 8): each is refused with 400 through the catalogue.
// tests/api/fuzz.test.ts covers every route; these pin the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

describe('inputs refused before any handler', () => {
  it('refuses JSON nested deeper than 32 levels, even on sign-in with an Idempotency-Key', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: '错误', description: '请求体嵌套层级过深（最多 32 层）' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'member', password: 'x', extra: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) },
    });
    expect(ok.statusCode).not.toBe(500);
  });

  it('refuses a NUL character in a body string, a query value or a path parameter, naming the field', async () => {
    const c = await app.as('member');
    const body = await c.req({ method: 'POST', url: '/api/v1/persistent_fields', payload: { route: `ecs${'\u0000'}Manage`, fields_item: '[]' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ field: 'route', rule: 'no_nul', description: 'route：不能包含空字符（\\u0000）' });
    const query = await c.req({ method: 'GET', url: '/api/vpcs?name=a%00b', lang: 'zh-TW' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ title: '錯誤', field: 'name', rule: 'no_nul' });
    const param = await c.req({ method: 'GET', url: '/api/vpcs/abc%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json().field).toBe('id');
  });

  it('reads only own properties for __orders', async () => {
    const c = await app.as('member');
    for (const orders of ['__proto__', 'constructor', '-toString']) {
      const res = await c.req({ method: 'GET', url: `/api/vpcs?__orders=${orders}` });
      expect(res.statusCode, orders).toBe(400);
      expect(res.json().field).toBe('__orders');
    }
  });

  it('answers a malformed %-escape, a foreign media type and a body too large through the catalogue', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/vpcs/%E4%B8' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ title: '错误', description: '请求地址格式不正确' });
    const media = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(media.statusCode).toBe(415);
    expect(media.json()).toEqual({ title: '错误', description: '不支持的请求内容类型' });
    const large = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ title: '错误', description: '请求体过大' });
  });
});
