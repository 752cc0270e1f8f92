// The user centre through the real app: the masked profile, phone verification by SMS code
// (handlePhone/verify), a phone change under review, the password change under the seed's rules,
// and that a profile is only ever the caller's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp, type Helpers } from './helper.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';

let app: TestApp & Helpers;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

const lastCode = (phone: string) => app.engine.smsGateway.lastCode(phone);

describe('user centre', () => {
  it('shows the profile masked, never the clear ID number', async () => {
    const c = await app.as('tenant_admin');
    const res = await c.req({ method: 'GET', url: '/api/v1/account/profile' });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      account: 'tenant_admin',
      phone: '139****0003',
      email: 'li***@huadong-mfg.example.cn',
      industry: '制造业',
      enterprise: '华东制造集团有限公司',
    });
    expect(p.id_number).toBe('310***********3216');
    expect(res.body).not.toContain('310104198805123216');
    expect((await app.inject({ method: 'GET', url: '/api/v1/account/profile' })).statusCode).toBe(401);
  });

  it('verifies the phone with a code: wrong and reused codes refused', async () => {
    const c = await app.as('member');
    await app.ctx.db.updateTable('users').set({ is_phone_validate: false }).where('account', '=', 'member').execute();
    expect((await c.req({ method: 'GET', url: '/api/v1/account/profile' })).json().is_phone_validate).toBe(false);
    // A change needs a verified phone first.
    expect((await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'change_phone' } })).statusCode).toBe(409);
    const sent = await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'verify_phone' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toBe('139****0005');
    expect((await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'verify_phone' } })).statusCode).toBe(429);
    const code = lastCode('13900000005')!;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await c.req({ method: 'POST', url: '/api/v1/account/phone/verify', payload: { sms_code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sms_code');
    const ok = await c.req({ method: 'POST', url: '/api/v1/account/phone/verify', payload: { sms_code: code } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().is_phone_validate).toBe(true);
    expect((await c.req({ method: 'POST', url: '/api/v1/account/phone/verify', payload: { sms_code: code } })).statusCode).toBe(400);
  });

  it('puts a phone change under review; the phone on record stays', async () => {
    const c = await app.as('fin_admin');
    await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'change_phone' } });
    const code = lastCode('13700000006')!;
    const same = await c.req({ method: 'POST', url: '/api/v1/account/phone/change', payload: { phone: '13700000006', sms_code: code } });
    expect(same.statusCode).toBe(400);
    const badPhone = await c.req({ method: 'POST', url: '/api/v1/account/phone/change', payload: { phone: '1370000', sms_code: code } });
    expect(badPhone.json().field).toBe('phone');
    const res = await c.req({ method: 'POST', url: '/api/v1/account/phone/change', payload: { phone: '13712345678', sms_code: code } });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone_change).toMatchObject({ phone: '137****5678', status: 'reviewing' });
    // The phone on record stays until the review.
    expect(res.json().phone).toBe('137****0006');
  });

  it('takes a Hong Kong phone (+852) for a change: 16… and 7 digits refused; approved, the phone keeps its code and SMS goes to +852', async () => {
    const c = await app.as('wl_admin');
    await app.ctx.db.updateTable('users').set({ is_phone_validate: true }).where('account', '=', 'wl_admin').execute();
    const sentChange = await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'change_phone' } });
    expect(sentChange.statusCode).toBe(200);
    const code = lastCode('13600000007')!;
    const change = (phone: string, sms_code = code) => c.req({ method: 'POST', url: '/api/v1/account/phone/change', payload: { phone, sms_code } });
    for (const [phone, rule] of [
      ['16612345678', 'mobile'],
      ['+852 9123456', 'mobile_hk'],
      ['+852 31234567', 'mobile_hk'],
    ] as const) {
      const res = await change(phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toMatchObject({ field: 'phone', rule });
    }
    const hk = await change('+852 9123 4578');
    expect(hk.statusCode).toBe(200);
    expect(hk.json().phone_change).toMatchObject({ phone: '+852 91****78', status: 'reviewing' });
    expect(hk.json()).toMatchObject({ phone: '136****0007', area_code: '86' });
    const user = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'wl_admin').executeTakeFirstOrThrow();
    const row = await app.ctx.db
      .selectFrom('phone_change_requests')
      .select(['id', 'phone', 'area_code'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '91234578', area_code: '852' });
    const admin = await app.as('admin');
    const list = await admin.req({ method: 'GET', url: '/api/v1/account-reviews?type=phone_change&status=reviewing' });
    expect(list.json().data.find((r: { id: string }) => r.id === row.id)).toMatchObject({ subject: '+852 91****78' });
    const ok = await admin.req({ method: 'POST', url: `/api/v1/account-reviews/phone_change/${row.id}/decision`, payload: { decision: 'approve' } });
    expect(ok.statusCode).toBe(200);
    expect((await c.req({ method: 'GET', url: '/api/v1/account/profile' })).json()).toMatchObject({
      phone: '+852 91****78',
      area_code: '852',
      phone_change: null,
    });
    // The next code goes to Hong Kong.
    const sent = await c.req({ method: 'POST', url: '/api/v1/account/sms-codes', payload: { operate_type: 'verify_phone' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ phone: '+852 91****78', area_code: '852' });
    expect(app.engine.smsGateway.sent.at(-1)).toMatchObject({ phone: '91234578', area_code: '852', operate_type: 'verify_phone' });
  });

  it('changes the password under the rules and signs the other sessions out', async () => {
    const c = await app.as('wl_admin', { fresh: true });
    const other = await app.as('wl_admin', { fresh: true });
    const put = (body: object) => c.req({ method: 'PUT', url: '/api/v1/account/password', payload: body });
    const cases: [object, string, string][] = [
      [{ old_password: 'Wrong@123456', new_password: 'Newpass2026A', confirm_password: 'Newpass2026A' }, 'old_password', 'password_old_wrong'],
      [{ old_password: DEMO_PASSWORD, new_password: 'Ab1', confirm_password: 'Ab1' }, 'new_password', 'password_length'],
      [{ old_password: DEMO_PASSWORD, new_password: 'abcdefgh1', confirm_password: 'abcdefgh1' }, 'new_password', 'password_mix'],
      [{ old_password: DEMO_PASSWORD, new_password: 'Welcome2026x', confirm_password: 'Welcome2026x' }, 'new_password', 'password_reserved'],
      [{ old_password: DEMO_PASSWORD, new_password: 'Wl_admin2026X', confirm_password: 'Wl_admin2026X' }, 'new_password', 'password_account'],
      [{ old_password: DEMO_PASSWORD, new_password: '密码Abc12345', confirm_password: '密码Abc12345' }, 'new_password', 'no_chinese'],
      [{ old_password: DEMO_PASSWORD, new_password: 'Newpass 2026A', confirm_password: 'Newpass 2026A' }, 'new_password', 'no_spaces'],
      [{ old_password: DEMO_PASSWORD, new_password: 'Newpass2026A', confirm_password: 'Newpass2026B' }, 'confirm_password', 'password_mismatch'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await put(body);
      expect(res.statusCode, rule).toBe(400);
      expect(res.json()).toMatchObject({ field, rule });
    }
    const ok = await put({ old_password: DEMO_PASSWORD, new_password: 'Newpass2026A', confirm_password: 'Newpass2026A' });
    expect(ok.statusCode).toBe(200);
    expect((await other.req({ method: 'GET', url: '/api/v1/account/profile' })).statusCode).toBe(401);
    expect((await c.req({ method: 'GET', url: '/api/v1/account/profile' })).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'wl_admin', password: 'Newpass2026A' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('enterprise real-name verification', () => {
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(400)]);
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400, 0x20)]);
  function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
    const b = `----rn${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file)
      parts.push(
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="licence"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file.bytes,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${b}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
  }

  it('checks the licence number (1-18) and the licence by content, then waits for review once', async () => {
    const c = await app.as('approver');
    const send = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
      const f = form(fields, file);
      return c.req({ method: 'POST', url: '/api/v1/account/real-name', payload: f.payload, headers: f.headers });
    };
    expect((await c.req({ method: 'GET', url: '/api/v1/account/real-name' })).json().data).toBeNull();
    const long = await send({ enterprise: '华东制造集团有限公司', licence_number: '9'.repeat(19) }, { name: 'licence.png', bytes: PNG });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('licence_number');
    const empty = await send({ enterprise: '华东制造集团有限公司', licence_number: '' }, { name: 'licence.png', bytes: PNG });
    expect(empty.json().field).toBe('licence_number');
    expect((await send({ enterprise: '华东制造集团有限公司', licence_number: '91310000MA1FL0000X' })).json().field).toBe('licence');
    const disguised = await send({ enterprise: '华东制造集团有限公司', licence_number: '91310000MA1FL0000X' }, { name: 'licence.png', bytes: PDF });
    expect(disguised.statusCode).toBe(415);
    const ok = await send({ enterprise: '华东制造集团有限公司', licence_number: '91310000MA1FL0000X' }, { name: 'licence.pdf', bytes: PDF });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ status: 'reviewing', licence_number: '91310000MA1FL0000X', licence_mime: 'application/pdf' });
    const again = await send({ enterprise: '华东制造集团有限公司', licence_number: '91310000MA1FL0000X' }, { name: 'licence.png', bytes: PNG });
    expect(again.statusCode).toBe(409);
    // Another user sees only their own.
    const other = await app.as('fin_approver');
    expect((await other.req({ method: 'GET', url: '/api/v1/account/real-name' })).json().data).toBeNull();
  });
});
