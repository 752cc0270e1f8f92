// Registration, password recovery, QR sign-in, the banned-account appeal and the account reviews
// through the real app (issue 12, ADR 0026): every rule and refusal, and that nothing changes when
// a request is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { build, type TestApp, type Helpers } from './helper.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';

let app: TestApp & Helpers;
beforeAll(async () => {
  app = await build({ config: { captchaDevInbox: true } });
});
afterAll(async () => {
  await app.close();
});

let ipCounter = 1;
/** Each test speaks from its own address: the per-IP limit is tested on its own. */
const anon = (ip: string) => (opts: InjectOptions) => app.inject({ remoteAddress: ip, ...opts });
async function captcha(send = anon('10.0.0.1')) {
  const res = await send({ method: 'GET', url: '/api/v1/signup/captcha' });
  expect(res.statusCode).toBe(200);
  const { captcha_id, svg } = res.json();
  expect(svg).toContain('<svg');
  return { captcha_id: captcha_id as string, captcha: app.ctx.signup.captchaInbox.get(captcha_id)! };
}
const lastCode = (phone: string) => app.engine.smsGateway.lastCode(phone);
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
const userCount = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const login = (account: string, password: string) => app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password } });

async function register(account: string, phone: string, password = 'Cloud2026Go') {
  const send = anon(`10.1.0.${ipCounter++}`);
  const sent = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha(send)) } });
  expect(sent.statusCode).toBe(200);
  const res = await send({
    method: 'POST',
    url: '/api/v1/signup/register',
    payload: { account, password, confirm_password: password, phone, email: `${account}@example.cn`, sms_code: lastCode(phone), agreement: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('captcha', () => {
  it('refuses a wrong answer, then the same image again, and an expired one', async () => {
    const send = anon('10.0.0.2');
    const c = await captcha(send);
    const wrong = await send({
      method: 'POST',
      url: '/api/v1/signup/sms-codes',
      payload: { purpose: 'register', phone: '13511112222', captcha_id: c.captcha_id, captcha: 'zzzz' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'captcha', rule: 'captcha_wrong', title: '错误' });
    expect(wrong.json().description).toContain('图形验证码不正确');
    // One image, one guess: even the right answer is refused now.
    const reused = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone: '13511112222', ...c } });
    expect(reused.json()).toMatchObject({ field: 'captcha', rule: 'captcha_expired' });
    const old = await captcha(send);
    await app.ctx.db
      .updateTable('signup_captchas')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old.captcha_id)
      .execute();
    const expired = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone: '13511112222', ...old } });
    expect(expired.json()).toMatchObject({ field: 'captcha', rule: 'captcha_expired' });
    const missing = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone: '13511112222' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('captcha_id');
    // No code went out for any of them.
    expect(lastCode('13511112222')).toBeUndefined();
  });
});

