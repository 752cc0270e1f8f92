// Failed sign-ins slow the attacker down without locking out the office or the owner (issue 8
// item 3, issue 27; docs/decisions/0003-sessions-and-lockout.md, 0043-sign-in-under-attack.md):
// attempts are counted per (account, IP) before any password is checked, in one statement; an
// account failing from many IPs asks new sources for a captcha instead of backing off for everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { signInStats } from '../../src/server/session/session.service.ts';

const MAX = 5;
const SOURCES = 3;
let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build({ config: { loginMaxFailures: MAX, loginIpMaxFailures: 20, loginDelaySeconds: 1, loginAttackSources: SOURCES, captchaDevInbox: true } });
});
afterAll(async () => {
  await app.close();
});

const login = (account: string, password: string, ip: string, captcha: object = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password, ...captcha }, remoteAddress: ip });
async function captcha() {
  const { captcha_id } = (await app.inject({ method: 'GET', url: '/api/v1/signup/captcha', remoteAddress: '10.99.0.1' })).json();
  return { captcha_id: captcha_id as string, captcha: app.ctx.signup.captchaInbox.get(captcha_id)! };
}

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

  it("an attacker's failures never hold the owner back on their own IP: the locked pair is the attacker's alone", async () => {
    const attacker = '198.51.100.66';
    const owner = '203.0.113.200';
    const codes: number[] = [];
    for (let i = 0; i < MAX; i++) codes.push((await login('member', `wrong-${i}`, attacker)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    // At once, without any back-off of the account as a whole.
    expect((await login('member', 'Demo@123456', owner)).statusCode).toBe(200);
    // The attacker's (account, IP) pair stays locked for LOGIN_LOCK_MINUTES, right password or not.
    const again = await login('member', 'Demo@123456', attacker);
    expect(again.statusCode).toBe(429);
    expect(again.json().description).toMatch(/分钟后再试/);
  });

  it('an account failing from many sources asks sources without a recent success for a captcha; the owner from their own IP gets in without one', async () => {
    const home = '203.0.113.77';
    expect((await login('approver', 'Demo@123456', home)).statusCode).toBe(200);
    for (let i = 0; i < SOURCES; i++) expect((await login('approver', `spray-${i}`, `198.51.100.${100 + i}`)).statusCode).toBe(401);
    // A new source: captcha first, whether the password is right or not, and nothing is checked without it.
    const before = signInStats.passwordChecks;
    const asked = await login('approver', 'guess', '198.51.100.150');
    expect(asked.statusCode).toBe(428);
    expect(asked.json().description).toBe('该账号近期在多处登录失败，为保护账号安全，请先完成图形验证码再登录');
    expect(signInStats.passwordChecks).toBe(before);
    const c = await captcha();
    expect((await login('approver', 'guess', '198.51.100.150', { captcha_id: c.captcha_id, captcha: 'zzzz' })).json()).toMatchObject({
      field: 'captcha',
      rule: 'captcha_wrong',
    });
    expect((await login('approver', 'guess', '198.51.100.150', c)).json()).toMatchObject({ field: 'captcha', rule: 'captcha_expired' });
    expect((await login('approver', 'guess', '198.51.100.150', await captcha())).statusCode).toBe(401);
    // The owner at home: no captcha, right in.
    expect((await login('approver', 'Demo@123456', home)).statusCode).toBe(200);
    // The owner somewhere new: the captcha, then in; that source is trusted from then on.
    const travel = '203.0.113.78';
    expect((await login('approver', 'Demo@123456', travel)).statusCode).toBe(428);
    expect((await login('approver', 'Demo@123456', travel, await captcha())).statusCode).toBe(200);
    expect((await login('approver', 'Demo@123456', travel)).statusCode).toBe(200);
    // Accounts not under attack ask no one for a captcha.
    expect((await login('oncall', 'Demo@123456', '198.51.100.151')).statusCode).toBe(200);
  });

  it('speaks zh-TW when asking for the captcha', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'approver', password: 'x' },
      remoteAddress: '198.51.100.152',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode).toBe(428);
    expect(res.json().description).toBe('此帳號近期在多處登入失敗，為保護帳號安全，請先完成圖形驗證碼再登入');
  });
});
