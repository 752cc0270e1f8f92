// ICP filings (issue 31): materials checked by their bytes, the subject's and the site's rules
// (region, certificate, a site name of three Han characters, a public IP, a URL of the domain), the
// financial tenant's security assessment, one filing per domain, the review moving on over 3–5
// working days on a fixed clock to a numbered filing the public lookup finds, and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { advanceDue } from '../../src/server/icp/icp.service.ts';
import { icpSchedule } from '../../src/domain/icp.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let fin: Client;
type Json = Record<string, any>;

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
});
afterAll(async () => {
  await app?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function form(kind: string | null, file: { name: string; bytes: Buffer }) {
  const b = `----icp${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (kind !== null) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`));
  parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

async function upload(c: Client, kind: string, file = { name: 'scan.png', bytes: PNG }) {
  const res = await c.req({ method: 'POST', url: '/api/v1/isps/materials', ...form(kind, file) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const subject = (o: Json = {}) => ({
  sponsor_name: '华东制造集团有限公司',
  nature: 'enterprise',
  cert_type: 'business_licence',
  cert_number: '91310115ma1k3y8x2q',
  province: '330000',
  city: '330100',
  district: '330106',
  address: '杭州市西湖区文三路 100 号',
  leader_name: '李明',
  leader_phone: '13900001111',
  emergency_phone: '0571-88886666',
  ...o,
});
const site = (domain: string, o: Json = {}) => ({ site_name: '智能工厂展示站', domain, url: `https://www.${domain}`, ip: '47.98.1.2', ...o });

async function count(c: Client) {
  return (await c.req({ method: 'GET', url: '/api/v1/isps' })).json().count as number;
}

describe('ICP filing', () => {
  it('names the materials each tenant needs: a financial one the security assessment too', async () => {
    const a = (await admin.req({ method: 'GET', url: '/api/v1/isps/requirements' })).json();
    expect(a.financial).toBe(false);
    expect(a.materials).toEqual(['licence', 'leader_id', 'site_verification']);
    const f = (await fin.req({ method: 'GET', url: '/api/v1/isps/requirements' })).json();
    expect(f.financial).toBe(true);
    expect(f.materials).toContain('security');
  });

  it('checks a material by its bytes, and its kind', async () => {
    const fake = await admin.req({
      method: 'POST',
      url: '/api/v1/isps/materials',
      ...form('licence', { name: 'licence.png', bytes: Buffer.from('not an image at all') }),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().description).toContain('licence.png');
    const noKind = await admin.req({ method: 'POST', url: '/api/v1/isps/materials', ...form('photo', { name: 'a.png', bytes: PNG }) });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().description).toContain('材料类型');
    const pdf = await admin.req({ method: 'POST', url: '/api/v1/isps/materials', ...form('licence', { name: '执照.pdf', bytes: PDF }) });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ kind: 'licence', mime: 'application/pdf', name: '执照.pdf' });
    const back = await admin.req({ method: 'GET', url: `/api/v1/isps/materials/${pdf.json().id}` });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect((await fin.req({ method: 'GET', url: `/api/v1/isps/materials/${pdf.json().id}` })).statusCode).toBe(404);
  });

  it('refuses each rule in words and files nothing', async () => {
    const ids = [await upload(admin, 'licence'), await upload(admin, 'leader_id'), await upload(admin, 'site_verification')];
    const before = await count(admin);
    const cases: [Json, number, string][] = [
      [{ subject: subject(), site: site('a-rules.cn', { site_name: '工厂ab' }), material_ids: ids }, 400, '3 个汉字'],
      [{ subject: subject(), site: site('a-rules.cn', { ip: '192.168.1.10' }), material_ids: ids }, 400, '公网'],
      [{ subject: subject(), site: site('a-rules.cn', { url: 'https://www.other.cn' }), material_ids: ids }, 400, '所填域名'],
      [{ subject: subject({ district: '310115' }), site: site('a-rules.cn'), material_ids: ids }, 400, '省、市、区县'],
      [{ subject: subject({ province: '810000', city: '810100', district: '810101' }), site: site('a-rules.cn'), material_ids: ids }, 409, '中国大陆'],
      [{ subject: subject({ nature: 'individual' }), site: site('a-rules.cn'), material_ids: ids }, 400, '证件类型'],
      [{ subject: subject({ cert_type: 'org_code', cert_number: 'ABC-123' }), site: site('a-rules.cn'), material_ids: ids }, 400, '证件号码'],
      [{ subject: subject({ emergency_phone: '12345' }), site: site('a-rules.cn'), material_ids: ids }, 400, '电话号码'],
      [{ subject: subject(), site: site('a-rules.cn'), material_ids: ids.slice(0, 2) }, 400, '核验单'],
    ];
    for (const [body, status, words] of cases) {
      const res = await admin.req({ method: 'POST', url: '/api/v1/isps', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().description, res.body).toContain(words);
    }
    expect(await count(admin)).toBe(before);
    // a financial tenant's filing without the security assessment
    const finIds = [await upload(fin, 'licence'), await upload(fin, 'leader_id'), await upload(fin, 'site_verification')];
    const res = await fin.req({ method: 'POST', url: '/api/v1/isps', payload: { subject: subject(), site: site('fin-rules.cn'), material_ids: finIds } });
    expect(res.statusCode).toBe(400);
    expect(res.json().description).toContain('安全评估');
    // another tenant's uploads are not usable
    const foreign = await fin.req({
      method: 'POST',
      url: '/api/v1/isps',
      payload: { subject: subject(), site: site('fin-rules.cn'), material_ids: [...ids, await upload(fin, 'security')] },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('files once per domain, moves through the review on working days and is found by the public lookup', async () => {
    const ids = [await upload(admin, 'licence'), await upload(admin, 'leader_id'), await upload(admin, 'site_verification')];
    const res = await admin.req({ method: 'POST', url: '/api/v1/isps', payload: { subject: subject(), site: site('factory-show.cn'), material_ids: ids } });
    expect(res.statusCode, res.body).toBe(201);
    const filing = res.json();
    expect(filing.status).toBe('initial_review');
    expect(filing.subject.cert_number).toBe('91310115MA1K3Y8X2Q');
    expect(filing.materials).toHaveLength(3);
    const days = (Date.parse(filing.expected_at) - Date.parse(filing.submitted_at)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(3);
    expect(days).toBeLessThanOrEqual(9);
    // the same materials cannot be used twice, nor the domain filed again
    const again = await admin.req({ method: 'POST', url: '/api/v1/isps', payload: { subject: subject(), site: site('factory-show.cn'), material_ids: ids } });
    expect(again.statusCode).toBe(400);
    const ids2 = [await upload(admin, 'licence'), await upload(admin, 'leader_id'), await upload(admin, 'site_verification')];
    const dup = await admin.req({ method: 'POST', url: '/api/v1/isps', payload: { subject: subject(), site: site('factory-show.cn'), material_ids: ids2 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().description).toContain('factory-show.cn');
    // under review: the public lookup says nothing of it
    expect((await app.inject({ method: 'GET', url: '/api/v1/isps/lookup?domain=factory-show.cn' })).statusCode).toBe(404);

    await advanceDue(app.ctx.icp, new Date(Date.parse(filing.submitted_at) + 30 * 60_000));
    expect((await admin.req({ method: 'GET', url: `/api/v1/isps/${filing.id}` })).json().status).toBe('initial_review');
    const plan = icpSchedule(filing.id, new Date(filing.submitted_at));
    await advanceDue(app.ctx.icp, new Date(plan.bureau_review.getTime() + 3600_000));
    expect((await admin.req({ method: 'GET', url: `/api/v1/isps/${filing.id}` })).json().status).toBe('bureau_review');
    await advanceDue(app.ctx.icp, new Date(plan.materials_submitted.getTime() + 3600_000));
    expect((await admin.req({ method: 'GET', url: `/api/v1/isps/${filing.id}` })).json().status).toBe('materials_submitted');
    await advanceDue(app.ctx.icp, new Date(Date.parse(filing.expected_at) + 1000));
    const done = (await admin.req({ method: 'GET', url: `/api/v1/isps/${filing.id}` })).json();
    expect(done.status).toBe('completed');
    expect(done.icp_number).toMatch(/^浙ICP备\d{12}号-1$/);
    expect(done.steps.every((s: Json) => s.at)).toBe(true);

    const found = await app.inject({ method: 'GET', url: '/api/v1/isps/lookup?domain=FACTORY-SHOW.cn' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ icp_number: done.icp_number, site_name: '智能工厂展示站', sponsor_name: '华东制造集团有限公司' });
    expect(found.body).not.toContain('13900001111');
  });

  it('keeps a tenant to its own filings', async () => {
    const list = (await admin.req({ method: 'GET', url: '/api/v1/isps?__limit=2' })).json();
    expect(list.count).toBeGreaterThanOrEqual(4);
    expect(list.data).toHaveLength(2);
    const id = list.data[0].id;
    expect((await fin.req({ method: 'GET', url: `/api/v1/isps/${id}` })).statusCode).toBe(404);
    const finList = (await fin.req({ method: 'GET', url: '/api/v1/isps' })).json();
    expect(finList.data.some((f: Json) => f.id === id)).toBe(false);
  });
});
