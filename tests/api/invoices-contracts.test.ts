// Contracts (issue 13, second part; ADR 0025): date rules (start not after now nor after the end),
// the signed protocol checked by content (a PNG renamed .pdf is refused, a PDF is kept as bytes and
// served back), the template preview link (sealed, expires after three days) and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { demoPdf } from '../../src/server/seed/invoices.seed.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let other: Client;
beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  other = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

const DAY = 86_400_000;
const asAdmin = (o: Parameters<Client['req']>[0]) => admin.req({ project: null, ...o });
const asOther = (o: Parameters<Client['req']>[0]) => other.req({ project: null, ...o });
const body = (start: number, end: number) => ({
  party_name: '华东制造集团常州电机有限公司',
  signing_period: 12,
  bill_month: '2026-10',
  start_at: new Date(Date.now() + start).toISOString(),
  end_at: new Date(Date.now() + end).toISOString(),
  status: 'signing',
  contact: '周涛',
  phone: '13912345678',
  email: 'zhoutao@huadong-mfg.cn',
});
const contracts = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('contracts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function multipart(name: string, bytes: Buffer, type: string) {
  const boundary = '----yunshu' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
// The first bytes of a PNG (signature + IHDR): what file-type recognises as image/png.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000000020001e221bc330000000049454e44ae426082',
  'hex',
);

describe('contract phones', () => {
  it('take a fixed line, a mainland mobile or a +852 number; a 16 number is refused and nothing saved', async () => {
    const before = await contracts();
    const bad = await asAdmin({ method: 'POST', url: '/api/v1/contracts', payload: { ...body(-DAY, 365 * DAY), phone: '16612345678' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('+852');
    expect(await contracts()).toBe(before);
    for (const phone of ['+852 21234567', '0512-62885566']) {
      const ok = await asAdmin({ method: 'POST', url: '/api/v1/contracts', payload: { ...body(-DAY, 365 * DAY), phone } });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().phone).toBe(phone);
    }
  });
});

describe('contract dates', () => {
  it('refuses a start later than now, and an end not after the start — nothing is saved', async () => {
    const before = await contracts();
    const future = await asAdmin({ method: 'POST', url: '/api/v1/contracts', payload: body(2 * DAY, 300 * DAY) });
    expect(future.statusCode).toBe(400);
    expect(future.json().description).toBe('start_at：开始时间不能晚于当前时间');
    const reversed = await asAdmin({ method: 'POST', url: '/api/v1/contracts', payload: body(-10 * DAY, -20 * DAY) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().description).toContain('end_at');
    expect(await contracts()).toBe(before);
    const ok = await asAdmin({ method: 'POST', url: '/api/v1/contracts', payload: body(-DAY, 365 * DAY) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().contract_no).toMatch(/^HT\d{8}[0-9A-F]{6}$/);
    expect(await contracts()).toBe(before + 1);
    const upd = await asAdmin({ method: 'PUT', url: `/api/v1/contracts/${ok.json().id}`, payload: { ...body(3 * DAY, 365 * DAY), status: 'active' } });
    expect(upd.statusCode).toBe(400);
    expect((await asAdmin({ method: 'GET', url: `/api/v1/contracts/${ok.json().id}` })).json().status).toBe('signing');
  });
});

describe('signed protocol', () => {
  it('refuses a PNG renamed .pdf and keeps a real PDF', async () => {
    const id = (await asAdmin({ method: 'GET', url: '/api/v1/contracts' })).json().data.find((c: { protocol_name: string | null }) => !c.protocol_name).id;
    const png = await asAdmin({ method: 'POST', url: `/api/v1/contracts/${id}/protocol`, ...multipart('协议.pdf', PNG, 'application/pdf') });
    expect(png.statusCode).toBe(400);
    expect(png.json().description).toContain('不是 PDF');
    expect((await asAdmin({ method: 'GET', url: `/api/v1/contracts/${id}` })).json().protocol_name).toBeNull();
    const pdf = demoPdf('signed');
    const ok = await asAdmin({ method: 'POST', url: `/api/v1/contracts/${id}/protocol`, ...multipart('签署协议.pdf', pdf, 'application/pdf') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().protocol_name).toBe('签署协议.pdf');
    const back = await asAdmin({ method: 'GET', url: `/api/v1/contracts/${id}/protocol` });
    expect(back.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(back.rawPayload, pdf)).toBe(0);
    // another tenant can neither read nor replace it
    expect((await asOther({ method: 'GET', url: `/api/v1/contracts/${id}/protocol` })).statusCode).toBe(404);
    expect((await asOther({ method: 'POST', url: `/api/v1/contracts/${id}/protocol`, ...multipart('x.pdf', pdf, 'application/pdf') })).statusCode).toBe(404);
  });
});

describe('template preview link', () => {
  it('opens for three days, then answers expired; a tampered token is invalid; another tenant 404', async () => {
    const link = await asAdmin({ method: 'POST', url: '/api/v1/contracts/template-link' });
    expect(link.statusCode).toBe(200);
    const { token, expires_at, url } = link.json();
    expect(url).toBe(`/previewTemplate?token=${token}`);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    const open = await asAdmin({ method: 'GET', url: `/api/v1/contracts/template-preview?token=${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.json().party.company_name).toBe('华东制造集团有限公司');
    const tenantId = admin.territories[0]!.tenant_id;
    const old = app.ctx.contracts.previewToken(tenantId, new Date(Date.now() - 3 * DAY - 1000));
    const expired = await asAdmin({ method: 'GET', url: `/api/v1/contracts/template-preview?token=${old.token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().description).toBe('预览链接已过期，请重新生成');
    const fresh = app.ctx.contracts.previewToken(tenantId, new Date(Date.now() - 3 * DAY + 60_000));
    expect((await asAdmin({ method: 'GET', url: `/api/v1/contracts/template-preview?token=${fresh.token}` })).statusCode).toBe(200);
    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await asAdmin({ method: 'GET', url: `/api/v1/contracts/template-preview?token=${tampered}` })).statusCode).toBe(400);
    expect((await asOther({ method: 'GET', url: `/api/v1/contracts/template-preview?token=${token}` })).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it('another tenant sees no contract and cannot change one; a project member is refused', async () => {
    const c = (await asAdmin({ method: 'GET', url: '/api/v1/contracts' })).json().data[0];
    expect((await asOther({ method: 'GET', url: '/api/v1/contracts' })).json().count).toBe(0);
    expect((await asOther({ method: 'GET', url: `/api/v1/contracts/${c.id}` })).statusCode).toBe(404);
    expect((await asOther({ method: 'PUT', url: `/api/v1/contracts/${c.id}`, payload: body(-DAY, DAY) })).statusCode).toBe(404);
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: '/api/v1/contracts' })).statusCode).toBe(403);
    expect((await member.req({ method: 'POST', url: '/api/v1/contracts', payload: body(-DAY, DAY) })).statusCode).toBe(403);
  });
});
