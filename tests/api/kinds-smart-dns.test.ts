// Smart DNS and HTTPDNS through the API. Smart DNS: a domain hosted once, records per resolution
// line (a line other than 默认 needs the host's 默认 record first, which then stays), counts per
// line, refusals and isolation. HTTPDNS: an instance with its account id and a signing secret that
// is sealed and never answered, domains (once each) with request counts stable for the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, createSettled, expect400, expect409, placement, settle, uniq } from './kinds-helpers.ts';
import { dailyRequests, shanghaiDay } from '../../src/domain/kinds/httpdns/httpdns.kind.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let n = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const get = async (collection: string, id: string) => (await c.req({ method: 'GET', url: `/api/${collection}/${id}` })).json();
const domainName = () => `s${Date.now().toString(36)}${n++}.yunshu-demo.cn`;
const smartDomain = async () => createSettled(c, 'smart-dns-domains', { name: domainName(), ...(await placement(app)) });

describe('smart DNS', () => {
  it('records belong to lines; a line other than 默认 needs the 默认 record first, which then stays; counts follow', async () => {
    const d = await smartDomain();
    expect(d.spec).toMatchObject({ record_count: 0, line_default: 0, line_telecom: 0 });
    const rec = (line: string, value: string, name = 'www') => post('smart-dns-records', { zone_id: d.id, name, line, type: 'A', value });
    const early = await rec('telecom', '47.1.1.1');
    expect400(early, 'line');
    expect(early.json().description).toContain('请先为该主机记录添加「默认」线路的记录');
    expect400(await rec('mars', '47.1.1.1'), 'line');
    expect400(await rec('default', '47.1.1.300'), 'value');
    const def = await createSettled(c, 'smart-dns-records', { zone_id: d.id, name: 'www', line: 'default', type: 'A', value: '47.1.1.1' });
    const tel = await createSettled(c, 'smart-dns-records', { zone_id: d.id, name: 'www', line: 'telecom', type: 'A', value: '47.1.1.2' });
    await createSettled(c, 'smart-dns-records', { zone_id: d.id, name: 'www', line: 'unicom', type: 'A', value: '47.1.1.3' });
    expect400(await rec('telecom', '47.1.1.2'), 'value');
    expect(tel.spec).toMatchObject({ line: 'telecom', zone_name: d.name });
    expect((await get('smart-dns-domains', d.id)).spec).toMatchObject({ record_count: 3, line_default: 1, line_telecom: 1, line_unicom: 1, line_mobile: 0 });
    const byLine = (await c.req({ method: 'GET', url: `/api/smart-dns-records?zone_id=${d.id}&line=telecom` })).json();
    expect(byLine.data.map((r: { id: string }) => r.id)).toEqual([tel.id]);
    expect409(await c.req({ method: 'DELETE', url: `/api/smart-dns-records/${def.id}` }), '该主机记录还有其他线路的记录，不能删除最后一条「默认」线路记录');
    expect409(await c.req({ method: 'DELETE', url: `/api/smart-dns-domains/${d.id}` }), '域名下存在解析记录，不允许删除');
    expect((await c.req({ method: 'DELETE', url: `/api/smart-dns-records/${tel.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'smart-dns-records', tel.id)).toBeNull();
    expect((await get('smart-dns-domains', d.id)).spec).toMatchObject({ record_count: 2, line_telecom: 0 });
  });

  it('changes a value, pauses a domain (no new records) and hosts a name once on the platform', async () => {
    const d = await smartDomain();
    const r = await createSettled(c, 'smart-dns-records', { zone_id: d.id, name: '@', line: 'default', type: 'A', value: '47.1.1.1' });
    expect400(await act(c, 'smart-dns-records', r.id, { action: 'modify', value: 'not-an-ip', ttl: 600 }), 'value');
    expect400(await act(c, 'smart-dns-records', r.id, { action: 'modify', value: '47.1.1.9', ttl: 0 }), 'ttl');
    expect((await act(c, 'smart-dns-records', r.id, { action: 'modify', value: '47.1.1.9', ttl: 60 })).json().spec).toMatchObject({
      value: '47.1.1.9',
      ttl: 60,
    });
    expect((await act(c, 'smart-dns-domains', d.id, { action: 'disable' })).json().status).toBe('disabled');
    expect409(await post('smart-dns-records', { zone_id: d.id, name: 'api', line: 'default', type: 'A', value: '47.1.1.1' }), '域名已暂停解析，不允许添加记录');
    const fin = await app.as('fin_admin');
    const taken = await fin.req({
      method: 'POST',
      url: '/api/smart-dns-domains',
      payload: { name: d.name, ...(await placement(app)) },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().description).toContain('該網域已被新增');
    for (const url of [`/api/smart-dns-domains/${d.id}`, `/api/smart-dns-records/${r.id}`])
      expect((await fin.req({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await fin.req({ method: 'POST', url: '/api/smart-dns-records', payload: { zone_id: d.id, name: 'x', line: 'default', type: 'A', value: '47.1.1.1' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('HTTPDNS', () => {
  it('an instance has an account id and endpoint; its signing secret is sealed and never answered', async () => {
    const p = await placement(app);
    expect400(await post('httpdns-instances', { name: uniq('hd'), ...p, auth_enabled: true }), 'secret_key');
    expect400(await post('httpdns-instances', { name: uniq('hd'), ...p, auth_enabled: true, secret_key: 'short' }), 'secret_key');
    const secret = 'Abcdef0123456789Secret';
    const i = await createSettled(c, 'httpdns-instances', { name: uniq('hd'), ...p, auth_enabled: true, secret_key: secret });
    expect(i.spec).toMatchObject({ auth_enabled: true, secret_state: 'set', domain_count: 0, requests_today: 0 });
    expect(i.spec.account_id).toMatch(/^\d{6}$/);
    expect(i.spec.endpoint).toBe(`https://${i.spec.account_id}.httpdns.yunshu-dns.cn/d`);
    const raw = await c.req({ method: 'GET', url: `/api/httpdns-instances/${i.id}` });
    expect(raw.body).not.toContain(secret);
    const row = await app.ctx.db.selectFrom('resources').select(['spec', 'secrets']).where('id', '=', i.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.spec)).not.toContain(secret);
    expect(row.secrets).toBeTruthy();
    expect(String(row.secrets)).not.toContain(secret);
  });

  it("domains are added once each, count today's and yesterday's requests stably, and keep the instance from deletion", async () => {
    const i = await createSettled(c, 'httpdns-instances', { name: uniq('hd'), ...(await placement(app)) });
    const name = domainName();
    const d = await createSettled(c, 'httpdns-domains', { instance_id: i.id, name });
    const today = shanghaiDay(new Date());
    expect(d.spec.requests_today).toBe(dailyRequests(d.id, today));
    expect(d.spec.requests_today).toBeGreaterThanOrEqual(2000);
    expect((await get('httpdns-domains', d.id)).spec.requests_today).toBe(d.spec.requests_today);
    const dup = await post('httpdns-domains', { instance_id: i.id, name });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().description).toContain('该域名已添加到此 HTTPDNS 实例');
    const inst = await get('httpdns-instances', i.id);
    expect(inst.spec).toMatchObject({ domain_count: 1, requests_today: d.spec.requests_today });
    expect(inst.spec.request_history).toHaveLength(7);
    expect(inst.spec.request_history[6]).toEqual({ day: today, count: d.spec.requests_today });
    expect409(await c.req({ method: 'DELETE', url: `/api/httpdns-instances/${i.id}` }), '实例下仍有已添加的域名，请先删除域名');
    expect((await act(c, 'httpdns-instances', i.id, { action: 'disable' })).json().status).toBe('disabled');
    expect409(await post('httpdns-domains', { instance_id: i.id, name: domainName() }), 'HTTPDNS 实例已停用，不能添加域名');
    const fin = await app.as('fin_admin');
    for (const url of [`/api/httpdns-instances/${i.id}`, `/api/httpdns-domains/${d.id}`]) expect((await fin.req({ method: 'GET', url })).statusCode).toBe(404);
    expect((await c.req({ method: 'DELETE', url: `/api/httpdns-domains/${d.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'httpdns-domains', d.id)).toBeNull();
    expect((await get('httpdns-instances', i.id)).spec).toMatchObject({ domain_count: 0, requests_today: 0 });
  });

  it('an instance takes at most 100 domains', async () => {
    const i = await createSettled(c, 'httpdns-instances', { name: uniq('hd'), ...(await placement(app)) });
    // Filled in the database (100 API calls would be slow); the 101st goes through the API.
    const keys = Array.from({ length: 100 }, (_, k) => `k${k}`);
    const row = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', i.id).executeTakeFirstOrThrow();
    const { newId } = await import('../../src/domain/ids.ts');
    await app.ctx.db
      .insertInto('resources')
      .values(
        keys.map(
          (k) =>
            ({
              ...row,
              id: newId(),
              kind: 'httpdns_domain',
              name: `${k}.yunshu-demo.cn`,
              status: 'enabled',
              spec: JSON.stringify({ instance_id: i.id }),
              secrets: null,
            }) as never,
        ),
      )
      .execute();
    expect409(await post('httpdns-domains', { instance_id: i.id, name: domainName() }), '每个 HTTPDNS 实例最多添加 100 个域名');
  });
});
