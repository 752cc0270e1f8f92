// Attempt limits hold under parallel attempts (issue 27, docs/decisions/0043): for every limited
// thing — the recovery and registration codes, the account's SMS codes, the captcha, sign-in,
// step-up and password change, AccessKey signatures — 40 parallel wrong guesses get at most the
// limit's number of real checks, and the right secret sent afterwards is refused too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { build, type TestApp, type Helpers } from './helper.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { signInStats } from '../../src/server/session/session.service.ts';
import { SIGNATURE_LIMIT, signRequest } from '../../src/server/keys/signing.ts';

const SMS_LIMIT = 5;
const PARALLEL = 40;
let app: TestApp & Helpers;
beforeAll(async () => {
  app = await build({ config: { captchaDevInbox: true, loginMaxFailures: 5, loginIpMaxFailures: 1000 } });
});
afterAll(async () => {
  await app.close();
});

let ipCounter = 1;
/** A fresh client address per anonymous request: the per-IP rate limit is not what is tested here. */
const anon = (opts: InjectOptions) => app.inject({ remoteAddress: `10.27.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`, ...opts });
async function captcha() {
  const { captcha_id } = (await anon({ method: 'GET', url: '/api/v1/signup/captcha' })).json();
  return { captcha_id: captcha_id as string, captcha: app.ctx.signup.captchaInbox.get(captcha_id)! };
}
const lastCode = (phone: string) => app.engine.smsGateway.lastCode(phone)!;
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
/** Wrong codes that differ from the right one and from each other. */
const wrongCodes = (code: string) =>
  Array.from({ length: PARALLEL }, (_, i) => String(100000 + i))
    .filter((c) => c !== code)
    .slice(0, PARALLEL - 1)
    .concat(wrongOf(code));
const rules = (answers: LightMyRequestResponse[]) => answers.map((r) => (r.statusCode === 400 ? r.json().rule : r.statusCode));
const count = (xs: unknown[], x: unknown) => xs.filter((v) => v === x).length;

async function registerUser(account: string, phone: string) {
  await anon({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha()) } });
  const res = await anon({
    method: 'POST',
    url: '/api/v1/signup/register',
    payload: {
      account,
      password: 'Cloud2026Go',
      confirm_password: 'Cloud2026Go',
      phone,
      email: `${account}@example.cn`,
      sms_code: lastCode(phone),
      agreement: true,
    },
  });
  expect(res.statusCode).toBe(201);
}

describe('SMS codes', () => {
  it('recovery: 40 parallel wrong codes check at most 5, and the right code afterwards resets nothing', async () => {
    await registerUser('guardrec', '13627270001');
    const sent = await anon({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'recover', account: 'guardrec', ...(await captcha()) } });
    expect(sent.statusCode).toBe(200);
    const code = lastCode('13627270001');
    const body = (sms_code: string) => ({ account: 'guardrec', sms_code, password: 'Stolen2026pw', confirm_password: 'Stolen2026pw' });
    const answers = await Promise.all(wrongCodes(code).map((c) => anon({ method: 'POST', url: '/api/v1/signup/recover', payload: body(c) })));
    const got = rules(answers);
    expect(count(got, 'sms_code_wrong')).toBeLessThanOrEqual(SMS_LIMIT);
    expect(count(got, 'sms_code_wrong') + count(got, 'sms_code_expired')).toBe(PARALLEL);
    const right = await anon({ method: 'POST', url: '/api/v1/signup/recover', payload: body(code) });
    expect(right.json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_expired' });
    expect((await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'guardrec', password: 'Stolen2026pw' } })).statusCode).toBe(401);
  });

  it('registration: 40 parallel wrong codes check at most 5, and the right code afterwards registers nothing', async () => {
    const phone = '13627270002';
    await anon({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha()) } });
    const code = lastCode(phone);
    const body = (sms_code: string) => ({
      account: 'guardreg',
      password: 'Cloud2026Go',
      confirm_password: 'Cloud2026Go',
      phone,
      email: 'guardreg@example.cn',
      sms_code,
      agreement: true,
    });
    const got = rules(await Promise.all(wrongCodes(code).map((c) => anon({ method: 'POST', url: '/api/v1/signup/register', payload: body(c) }))));
    expect(count(got, 'sms_code_wrong')).toBeLessThanOrEqual(SMS_LIMIT);
    expect(count(got, 'sms_code_wrong') + count(got, 'sms_code_expired')).toBe(PARALLEL);
    const right = await anon({ method: 'POST', url: '/api/v1/signup/register', payload: body(code) });
    expect(right.json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_expired' });
    expect(await app.ctx.users.findByAccount('guardreg')).toBeUndefined();
  });

  it("the account's phone code: 40 parallel wrong codes check at most 5, and the right code afterwards verifies nothing", async () => {
    const c = await app.as('fin_admin');
    await app.ctx.db.updateTable('users').set({ is_phone_validate: false }).where('account', '=', 'fin_admin').execute();
    const sent = await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', tenant: null, project: null, payload: { operate_type: 'verify_phone' } });
    expect(sent.statusCode).toBe(200);
    const phone = (await app.ctx.users.findByAccount('fin_admin'))!.phone!;
    const code = lastCode(phone);
    const verify = (sms_code: string) => c.req({ method: 'POST', url: '/api/v1/account/phone/verify', tenant: null, project: null, payload: { sms_code } });
    const got = rules(await Promise.all(wrongCodes(code).map(verify)));
    expect(count(got, 'sms_code_wrong')).toBeLessThanOrEqual(SMS_LIMIT);
    expect(count(got, 'sms_code_wrong') + count(got, 'sms_code_expired')).toBe(PARALLEL);
    expect(rules([await verify(code)])).toEqual(['sms_code_expired']);
    expect((await app.ctx.users.findByAccount('fin_admin'))!.is_phone_validate).toBe(false);
  });
});