describe('registration', () => {
  it('refuses a bad agreement, code, password or duplicate and creates nothing; then registers an internet user with a tenant of their own', async () => {
    const send = anon('10.0.0.3');
    const phone = '13522223333';
    const before = await userCount();
    const taken = await send({
      method: 'POST',
      url: '/api/v1/signup/sms-codes',
      payload: { purpose: 'register', phone: '13900000005', ...(await captcha(send)) },
    });
    // A registered phone gets the answer any phone gets: "already registered" waits for the code (ADR 0043).
    expect(taken.statusCode).toBe(200);
    expect(taken.json().phone).toBe('139****0005');
    const sent = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha(send)) } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toBe('135****3333');
    const again = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha(send)) } });
    expect(again.statusCode).toBe(429);
    const code = lastCode(phone)!;
    const body = {
      account: 'xiaoyun',
      password: 'Cloud2026Go',
      confirm_password: 'Cloud2026Go',
      phone,
      email: 'xiaoyun@example.cn',
      sms_code: code,
      agreement: true,
    };
    const post = (payload: object) => send({ method: 'POST', url: '/api/v1/signup/register', payload });
    const cases: [object, string, string][] = [
      [{ ...body, agreement: false }, 'agreement', 'agreement'],
      [{ ...body, password: 'Cloud2026Gx' }, 'confirm_password', 'password_mismatch'],
      [{ ...body, password: 'short1A', confirm_password: 'short1A' }, 'password', 'password_length'],
      [{ ...body, password: 'cloudcloud1', confirm_password: 'cloudcloud1' }, 'password', 'password_mix'],
      [{ ...body, password: 'Xiaoyun2026', confirm_password: 'Xiaoyun2026' }, 'password', 'password_account'],
      [{ ...body, account: '1abc' }, 'account', 'account_format'],
      [{ ...body, account: 'xiao yun' }, 'account', 'no_spaces'],
      [{ ...body, password: 'Cloud 2026Go', confirm_password: 'Cloud 2026Go' }, 'password', 'no_spaces'],
      [{ ...body, email: 'not-mail' }, 'email', 'email'],
      [{ ...body, phone: '1234' }, 'phone', 'mobile'],
      [{ ...body, sms_code: wrongOf(code) }, 'sms_code', 'sms_code_wrong'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await post(payload);
      expect(res.statusCode, `${field} ${rule}`).toBe(400);
      expect(res.json(), `${field} ${rule}`).toMatchObject({ field, rule });
    }
    const noAgreement = await post({ ...body, agreement: undefined });
    expect(noAgreement.json().field).toBe('agreement');
    const dup = await post({ ...body, account: 'member' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().description).toContain('该账号已被注册');
    expect(await userCount()).toBe(before);

    const ok = await post(body);
    expect(ok.statusCode).toBe(201);
    expect(await userCount()).toBe(before + 1);
    // The code was used once.
    expect((await post({ ...body, account: 'xiaoyun2' })).json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_expired' });
    const reuse = await post({ ...body, account: 'xiaoyun2', phone: '13522223334' });
    expect(reuse.json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_first' });

    const signIn = await login('xiaoyun', 'Cloud2026Go');
    expect(signIn.statusCode).toBe(200);
    const c = await app.as('xiaoyun', { fresh: true }).catch(() => null);
    expect(c).toBeNull(); // helper signs in with the demo password: refused
    const token = signIn.json().token as string;
    const terr = await app.inject({ method: 'GET', url: '/api/v1/auth/territories', headers: { 'x-auth-token': token } });
    expect(terr.json().data).toHaveLength(1);
    expect(terr.json().data[0]).toMatchObject({ tenant_name: 'xiaoyun 的个人空间', projects: [{ project_name: 'default' }] });
    const profile = await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { 'x-auth-token': token } });
    expect(profile.json()).toMatchObject({ account: 'xiaoyun', user_type: 'internet', phone: '135****3333', is_phone_validate: true });
  });

  it('speaks zh-TW when asked', async () => {
    const send = anon('10.0.0.4');
    const res = await send({
      method: 'POST',
      url: '/api/v1/signup/register',
      headers: { 'accept-language': 'zh-TW' },
      payload: { account: 'member', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toBe('錯誤');
  });

  it('takes +86 and +852 phones with their own rules: 16… and a 7-digit Hong Kong number are refused, a Hong Kong number registers and keeps its code', async () => {
    const send = anon('10.0.0.30');
    const code = async (phone: string) =>
      send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'register', phone, ...(await captcha(send)) } });
    for (const [phone, rule] of [
      ['16612345678', 'mobile'],
      ['+852 6123456', 'mobile_hk'],
      ['+852 21234567', 'mobile_hk'],
      ['+44 7700900123', 'mobile'],
    ] as const) {
      const res = await code(phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toMatchObject({ field: 'phone', rule });
    }
    expect((await code('16612345678')).json().description).toContain('13、14、15、17、18、19');
    expect(app.engine.smsGateway.sent.some((m) => m.phone === '16612345678' || m.phone === '6123456')).toBe(false);
    const sent = await code('+852 6123 4567');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toBe('+852 61****67');
    // The SMS goes to Hong Kong: the gateway gets the code and the digits apart.
    expect(app.engine.smsGateway.sent.at(-1)).toMatchObject({ phone: '61234567', area_code: '852', operate_type: 'signup_register' });
    const body = {
      account: 'hkuser',
      password: 'Cloud2026Go',
      confirm_password: 'Cloud2026Go',
      phone: '+85261234567',
      email: 'hkuser@example.cn',
      sms_code: lastCode('61234567'),
      agreement: true,
    };
    const ok = await send({ method: 'POST', url: '/api/v1/signup/register', payload: body });
    expect(ok.statusCode).toBe(201);
    expect(await app.ctx.db.selectFrom('users').select(['phone', 'area_code']).where('account', '=', 'hkuser').executeTakeFirst()).toEqual({
      phone: '61234567',
      area_code: '852',
    });
    const token = (await login('hkuser', 'Cloud2026Go')).json().token as string;
    const profile = await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { 'x-auth-token': token } });
    expect(profile.json()).toMatchObject({ phone: '+852 61****67', area_code: '852', is_phone_validate: true });
    // The same +852 number is taken (its code stored under the stored form, a minute ago).
    await app.ctx.db
      .updateTable('signup_sms_codes')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('phone', '=', '+852 61234567')
      .execute();
    const again = await code('+852 61234567');
    expect(again.statusCode).toBe(200);
    const dup = await send({ method: 'POST', url: '/api/v1/signup/register', payload: { ...body, account: 'hkuser2', sms_code: lastCode('61234567') } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().description).toContain('该手机号已注册');
    expect(await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'hkuser2').executeTakeFirst()).toBeUndefined();
    // Recovery texts the registered Hong Kong phone.
    const rec = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'recover', account: 'hkuser', ...(await captcha(send)) } });
    expect(rec.statusCode).toBe(200);
    expect(app.engine.smsGateway.sent.at(-1)).toMatchObject({ phone: '61234567', area_code: '852', operate_type: 'signup_recover' });
  });

  it('limits anonymous signup writes per client IP', async () => {
    const send = anon('10.0.0.99');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: {} })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await anon('10.0.0.98')({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: {} })).statusCode).toBe(400);
  });
});

