// Private DNS zones, internet domains (dnsBuy) and their records through the API: host record
// and value rules per type, TTL 0-86400 and the edition's lowest TTL, weight 0-100, lines, CNAME
// exclusivity and duplicates, lock state, pause / resume, record counts, deletes and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, create, createSettled, expect400, expect409, network, placement, settle, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let vpc: Row;
let n = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  vpc = (await network(app, c)).vpc;
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const zoneName = () => `z${Date.now().toString(36)}${n++}.yunshu-demo.cn`;
const zone = () => createSettled(c, 'private-dns-zones', { name: zoneName(), vpc_id: vpc.id });
const domain = async (edition = 'enterprise') => createSettled(c, 'dns-domains', { name: zoneName(), ...(await placement(app)), edition });

describe('DNS zones', () => {
  it('a private zone sits in a VPC, is named once per tenant, pauses and resumes, and keeps its records from being deleted', async () => {
    expect400(await post('private-dns-zones', { name: 'no_dots', vpc_id: vpc.id }), 'name');
    const z = await zone();
    expect(z).toMatchObject({ status: 'enabled', vendor: vpc.vendor, spec: { vpc_id: vpc.id, record_count: 0, recursion: true } });
    expect400(await post('private-dns-zones', { name: z.name, vpc_id: vpc.id }), 'name');
    const r = await createSettled(c, 'dns-records', { zone_id: z.id, name: 'www', type: 'A', value: '10.0.0.8' });
    expect((await c.req({ method: 'GET', url: `/api/private-dns-zones/${z.id}` })).json().spec.record_count).toBe(1);
    expect409(await c.req({ method: 'DELETE', url: `/api/private-dns-zones/${z.id}` }), '域名下存在解析记录，不允许删除');
    expect((await act(c, 'private-dns-zones', z.id, { action: 'disable' })).json().status).toBe('disabled');
    expect409(await post('dns-records', { zone_id: z.id, name: 'api', type: 'A', value: '10.0.0.9' }), '域名已暂停解析，不允许添加记录');
    expect((await act(c, 'private-dns-zones', z.id, { action: 'enable' })).json().status).toBe('enabled');
    expect((await c.req({ method: 'DELETE', url: `/api/dns-records/${r.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'dns-records', r.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/private-dns-zones/${z.id}` })).json().spec.record_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/private-dns-zones/${z.id}` })).statusCode).toBe(200);
  });

  it('an internet domain is bought once on the platform, with its edition and name servers', async () => {
    const d = await domain('personal');
    expect(d).toMatchObject({ status: 'enabled', spec: { edition: 'personal', min_ttl: 300, dns_servers: 'ns1.yunshu-dns.cn, ns2.yunshu-dns.cn' } });
    const other = await app.as('fin_admin');
    const taken = await other.req({ method: 'POST', url: '/api/dns-domains', payload: { name: d.name, ...(await placement(app)) } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().description).toContain('该域名已被添加');
  });
});

describe('DNS records', () => {
  it('checks the host record: 1-61 of a-z, 0-9 and hyphen (not first); @ and * only alone', async () => {
    const z = await zone();
    const rec = (name: string) => post('dns-records', { zone_id: z.id, name, type: 'A', value: '10.0.0.1' });
    for (const bad of ['-www', 'a*', '@www', 'w_w', 'a'.repeat(62), '', 'www.api']) expect400(await rec(bad), 'name');
    const bad = await rec('-www');
    expect(bad.json().description).toContain('@ 和 * 只能单独使用');
    for (const ok of ['@', '*', 'a', 'w-1', 'a'.repeat(61)]) expect((await rec(ok)).statusCode, ok).toBe(201);
  });

  it('checks the value per type, TTL 0-86400, weight 0-100 and the line', async () => {
    const z = await zone();
    const rec = (extra: Record<string, unknown>) => post('dns-records', { zone_id: z.id, name: `h${n++}`, ...extra });
    expect400(await rec({ type: 'A', value: '10.0.0.300' }), 'value');
    expect400(await rec({ type: 'AAAA', value: '10.0.0.1' }), 'value');
    expect400(await rec({ type: 'CNAME', value: 'not a domain' }), 'value');
    expect400(await rec({ type: 'MX', value: 'mx.yunshu-demo.cn' }), 'mx_priority');
    expect400(await rec({ type: 'TXT', value: 'x'.repeat(256) }), 'value');
    expect400(await rec({ type: 'SRV', value: '0 5 sip.yunshu-demo.cn' }), 'value');
    expect400(await rec({ type: 'CAA', value: '0 sign "ca.cn"' }), 'value');
    expect400(await rec({ type: 'A', value: '10.0.0.1', ttl: 86401 }), 'ttl');
    expect400(await rec({ type: 'A', value: '10.0.0.1', ttl: -1 }), 'ttl');
    expect400(await rec({ type: 'A', value: '10.0.0.1', weight: 101 }), 'weight');
    expect400(await rec({ type: 'A', value: '10.0.0.1', line: 'moon' }), 'line');
    for (const ok of [
      { type: 'A', value: '10.0.0.1', ttl: 0, weight: 0 },
      { type: 'AAAA', value: '240e:1::10', ttl: 86400, weight: 100 },
      { type: 'CNAME', value: 'cdn.yunshu-demo.cn' },
      { type: 'MX', value: 'mx.yunshu-demo.cn', mx_priority: 10 },
      { type: 'TXT', value: 'v=spf1 -all' },
      { type: 'NS', value: 'ns1.yunshu-dns.cn' },
      { type: 'SRV', value: '0 5 5060 sip.yunshu-demo.cn' },
      { type: 'CAA', value: '0 issue "digicert.com"', line: 'telecom' },
    ])
      expect((await rec(ok)).statusCode, JSON.stringify(ok)).toBe(201);
  });

  it('a CNAME stands alone on its host record and line; the same record twice is refused', async () => {
    const z = await zone();
    await createSettled(c, 'dns-records', { zone_id: z.id, name: 'www', type: 'A', value: '10.0.0.1' });
    const cname = await post('dns-records', { zone_id: z.id, name: 'www', type: 'CNAME', value: 'a.yunshu-demo.cn' });
    expect400(cname, 'name');
    expect(cname.json().description).toContain('CNAME 记录与同主机记录、同线路的其他记录冲突');
    expect400(await post('dns-records', { zone_id: z.id, name: 'www', type: 'A', value: '10.0.0.1' }), 'value');
    // Another line, or another value: fine.
    expect((await post('dns-records', { zone_id: z.id, name: 'www', type: 'CNAME', value: 'a.yunshu-demo.cn', line: 'unicom' })).statusCode).toBe(201);
    expect((await post('dns-records', { zone_id: z.id, name: 'www', type: 'A', value: '10.0.0.2', weight: 50 })).statusCode).toBe(201);
  });

  it('internet records respect the edition lowest TTL', async () => {
    const d = await domain('free');
    expect400(await post('dns-internet-records', { zone_id: d.id, name: 'www', type: 'A', value: '47.1.2.3', ttl: 60 }), 'ttl');
    const r = await createSettled(c, 'dns-internet-records', { zone_id: d.id, name: 'www', type: 'A', value: '47.1.2.3', ttl: 600, line: 'mobile' });
    expect(r).toMatchObject({ status: 'enabled', name: 'www', spec: { type: 'A', line: 'mobile', ttl: 600, zone_name: d.name } });
    expect400(await act(c, 'dns-internet-records', r.id, { action: 'modify', value: '47.1.2.4', ttl: 30, line: 'default' }), 'ttl');
  });

  it('changes a value by its type, and a locked record cannot be changed, paused or deleted', async () => {
    const z = await zone();
    const r = await createSettled(c, 'dns-records', { zone_id: z.id, name: 'db', type: 'A', value: '10.0.0.5' });
    expect400(await act(c, 'dns-records', r.id, { action: 'modify', value: 'db.yunshu-demo.cn', ttl: 600, line: 'default' }), 'value');
    const changed = await act(c, 'dns-records', r.id, { action: 'modify', value: '10.0.0.6', ttl: 120, line: 'default', weight: 20 });
    expect(changed.statusCode).toBe(200);
    const settled = (await settle(c, 'dns-records', r.id))!;
    expect(settled.spec).toMatchObject({ value: '10.0.0.6', ttl: 120, weight: 20 });
    expect((await act(c, 'dns-records', r.id, { action: 'lock' })).json()).toMatchObject({ locked: true });
    expect409(await act(c, 'dns-records', r.id, { action: 'disable' }), '记录已锁定，不允许修改、暂停或删除');
    expect409(await act(c, 'dns-records', r.id, { action: 'modify', value: '10.0.0.7', ttl: 600, line: 'default' }), '记录已锁定，不允许修改、暂停或删除');
    expect409(await c.req({ method: 'DELETE', url: `/api/dns-records/${r.id}` }), '记录已锁定，不允许修改、暂停或删除');
    expect((await act(c, 'dns-records', r.id, { action: 'unlock' })).json()).toMatchObject({ locked: false });
    expect((await act(c, 'dns-records', r.id, { action: 'disable' })).json().status).toBe('disabled');
    const list = (await c.req({ method: 'GET', url: `/api/dns-records?zone_id=${z.id}` })).json();
    expect(list.data.map((x: Row) => x.id)).toEqual([r.id]);
  });

  it('another tenant gets 404 for zones and records', async () => {
    const z = await zone();
    const r = await create(c, 'dns-records', { zone_id: z.id, name: 'iso', type: 'TXT', value: 'hello' });
    const fin = await app.as('fin_admin');
    for (const url of [`/api/private-dns-zones/${z.id}`, `/api/dns-records/${r.id}`]) expect((await fin.req({ method: 'GET', url })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: '/api/dns-records', payload: { zone_id: z.id, name: 'x', type: 'A', value: '10.0.0.1' } })).statusCode).toBe(
      404,
    );
    expect((await fin.req({ method: 'POST', url: `/api/dns-records/${r.id}/actions`, payload: { action: 'lock' } })).statusCode).toBe(404);
  });
});