describe('captcha', () => {
  it('40 parallel guesses of one image check at most one, and the right answer afterwards is refused', async () => {
    const c = await captcha();
    const guesses = Array.from({ length: PARALLEL }, (_, i) => `zz${String(i).padStart(2, '0')}`);
    const got = rules(
      await Promise.all(
        guesses.map((g) =>
          anon({
            method: 'POST',
            url: '/api/v1/signup/sms-codes',
            payload: { purpose: 'register', phone: '13627270003', captcha_id: c.captcha_id, captcha: g },
          }),
        ),
      ),
    );
    expect(count(got, 'captcha_wrong')).toBeLessThanOrEqual(1);
    expect(count(got, 'captcha_wrong') + count(got, 'captcha_expired')).toBe(PARALLEL);
    const right = await anon({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone: '13627270003', ...c } });
    expect(right.json()).toMatchObject({ field: 'captcha', rule: 'captcha_expired' });
  });
});

describe('sign-in', () => {
  it('40 parallel wrong passwords from one source check at most 5, and the right password from there afterwards is refused', async () => {
    const ip = '192.0.2.127';
    const before = signInStats.passwordChecks;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: ip, payload: { account: 'approver', password: `guess-${i}` } }),
      ),
    );
    expect(signInStats.passwordChecks - before).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const right = await app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: ip, payload: { account: 'approver', password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);
  });
});

describe('password re-entry', () => {
  it('step-up: 40 parallel wrong passwords check at most 5, and the right password afterwards gets no proof', async () => {
    const c = await app.as('wl_admin', { fresh: true });
    const stepUp = (password: string) => c.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password } });
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => stepUp(`wrong-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(count(codes, 401)).toBeLessThanOrEqual(5);
    expect(count(codes, 401) + count(codes, 429)).toBe(PARALLEL);
    const right = await stepUp(DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().description).toMatch(/密码输错次数过多，请 \d+ 分钟后再试/);
  });

  it('password change: 40 parallel wrong old passwords check at most 5, and the right one afterwards changes nothing', async () => {
    const c = await app.as('tenant_admin', { fresh: true });
    const change = (old_password: string) =>
      c.req({
        method: 'PUT',
        url: '/api/v1/account/password',
        tenant: null,
        project: null,
        payload: { old_password, new_password: 'Changed2026pw', confirm_password: 'Changed2026pw' },
      });
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => change(`wrong-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(count(codes, 400)).toBeLessThanOrEqual(5);
    expect(count(codes, 400) + count(codes, 429)).toBe(PARALLEL);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'tenant_admin', password: DEMO_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('AccessKey signatures', () => {
  it('40 parallel bad signatures from one IP check at most the limit, and the right one from there afterwards is refused', async () => {
    const admin = await app.as('tenant_admin');
    const made = await admin.req({ method: 'POST', url: '/api/v1/auth/aksk', payload: { key_type: 'permanent' } });
    expect(made.statusCode).toBe(201);
    const { secret } = made.json();
    const accessKey = made.json().data.access_key as string;
    const tenant = admin.territories[0]!.tenant_id;
    const call = (s: string, ip: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/auth/aksk',
        remoteAddress: ip,
        headers: signRequest({ accessKey, secret: s, method: 'GET', url: '/api/v1/auth/aksk', headers: { 'x-tenant-id': tenant } }),
      });
    expect((await call(secret, '198.51.100.27')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => call(`wrong-secret-${i}`, '198.51.100.27')));
    const codes = answers.map((r) => r.statusCode);
    expect(count(codes, 401)).toBeLessThanOrEqual(SIGNATURE_LIMIT.max);
    expect(count(codes, 401) + count(codes, 429)).toBe(PARALLEL);
    const right = await call(secret, '198.51.100.27');
    expect(right.statusCode).toBe(429);
    // Bad signatures from one IP do not shut the key's own programs out elsewhere.
    expect((await call(secret, '198.51.100.28')).statusCode).toBe(200);
  });
});