describe('password recovery', () => {
  it('sends nothing to users opened by their organisation or to unknown accounts, and says so to no one', async () => {
    const send = anon('10.0.0.5');
    const res = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'recover', account: 'member', ...(await captcha(send)) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('如果该账号支持自助找回密码');
    expect(app.engine.smsGateway.sent.some((m) => m.phone === '13900000005' && m.operate_type === 'signup_recover')).toBe(false);
    const unknown = await send({
      method: 'POST',
      url: '/api/v1/signup/sms-codes',
      payload: { purpose: 'recover', account: 'nobody', ...(await captcha(send)) },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(res.body);
    const direct = await send({
      method: 'POST',
      url: '/api/v1/signup/recover',
      payload: { account: 'member', sms_code: '123456', password: 'Cloud2026Go', confirm_password: 'Cloud2026Go' },
    });
    expect(direct.json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_wrong' });
    expect((await login('member', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('sets a new password with the code sent to the registered phone and signs every session out', async () => {
    await register('lanshan', '13533334444');
    const first = (await login('lanshan', 'Cloud2026Go')).json().token as string;
    const send = anon('10.0.0.6');
    const sent = await send({ method: 'POST', url: '/api/v1/signup/sms-codes', payload: { purpose: 'recover', account: 'lanshan', ...(await captcha(send)) } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toBeUndefined();
    expect(sent.json().message).toContain('验证码已发送至其绑定的手机');
    const code = lastCode('13533334444')!;
    const post = (payload: object) => send({ method: 'POST', url: '/api/v1/signup/recover', payload });
    const wrong = await post({ account: 'lanshan', sms_code: wrongOf(code), password: 'Newpass2026', confirm_password: 'Newpass2026' });
    expect(wrong.json()).toMatchObject({ field: 'sms_code', rule: 'sms_code_wrong' });
    const weak = await post({ account: 'lanshan', sms_code: code, password: 'newpass', confirm_password: 'newpass' });
    expect(weak.json()).toMatchObject({ field: 'password' });
    expect((await login('lanshan', 'Cloud2026Go')).statusCode).toBe(200);
    const ok = await post({ account: 'lanshan', sms_code: code, password: 'Newpass2026', confirm_password: 'Newpass2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('密码已重置，请使用新密码登录');
    expect((await app.inject({ method: 'GET', url: '/api/v1/edit-user', headers: { 'x-auth-token': first } })).statusCode).toBe(401);
    expect((await login('lanshan', 'Cloud2026Go')).statusCode).toBe(401);
    expect((await login('lanshan', 'Newpass2026')).statusCode).toBe(200);
    // The code is spent.
    expect((await post({ account: 'lanshan', sms_code: code, password: 'Other2026pw', confirm_password: 'Other2026pw' })).json().rule).toBe('sms_code_expired');
  });
});

describe('QR sign-in', () => {
  it('signs the page in once after a signed-in phone confirms; the ticket is single use', async () => {
    const make = await anon('10.0.0.7')({ method: 'POST', url: '/api/v1/qr-login/tickets', headers: { host: 'yunshu.example.cn' } });
    expect(make.statusCode).toBe(201);
    const { ticket, poll_token, link } = make.json();
    expect(link).toBe(`http://yunshu.example.cn/login?view=qr-confirm&ticket=${ticket}`);
    const poll = (token = poll_token) => app.inject({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/poll`, payload: { poll_token: token } });
    expect((await poll()).json()).toEqual({ status: 'pending' });
    // Someone who only saw the QR code cannot collect the session.
    expect((await poll('x'.repeat(48))).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/confirm` })).statusCode).toBe(401);
    const phone = await app.as('approver');
    expect((await phone.req({ method: 'GET', url: `/api/v1/qr-login/tickets/${ticket}` })).json().status).toBe('pending');
    const confirm = await phone.req({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/confirm` });
    expect(confirm.statusCode).toBe(200);
    expect((await phone.req({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/confirm` })).statusCode).toBe(409);
    const done = await poll();
    expect(done.json()).toMatchObject({ status: 'confirmed', profile: { account: 'approver' } });
    const token = done.json().profile.token as string;
    expect((await app.inject({ method: 'GET', url: '/api/v1/edit-user', headers: { 'x-auth-token': token } })).json().account).toBe('approver');
    expect((await poll()).json()).toEqual({ status: 'consumed' });
  });

  it('refuses an expired ticket (二维码已过期)', async () => {
    const { ticket, poll_token } = (await anon('10.0.0.8')({ method: 'POST', url: '/api/v1/qr-login/tickets' })).json();
    await app.ctx.db
      .updateTable('qr_login_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ticket)
      .execute();
    const phone = await app.as('approver');
    expect((await phone.req({ method: 'GET', url: `/api/v1/qr-login/tickets/${ticket}` })).json().status).toBe('expired');
    const res = await phone.req({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/confirm` });
    expect(res.statusCode).toBe(410);
    expect(res.json().description).toContain('二维码已过期');
    expect((await app.inject({ method: 'POST', url: `/api/v1/qr-login/tickets/${ticket}/poll`, payload: { poll_token } })).json()).toEqual({
      status: 'expired',
    });
  });
});

describe('banned-account help', () => {
  it('tells a locked user how to appeal, and the appeal reaches the platform administrators', async () => {
    await register('suoding', '13544445555');
    await app.ctx.db.updateTable('users').set({ locked: true }).where('account', '=', 'suoding').execute();
    const res = await login('suoding', 'Cloud2026Go');
    expect(res.statusCode).toBe(403);
    expect(res.json().description).toContain('申诉');
    const send = anon('10.0.0.9');
    const short = await send({
      method: 'POST',
      url: '/api/v1/signup/appeals',
      payload: { account: 'suoding', contact: '13544445555', reason: '太短', ...(await captcha(send)) },
    });
    expect(short.json().field).toBe('reason');
    const ok = await send({
      method: 'POST',
      url: '/api/v1/signup/appeals',
      payload: { account: 'suoding', contact: '13544445555', reason: '本人账号被误锁定，近期没有异常操作，请核实后解锁', ...(await captcha(send)) },
    });
    expect(ok.statusCode).toBe(201);
    const admin = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const msg = await app.ctx.db
      .selectFrom('site_messages')
      .selectAll()
      .where('user_id', '=', admin.id)
      .where('message_key', '=', 'signup:messages.appeal')
      .executeTakeFirst();
    expect(msg?.params).toMatchObject({ account: 'suoding' });
  });
});

describe('account reviews', () => {
  it('approves or rejects a phone change with a reason; the user is told and the profile follows', async () => {
    const c = await app.as('fin_approver');
    await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'change_phone' } });
    const change = await c.req({ method: 'POST', url: '/api/v1/account/phone/change', payload: { phone: '13788889999', sms_code: lastCode('13700000008') } });
    expect(change.statusCode).toBe(200);
    // The reviewers hear of it in the message centre.
    const oncall = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'oncall').executeTakeFirstOrThrow();
    const told = await app.ctx.db
      .selectFrom('site_messages')
      .select(['params', 'link'])
      .where('user_id', '=', oncall.id)
      .where('message_key', '=', 'signup:messages.review_phone_change')
      .execute();
    expect(told).toEqual([{ params: { account: 'fin_approver' }, link: '/auth?view=review' }]);
    // A tenant administrator does not review (platform only) and sees nothing.
    const tenant = await app.as('fin_admin');
    expect((await tenant.req({ method: 'GET', url: '/api/v1/account-reviews?type=phone_change' })).statusCode).toBe(403);
    const admin = await app.as('admin');
    const list = await admin.req({ method: 'GET', url: '/api/v1/account-reviews?type=phone_change&status=reviewing' });
    expect(list.statusCode).toBe(200);
    const item = list.json().data.find((r: { account: string }) => r.account === 'fin_approver');
    expect(item).toMatchObject({ subject: '137****9999', status: 'reviewing' });
    const decide = (payload: object) => admin.req({ method: 'POST', url: `/api/v1/account-reviews/phone_change/${item.id}/decision`, payload });
    expect(
      (await tenant.req({ method: 'POST', url: `/api/v1/account-reviews/phone_change/${item.id}/decision`, payload: { decision: 'approve' } })).statusCode,
    ).toBe(403);
    const noReason = await decide({ decision: 'reject' });
    expect(noReason.json().field).toBe('reason');
    expect((await decide({ decision: 'approve' })).json()).toMatchObject({ status: 'approved' });
    expect((await decide({ decision: 'reject', reason: '资料不全' })).statusCode).toBe(409);
    const profile = (await c.req({ method: 'GET', url: '/api/v1/account/profile' })).json();
    expect(profile).toMatchObject({ phone: '137****9999', phone_change: null });
    const user = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'fin_approver').executeTakeFirstOrThrow();
    const msg = await app.ctx.db
      .selectFrom('site_messages')
      .select(['message_key', 'link'])
      .where('user_id', '=', user.id)
      .where('message_key', 'like', 'signup:%')
      .execute();
    expect(msg).toEqual([{ message_key: 'signup:messages.phone_approved', link: '/accountinfo' }]);
  });

  it('rejects then approves a real-name verification; the approved internet user may buy in their project', async () => {
    await register('qiye', '13555556666');
    const token = (await login('qiye', 'Cloud2026Go')).json().token as string;
    const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(400)]);
    const submit = () => {
      const b = `----rn${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="enterprise"\r\n\r\n杭州云启科技有限公司\r\n`),
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="licence_number"\r\n\r\n91330100MA2H000001\r\n`),
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="licence"; filename="licence.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/v1/account/real-name',
        payload,
        headers: { 'x-auth-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
      });
    };
    expect((await submit()).statusCode).toBe(201);
    const admin = await app.as('oncall');
    const pick = async () =>
      (await admin.req({ method: 'GET', url: '/api/v1/account-reviews?type=real_name&status=reviewing' }))
        .json()
        .data.find((r: { account: string }) => r.account === 'qiye');
    let item = await pick();
    expect(item).toMatchObject({ subject: '杭州云启科技有限公司', licence_number: '91330100MA2H000001' });
    const licence = await admin.req({ method: 'GET', url: `/api/v1/account-reviews/real_name/${item.id}/licence` });
    expect(licence.headers['content-type']).toBe('image/png');
    const reject = await admin.req({
      method: 'POST',
      url: `/api/v1/account-reviews/real_name/${item.id}/decision`,
      payload: { decision: 'reject', reason: '营业执照照片不清晰' },
    });
    expect(reject.statusCode).toBe(200);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/account/real-name', headers: { 'x-auth-token': token } });
    expect(mine.json().data).toMatchObject({ status: 'rejected', reject_reason: '营业执照照片不清晰' });
    expect((await submit()).statusCode).toBe(201);
    item = await pick();
    expect(
      (await admin.req({ method: 'POST', url: `/api/v1/account-reviews/real_name/${item.id}/decision`, payload: { decision: 'approve' } })).statusCode,
    ).toBe(200);
    const profile = await app.inject({ method: 'GET', url: '/api/v1/account/profile', headers: { 'x-auth-token': token } });
    expect(profile.json().enterprise).toBe('杭州云启科技有限公司');
    const user = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'qiye').executeTakeFirstOrThrow();
    const roles = await app.ctx.db.selectFrom('memberships').select('role').where('user_id', '=', user.id).orderBy('role').execute();
    expect(roles.map((r) => r.role)).toEqual(['internet_user', 'project_owner']);
    const keys = await app.ctx.db.selectFrom('site_messages').select('message_key').where('user_id', '=', user.id).orderBy('created_at').execute();
    expect(keys.map((k) => k.message_key)).toEqual(['signup:messages.real_name_rejected', 'signup:messages.real_name_approved']);
  });
});
