import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build({ config: { loginMaxFailures: 3, loginIpMaxFailures: 1000 } });
});
afterAll(async () => {
  await app.close();
});

describe('sign-in and session', () => {
  it('signs in with the demo password and answers the profile', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'tenant_admin', password: 'Demo@123456' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body).toMatchObject({
      nickname: '华东制造 管理员 李娜',
      need_sign_service_agreement: false,
      is_sign_service_agreement: true,
      is_sign: false,
      sign_pass_time: null,
    });
    expect(body.id).toMatch(/^[0-9a-f]{32}$/);
    const me = await app.inject({ method: 'GET', url: '/api/v1/edit-user', headers: { 'x-auth-token': body.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: body.id, nickname: body.nickname });
    expect(me.json().token).toBeUndefined();
  });

  it('stores only a hash of the token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'member', password: 'Demo@123456' } });
    const token = res.json().token as string;
    const rows = await app.ctx.db.selectFrom('sessions').select(['token_hash', 'expires_at', 'created_at']).execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const hours = rows.map((r) => (new Date(r.expires_at).getTime() - new Date(r.created_at).getTime()) / 3600_000);
    for (const h of hours) expect(h).toBeCloseTo(12, 1);
  });

  it('refuses a wrong password with 401 in the asked language', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'zh-TW' },
      payload: { account: 'approver', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ title: '錯誤', description: '帳號或密碼錯誤' });
  });

  it('locks the account after repeated failures with 429, even for the right password', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'wl_admin', password: 'x' } })).statusCode).toBe(401);
    }
    const third = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'wl_admin', password: 'x' } });
    expect(third.statusCode).toBe(429);
    const right = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'wl_admin', password: 'Demo@123456' } });
    expect(right.statusCode).toBe(429);
    expect(right.json().description).toMatch(/分钟后再试/);
  });

  it('refuses a locked user', async () => {
    await app.ctx.db.updateTable('users').set({ locked: true }).where('account', '=', 'oncall').execute();
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'oncall', password: 'Demo@123456' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().description).toContain('锁定');
    await app.ctx.db.updateTable('users').set({ locked: false }).where('account', '=', 'oncall').execute();
  });

  it('validates the body and names the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: '错误', field: 'password', rule: 'required' });
    expect(res.json().description).toBe('password：不能为空');
  });

  it('logs out: the token stops working', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'admin', password: 'Demo@123456' } });
    const token = res.json().token;
    expect((await app.inject({ method: 'POST', url: '/api/v1/logout', headers: { 'x-auth-token': token } })).statusCode).toBe(204);
    const me = await app.inject({ method: 'GET', url: '/api/v1/edit-user', headers: { 'x-auth-token': token } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ title: '错误', description: '登录已失效，请重新登录' });
  });
});
