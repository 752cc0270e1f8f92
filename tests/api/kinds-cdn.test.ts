// CDN accelerated domains and refresh / warm-up tasks through the API: domain and origin rules,
// HTTPS with a certificate of the store (usable, covering the domain, then kept from revocation
// and deletion), stop before delete, task URLs on their domain, the daily limits counted
// atomically per tenant, the ~5-minute task on the simulator, metrics, isolation.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { actSettled, create, createSettled, expect400, expect409, placement, settle, type Row } from './kinds-helpers.ts';
import { countCdnTaskUrls } from '../../src/server/engine/certificates.repository.ts';

const pem = (f: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs', f), 'utf8');

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let where: Record<string, string>;
let n = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  where = await placement(app);
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const host = () => `s${Date.now().toString(36)}${n++}.yunshu-demo.cn`;
const origin = [{ address: '47.101.12.34', role: 'primary' }];
const domain = (extra: Record<string, unknown> = {}) => createSettled(c, 'cdn-domains', { name: host(), ...where, origins: origin, ...extra });

describe('CDN domains', () => {
  it('checks the domain (1-63), origins (not the domain itself, a primary among them) and ports 80/443', async () => {
    const name = host();
    expect400(await post('cdn-domains', { name: `${'a'.repeat(61)}.cn`, ...where, origins: origin }), 'name');
    expect((await post('cdn-domains', { name: `${'b'.repeat(60)}.cn`, ...where, origins: origin })).statusCode).toBe(201);
    expect400(await post('cdn-domains', { name: 'nodot', ...where, origins: origin }), 'name');
    expect400(await post('cdn-domains', { name, ...where, origins: [] }), 'origins');
    const same = await post('cdn-domains', { name, ...where, origins: [{ address: name }] });
    expect400(same, 'origins.0.address');
    expect(same.json().description).toContain('源站地址不能与加速域名相同');
    expect400(await post('cdn-domains', { name, ...where, origins: [{ address: '47.1.1.1', role: 'backup' }] }), 'origins');
    expect400(await post('cdn-domains', { name, ...where, origins: [{ address: '47.1.1.1' }, { address: '47.1.1.1', role: 'backup' }] }), 'origins.1.address');
    expect400(await post('cdn-domains', { name, ...where, origins: origin, origin_port: 8080 }), 'origin_port');
    expect400(await post('cdn-domains', { name, ...where, origins: origin, https: true }), 'certificate_id');
    const row = await create(c, 'cdn-domains', {
      name,
      ...where,
      business_type: 'media',
      region: 'global',
      origin_port: 443,
      origins: [
        { address: '47.1.1.1', role: 'primary', weight: 20 },
        { address: 'bak.yunshu-demo.cn', role: 'backup' },
      ],
    });
    expect(row.status).toBe('configuring');
    const ok = (await settle(c, 'cdn-domains', row.id))!;
    expect(ok).toMatchObject({
      status: 'enabled',
      spec: { cname: `${name}.cdn.yunshu-cdn.cn`, business_type: 'media', region: 'global', origin_port: 443, https: false },
    });
    expect400(await post('cdn-domains', { name, ...where, origins: origin }), 'name');
    // Stopped before deleted.
    expect409(await c.req({ method: 'DELETE', url: `/api/cdn-domains/${row.id}` }), '请先停用加速域名再删除');
    await actSettled(c, 'cdn-domains', row.id, { action: 'disable' });
    expect((await c.req({ method: 'DELETE', url: `/api/cdn-domains/${row.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'cdn-domains', row.id)).toBeNull();
  });

  it('HTTPS takes a usable certificate of the store that covers the domain; the certificate is then kept', async () => {
    const cert = await createSettled(c, 'ssl-certificates', {
      name: `own-${n++}`,
      ...where,
      public_key: pem('shop.cert.pem'),
      private_key: pem('shop.key.pem'),
    });
    expect400(await post('cdn-domains', { name: host(), ...where, origins: origin, https: true, certificate_id: cert.id }), 'certificate_id');
    const pending = await createSettled(c, 'ssl-certificates', { name: `free-${n++}`, ...where, domain: 'shop.yunshu-demo.test' });
    expect409(
      await post('cdn-domains', { name: 'shop.yunshu-demo.test', ...where, origins: origin, https: true, certificate_id: pending.id }),
      '证书不是正常状态，不能用于 HTTPS',
    );
    const d = await createSettled(c, 'cdn-domains', {
      name: 'www.shop.yunshu-demo.test',
      ...where,
      origins: origin,
      origin_port: 443,
      https: true,
      certificate_id: cert.id,
    });
    expect(d.spec).toMatchObject({ https: true, certificate_id: cert.id });
    expect409(await c.req({ method: 'DELETE', url: `/api/ssl-certificates/${cert.id}` }), '证书正在被使用，请先解除关联');
    // HTTPS off: the certificate is free again.
    const off = await actSettled(c, 'cdn-domains', d.id, { action: 'set_https', https: false });
    expect(off.spec.certificate_id).toBeUndefined();
    const other = await c.req({ method: 'GET', url: `/api/cdn-domains?certificate_id=${cert.id}` });
    expect(other.json().count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/ssl-certificates/${cert.id}` })).statusCode).toBe(200);
  });
});

describe('CDN refresh and warm-up', () => {
  it('URLs are http(s) on the task domain; a directory ends with /; the task runs about 5 minutes (scaled) to 成功', async () => {
    const d = await domain();
    const task = (extra: Record<string, unknown>) => post('cdn-tasks', { domain_id: d.id, task_type: 'url_refresh', ...extra });
    expect400(await task({ urls: 'ftp://x.cn/a' }), 'urls');
    expect400(await task({ urls: `https://elsewhere.yunshu-demo.cn/a` }), 'urls');
    expect400(await task({ task_type: 'dir_refresh', urls: `https://${d.name}/static` }), 'urls');
    expect400(await task({ urls: Array.from({ length: 101 }, (_, i) => `https://${d.name}/${i}`).join('\n') }), 'urls');
    const t = await create(c, 'cdn-tasks', {
      domain_id: d.id,
      task_type: 'warmup',
      urls: `https://${d.name}/a.js\nhttps://${d.name}/b.js https://${d.name}/a.js`,
    });
    expect(t).toMatchObject({ status: 'processing', spec: { urls: [`https://${d.name}/a.js`, `https://${d.name}/b.js`], url_count: 2, daily_limit: 500 } });
    // 100 × the simulator delay: 5 s in tests at 50 ms, 5 minutes at the default 3 s.
    const job = await app.ctx.db.selectFrom('jobs').select(['run_at', 'created_at']).where('resource_id', '=', t.id).executeTakeFirstOrThrow();
    expect(new Date(job.run_at).getTime() - new Date(job.created_at).getTime()).toBeGreaterThanOrEqual(50 * 100 * 0.8 - 50);
    await app.ctx.db.updateTable('jobs').set({ run_at: new Date() }).where('resource_id', '=', t.id).execute();
    expect((await settle(c, 'cdn-tasks', t.id))!.status).toBe('succeeded');
    await actSettled(c, 'cdn-domains', d.id, { action: 'disable' });
    expect409(await task({ urls: `https://${d.name}/a` }), '加速域名未启用，不能刷新或预热');
  });

  it('counts each URL against the tenant daily limit of its type; another tenant has its own', async () => {
    const d = await domain();
    const tenantId = (await c.req({ method: 'GET', url: `/api/cdn-domains/${d.id}` })).json().tenant_id as string;
    // Use up all but 2 of today's directory refreshes (100) straight in the counter.
    expect(await countCdnTaskUrls(app.ctx.db, tenantId, 'dir_refresh', 98, 100)).toBeGreaterThanOrEqual(98);
    const used = (
      await app.ctx.db
        .selectFrom('cdn_task_counters')
        .select('used')
        .where('tenant_id', '=', tenantId)
        .where('task_type', '=', 'dir_refresh')
        .executeTakeFirstOrThrow()
    ).used;
    const left = 100 - Number(used);
    const urls = (k: number) => Array.from({ length: k }, (_, i) => `https://${d.name}/d${i}/`).join('\n');
    const over = await post('cdn-tasks', { domain_id: d.id, task_type: 'dir_refresh', urls: urls(left + 1) });
    expect409(over, '今日目录刷新已达上限（100 条）');
    const tw = await c.req({
      method: 'POST',
      url: '/api/cdn-tasks',
      payload: { domain_id: d.id, task_type: 'dir_refresh', urls: urls(left + 1) },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.json().description).toBe('今日目錄重新整理已達上限（100 條）');
    if (left > 0) expect((await post('cdn-tasks', { domain_id: d.id, task_type: 'dir_refresh', urls: urls(left) })).statusCode).toBe(201);
    expect409(await post('cdn-tasks', { domain_id: d.id, task_type: 'dir_refresh', urls: urls(1) }), '今日目录刷新已达上限（100 条）');
    // URL refreshes have their own budget.
    expect((await post('cdn-tasks', { domain_id: d.id, task_type: 'url_refresh', urls: `https://${d.name}/x` })).statusCode).toBe(201);
  });

  it('concurrent submissions cannot pass the limit together', async () => {
    const tenant = (await app.ctx.db.selectFrom('tenants').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    // A counter no other test touches: eight submissions of 100 against a limit of 500.
    const results = await Promise.all(Array.from({ length: 8 }, () => countCdnTaskUrls(app.ctx.db, tenant, 'concurrency_probe', 100, 500)));
    const accepted = results.filter((r) => r !== null);
    expect(accepted.length).toBe(5);
    expect(Math.max(...(accepted as number[]))).toBe(500);
  });

  it('draws bandwidth and traffic metrics; another tenant gets 404 for domains and tasks', async () => {
    const d = await domain();
    const m = await c.req({ method: 'GET', url: `/api/cdn-domains/${d.id}/metrics?metric=network_out&range=1h` });
    expect(m.statusCode).toBe(200);
    expect(m.json().data.length).toBeGreaterThan(5);
    const t = await create(c, 'cdn-tasks', { domain_id: d.id, task_type: 'url_refresh', urls: `https://${d.name}/iso` });
    const fin = await app.as('fin_admin');
    for (const url of [`/api/cdn-domains/${d.id}`, `/api/cdn-tasks/${t.id}`, `/api/cdn-domains/${d.id}/metrics`])
      expect((await fin.req({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(
      (await fin.req({ method: 'POST', url: '/api/cdn-tasks', payload: { domain_id: d.id, task_type: 'url_refresh', urls: `https://${d.name}/x` } }))
        .statusCode,
    ).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/cdn-domains/${d.id}/actions`, payload: { action: 'disable' } })).statusCode).toBe(404);
    const rows = (await fin.req({ method: 'GET', url: '/api/cdn-domains' })).json().data as Row[];
    expect(rows.some((r) => r.id === d.id)).toBe(false);
  });
});
