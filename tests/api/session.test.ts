// Session lifetime, per-IP lockout and locked users (seed 000 §3–§4; issue 2 item 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { hashToken } from '../../src/server/repositories/users.repository.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => { app = await build({ config: { loginMaxFailures: 100, loginIpMaxFailures: 4 } }); });
afterAll(async () => { await app.close(); });

const login = (account: string, password: string, ip = '203.0.113.10') =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password }, remoteAddress: ip });

describe('session token', () => {
  it('stops working once expires_at is in the past (401 with the seed text)', async () => {
    const c = await app.as('member', { fresh: true });
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
    await app.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(c.token)).execute();
    for (const url of ['/api/v1/edit-user', '/api/tenants', '/api/v1/resources']) {
      const res = await c.req({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ title: '错误', description: '登录已失效，请重新登录' });
    }
  });

  it('lives 12 hours: still valid just before expiry', async () => {
    const c = await app.as('approver', { fresh: true });
    const row = await app.ctx.db.selectFrom('sessions').select(['expires_at', 'created_at']).where('token_hash', '=', hashToken(c.token)).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    await app.ctx.db.updateTable('sessions').set({ expires_at: new Date(Date.now() + 60_000) }).where('token_hash', '=', hashToken(c.token)).execute();
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });

  it('gives each sign-in its own 256-bit token', async () => {
    const a = (await login('tenant_admin', 'Demo@123456', '198.51.100.1')).json().token as string;
    const b = (await login('tenant_admin', 'Demo@123456', '198.51.100.1')).json().token as string;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});

describe('lockout per IP', () => {
  it('locks an IP that fails across many accounts, even for a right password, while other IPs still sign in', async () => {
    const ip = '203.0.113.66';
    const accounts = ['admin', 'oncall', 'member'];
    const codes: number[] = [];
    for (const [i, account] of accounts.entries()) codes.push((await login(account, `wrong-${i}`, ip)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const fourth = await login('no_such_user', 'x', ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().description).toMatch(/登录失败次数过多，请 \d+ 分钟后再试/);
    const right = await login('approver', 'Demo@123456', ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ title: '错误' });
    // Another IP is not affected, and the accounts themselves are not locked.
    const elsewhere = await login('approver', 'Demo@123456', '203.0.113.67');
    expect(elsewhere.statusCode).toBe(200);
    expect((await login('admin', 'Demo@123456', '203.0.113.68')).statusCode).toBe(200);
  });

  it('answers the lockout in zh-TW', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'admin', password: 'x' }, remoteAddress: '203.0.113.66', headers: { 'accept-language': 'zh-TW' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().title).toBe('錯誤');
  });

  it('releases the IP once the lock window has passed', async () => {
    await app.ctx.db.updateTable('login_attempts').set({ locked_until: new Date(Date.now() - 1000) }).where('key', '=', 'ip:203.0.113.66').execute();
    expect((await login('approver', 'Demo@123456', '203.0.113.66')).statusCode).toBe(200);
  });
});

describe('a locked user', () => {
  it('cannot sign in (403) and an existing session stops working', async () => {
    const c = await app.as('wl_admin', { fresh: true });
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
    await app.ctx.db.updateTable('users').set({ locked: true }).where('account', '=', 'wl_admin').execute();
    try {
      const res = await login('wl_admin', 'Demo@123456', '192.0.2.5');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ title: '错误', description: '账号已被锁定，请联系管理员解锁' });
      expect(res.json().token).toBeUndefined();
      const tw = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'wl_admin', password: 'Demo@123456' }, remoteAddress: '192.0.2.5', headers: { 'accept-language': 'zh-TW' } });
      expect(tw.json().title).toBe('錯誤');
      expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(401);
    } finally {
      await app.ctx.db.updateTable('users').set({ locked: false }).where('account', '=', 'wl_admin').execute();
    }
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });
});
