// Failed sign-ins slow the attacker down without locking out the office or the owner (issue 8
// item 3, docs/decisions/0003-sessions-and-lockout.md): attempts are counted per
// (account, IP) and per account before any password is checked, in one statement each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { signInStats } from '../../src/server/services/auth.service.ts';

const MAX = 5;
let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build({ config: { loginMaxFailures: MAX, loginIpMaxFailures: 20, loginDelaySeconds: 1 } });
});
afterAll(async () => {
  await app.close();
});

const login = (account: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password }, remoteAddress: ip });

describe('sign-in lockout', () => {
  it('20 failed sign-ins on one account from an office IP do not lock another account behind that IP', async () => {
    for (let i = 0; i < 20; i++) expect([401, 429]).toContain((await login('wl_admin', `wrong-${i}`, '192.0.2.10')).statusCode);
    expect((await login('fin_admin', 'Demo@123456', '192.0.2.10')).statusCode).toBe(200);
  });

  it("50 parallel wrong guesses check at most the limit's number of passwords", async () => {
    const before = signInStats.passwordChecks;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login('oncall', `guess-${i}`, '192.0.2.20')));
    const checked = signInStats.passwordChecks - before;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX);
    expect(codes.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it("after the lock the attacker's IP stays refused, while the owner's right password works from their own IP once the back-off has passed", async () => {
    const attacker = '198.51.100.66';
    const owner = '203.0.113.200';
    const codes: number[] = [];
    for (let i = 0; i < MAX; i++) codes.push((await login('member', `wrong-${i}`, attacker)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    const early = await login('member', 'Demo@123456', owner);
    expect(early.statusCode).toBe(429);
    expect(early.json().description).toMatch(/该账号近期登录失败次数较多，请 \d+ 秒后再试/);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login('member', 'Demo@123456', owner)).statusCode).toBe(200);
    // The attacker's (account, IP) pair stays locked for LOGIN_LOCK_MINUTES, right password or not.
    const again = await login('member', 'Demo@123456', attacker);
    expect(again.statusCode).toBe(429);
    expect(again.json().description).toMatch(/分钟后再试/);
  });

  it("a success clears the account's back-off: the next failure is an ordinary 401", async () => {
    expect((await login('member', 'wrong-again', '203.0.113.200')).statusCode).toBe(401);
  });
});
