// Registration and recovery tell nobody whether an account or phone exists until the SMS code has
// been proven (issue 27, docs/decisions/0043): every answer before that is compared byte for byte
// (status and body) between an existing and an unknown account or phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { build, type TestApp, type Helpers } from './helper.ts';

let app: TestApp & Helpers;
beforeAll(async () => {
  app = await build({ config: { captchaDevInbox: true } });
});
afterAll(async () => {
  await app.close();
});

let ipCounter = 1;
const anon = (opts: InjectOptions) => app.inject({ remoteAddress: `10.43.0.${ipCounter++}`, ...opts });
async function captcha() {
  const { captcha_id } = (await anon({ method: 'GET', url: '/api/v1/signup/captcha' })).json();
  return { captcha_id: captcha_id as string, captcha: app.ctx.signup.captchaInbox.get(captcha_id)! };
}
const post = async (url: string, payload: object) => anon({ method: 'POST', url, payload });
const seen = (r: LightMyRequestResponse) => `${r.statusCode} ${r.body}`;
/** The same answer, byte for byte, for every request. */
const same = (answers: LightMyRequestResponse[]) => {
  for (const a of answers.slice(1)) expect(seen(a)).toBe(seen(answers[0]!));
  return answers[0]!;
};

describe('registration', () => {
  // 13900000005 is a demo user's phone; 13911110005 is no one's, and masks the same (139****0005).
  const takenPhone = '13900000005';
  const freePhone = '13911110005';
  const body = (account: string, phone: string, sms_code = '123456') => ({
    account,
    password: 'Cloud2026Go',
    confirm_password: 'Cloud2026Go',
    phone,
    email: 'someone@example.cn',
    sms_code,
    agreement: true,
  });

  it('answers the same for a registered and an unknown phone when a code is asked for', async () => {
    const taken = await post('/api/v1/signup/sms-codes', { purpose: 'register', phone: takenPhone, ...(await captcha()) });
    const free = await post('/api/v1/signup/sms-codes', { purpose: 'register', phone: freePhone, ...(await captcha()) });
    expect(same([taken, free]).statusCode).toBe(200);
    // and the same wait before another one
    const again = [
      await post('/api/v1/signup/sms-codes', { purpose: 'register', phone: takenPhone, ...(await captcha()) }),
      await post('/api/v1/signup/sms-codes', { purpose: 'register', phone: freePhone, ...(await captcha()) }),
    ];
    expect(same(again).statusCode).toBe(429);
  });

  it('answers the same for an existing and an unknown account, and a registered or unknown phone, until the code is proven', async () => {
    // no code asked for this phone
    const noCode = [
      await post('/api/v1/signup/register', body('member', '13911112222')),
      await post('/api/v1/signup/register', body('nobodyyet', '13911112222')),
      await post('/api/v1/signup/register', body('nobodyyet', '13900000004')),
    ];
    expect(same(noCode).json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_first' });
    // a wrong code (codes were asked for both phones above)
    const wrong = [
      await post('/api/v1/signup/register', body('member', takenPhone, wrongOf(app.engine.smsGateway.lastCode(takenPhone)!))),
      await post('/api/v1/signup/register', body('nobodyyet', freePhone, wrongOf(app.engine.smsGateway.lastCode(freePhone)!))),
    ];
    expect(same(wrong).json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_wrong' });
  });

  it('tells "already registered" only to whoever proved the code', async () => {
    const account = await post('/api/v1/signup/register', body('member', freePhone, app.engine.smsGateway.lastCode(freePhone)!));
    expect(account.statusCode).toBe(409);
    expect(account.json().description).toContain('该账号已被注册');
    const phone = await post('/api/v1/signup/register', body('nobodyyet', takenPhone, app.engine.smsGateway.lastCode(takenPhone)!));
    expect(phone.statusCode).toBe(409);
    expect(phone.json().description).toContain('该手机号已注册');
    // The proven code still registers under a free account name.
    expect((await post('/api/v1/signup/register', body('nobodyyet', freePhone, app.engine.smsGateway.lastCode(freePhone)!))).statusCode).toBe(201);
  });
});

describe('password recovery', () => {
  const accounts = { internet: 'enumuser', managed: 'member', unknown: 'nosuchuser' };
  const body = (account: string, sms_code = '123456') => ({ account, sms_code, password: 'Brandnew2026', confirm_password: 'Brandnew2026' });

  it('answers the same for an internet user, a managed account and an unknown one, before and after a code is asked for', async () => {
    // an internet user who may recover
    await post('/api/v1/signup/sms-codes', { purpose: 'register', phone: '13643430001', ...(await captcha()) });
    const made = await post('/api/v1/signup/register', {
      account: accounts.internet,
      password: 'Cloud2026Go',
      confirm_password: 'Cloud2026Go',
      phone: '13643430001',
      email: 'enumuser@example.cn',
      sms_code: app.engine.smsGateway.lastCode('13643430001'),
      agreement: true,
    });
    expect(made.statusCode).toBe(201);
    const names = Object.values(accounts);

    const before = await Promise.all(names.map((a) => post('/api/v1/signup/recover', body(a))));
    expect(same(before).json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_first' });

    const sent: LightMyRequestResponse[] = [];
    for (const a of names) sent.push(await post('/api/v1/signup/sms-codes', { purpose: 'recover', account: a, ...(await captcha()) }));
    expect(same(sent).statusCode).toBe(200);
    expect(sent[0]!.json().message).toBe('如果该账号支持自助找回密码，验证码已发送至其绑定的手机，请注意查收');
    expect(sent[0]!.body).not.toContain('****');
    const resend: LightMyRequestResponse[] = [];
    for (const a of names) resend.push(await post('/api/v1/signup/sms-codes', { purpose: 'recover', account: a, ...(await captcha()) }));
    expect(same(resend).statusCode).toBe(429);

    const code = app.engine.smsGateway.lastCode('13643430001')!;
    const wrong = await Promise.all(names.map((a) => post('/api/v1/signup/recover', body(a, wrongOf(code)))));
    expect(same(wrong).json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_wrong' });
    // Only the code sent to the internet user's phone resets a password.
    const ok = await post('/api/v1/signup/recover', body(accounts.internet, code));
    expect(ok.statusCode).toBe(200);
  });
});

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
