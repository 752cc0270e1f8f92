// Session lifetime, the per-IP spraying delay and locked users (seed 000 §3–§4; issue 2 item 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { hashToken } from '../../src/server/platform/auth/users.repository.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build({ config: { loginMaxFailures: 100, loginIpMaxFailures: 4, loginDelaySeconds: 1 } });
});
afterAll(async () => {
  await app.close();
});

const login = (account: string, password: string, ip = '203.0.113.10') =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password }, remoteAddress: ip });

describe('session token', () => {
  it('stops working once expires_at is in the past (401 with the seed text)', async () => {
    const c = await app.as('member', { fresh: true });
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
    await app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(c.token))
      .execute();
    for (const url of ['/api/v1/edit-user', '/api/tenants', '/api/v1/resources']) {
      const res = await c.req({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ title: '错误', description: '登录已失效，请重新登录' });
    }
  });

  it('lives 12 hours: still valid just before expiry', async () => {
    const c = await app.as('approver', { fresh: true });
    const row = await app.ctx.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('token_hash', '=', hashToken(c.token))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    await app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('token_hash', '=', hashToken(c.token))
      .execute();
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });

  it('gives each sign-in its own 256-bit token', async () => {
    const a = (await login('tenant_admin', 'Demo@123456', '198.51.100.1')).json().token as string;
    const b = (await login('tenant_admin', 'Demo@123456', '198.51.100.1')).json().token as string;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});

describe('password spraying from one IP', () => {
  const ip = '203.0.113.66';
  it('slows an IP that fails on many accounts to one attempt per delay, never refusing the right password for good; other IPs are untouched', async () => {
    const codes: number[] = [];
    for (const [i, account] of ['admin', 'oncall', 'member', 'no_such_user'].entries()) codes.push((await login(account, `wrong-${i}`, ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
    // Past LOGIN_IP_MAX_FAILURES failing accounts: one attempt per LOGIN_DELAY_SECONDS from this IP.
    expect((await login('no_such_user_2', 'x', ip)).statusCode).toBe(401);
    const early = await login('approver', 'Demo@123456', ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().description).toMatch(/当前网络近期登录失败次数较多，请 \d+ 秒后再试/);
    // Another IP is not affected, and the accounts themselves are not locked.
    expect((await login('approver', 'Demo@123456', '203.0.113.67')).statusCode).toBe(200);
    expect((await login('admin', 'Demo@123456', '203.0.113.68')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login('approver', 'Demo@123456', ip)).statusCode).toBe(200);
  });

  it('answers the delay in zh-TW', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'admin', password: 'x' },
      remoteAddress: ip,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ title: '錯誤', description: expect.stringMatching(/秒後再試/) });
  });

  it('forgets the IP once the window has passed', async () => {
    await app.ctx.db
      .updateTable('login_attempts')
      .set({ window_start: new Date(Date.now() - 16 * 60_000), locked_until: null })
      .where('key', '=', `ip:${ip}`)
      .execute();
    expect((await login('approver', 'Demo@123456', ip)).statusCode).toBe(200);
    expect((await login('oncall', 'Demo@123456', ip)).statusCode).toBe(200);
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
      expect(res.json()).toEqual({ title: '错误', description: '账号已被锁定，可提交申诉或联系管理员解锁' });
      expect(res.json().token).toBeUndefined();
      const tw = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { account: 'wl_admin', password: 'Demo@123456' },
        remoteAddress: '192.0.2.5',
        headers: { 'accept-language': 'zh-TW' },
      });
      expect(tw.json().title).toBe('錯誤');
      expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(401);
    } finally {
      await app.ctx.db.updateTable('users').set({ locked: false }).where('account', '=', 'wl_admin').execute();
    }
    expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });
});
