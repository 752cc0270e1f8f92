// Shared operations of seed 000 through the API: list filters and paging, tags, the SMS-verified
// delete, xlsx export tasks, price inquiry and upgrade, metrics and server-sent events.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, eventsUrl, type Client } from './helper.ts';
import { act, expect400, host, network, placement, settle } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let subnetId: string;
beforeAll(async () => {
  app = await build({ config: { smsDeleteVerification: true } });
  c = await app.as('tenant_admin');
  subnetId = (await network(app, c)).subnet.id;
});
afterAll(async () => {
  await app.close();
});

describe('lists', () => {
  it("filters by the seed's search params, sorts and pages by offset and cursor", async () => {
    const ali = await placement(app, 'ali');
    const all = (await c.req({ method: 'GET', url: '/api/instances?__limit=1000', project: null })).json();
    expect(all.count).toBeGreaterThan(5);
    const byVendor = (await c.req({ method: 'GET', url: '/api/instances?__limit=1000&provider=ali,openstack&advanced_search=true', project: null })).json();
    expect(byVendor.data.every((r: { vendor: string }) => ['ali', 'openstack'].includes(r.vendor))).toBe(true);
    const byRegion = (await c.req({ method: 'GET', url: `/api/instances?__limit=1000&az.region_id=${ali.region_id}`, project: null })).json();
    expect(byRegion.data.every((r: { region_id: string }) => r.region_id === ali.region_id)).toBe(true);
    const locked = (await c.req({ method: 'GET', url: '/api/instances?__limit=1000&locked=true', project: null })).json();
    expect(locked.count).toBeGreaterThan(0);
    expect(locked.data.every((r: { locked: boolean }) => r.locked)).toBe(true);
    const bySpec = (await c.req({ method: 'GET', url: `/api/instances?subnet_id=${subnetId}`, project: null })).json();
    expect(bySpec.count).toBe(0);
    const sorted = (await c.req({ method: 'GET', url: '/api/instances?__limit=1000&__orders=name', project: null }))
      .json()
      .data.map((r: { name: string }) => r.name);
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect400(await c.req({ method: 'GET', url: '/api/instances?__orders=flavor_x' }), '__orders');
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const page = (await c.req({ method: 'GET', url: `/api/instances?__limit=3&__cursor=${cursor}`, project: null })).json();
      seen.push(...page.data.map((r: { id: string }) => r.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(new Set(seen).size).toBe(all.count);
    const row = all.data[0];
    expect(row).toHaveProperty('available_actions');
    expect(row).toHaveProperty('in_between', false);
  });

  it('answers the deterministic metrics of a host', async () => {
    const h = (await c.req({ method: 'GET', url: '/api/instances?__limit=1&status=running' })).json().data[0];
    const a = (await c.req({ method: 'GET', url: `/api/instances/${h.id}/metrics?metric=cpu&range=1h` })).json();
    expect(a.data.length).toBeGreaterThan(100);
    for (const p of a.data) expect(p.value).toBeGreaterThanOrEqual(0);
    const b = (await c.req({ method: 'GET', url: `/api/instances/${h.id}/metrics?metric=cpu&range=1h` })).json();
    expect(b.data.slice(0, 50)).toEqual(a.data.slice(0, 50));
    expect400(await c.req({ method: 'GET', url: `/api/instances/${h.id}/metrics?metric=disk` }), 'metric');
  });
});

describe('tags', () => {
  it('creates and attaches tags with the key and value rules, lists and replaces them', async () => {
    const member = await app.as('member');
    const h = (await member.req({ method: 'GET', url: '/api/instances?__limit=1' })).json().data[0];
    const post = (tags: unknown, who: Client = member) =>
      who.req({ method: 'POST', url: '/api/tag-manage', payload: { resources: [{ type: 'instance', rids: [h.id] }], tags } });
    const empty = await post([{ tag_key: '', tag_value: 'x' }]);
    expect400(empty, 'tags.0.tag_key');
    expect(empty.json().description).toBe('tags.0.tag_key：请先填写键');
    expect400(await post([{ tag_key: 'env-x', tag_value: 'x' }]), 'tags.0.tag_key');
    expect400(await post([{ tag_key: 'k'.repeat(33), tag_value: 'x' }]), 'tags.0.tag_key');
    expect400(await post([{ tag_key: 'env', tag_value: 'v'.repeat(61) }]), 'tags.0.tag_value');
    expect400(await post([{ tag_key: 'env', tag_value: 'a b' }]), 'tags.0.tag_value');
    expect400(await post([{ tag_key: 'owner', tag_value: '平台（一部）' }]), 'tags.0.tag_value');
    const ok = await post([
      { tag_key: 'env.stage', tag_value: '生产_v1.2-a' },
      { tag_key: 'k'.repeat(32), tag_value: '' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('标签修改成功');
    // The admin editor also takes full-width brackets.
    const admin = await c.req({
      method: 'POST',
      url: '/api/tag-manage',
      payload: { resources: [{ type: 'instance', rids: [h.id] }], tags: [{ tag_key: 'owner', tag_value: '平台（一部）' }] },
      project: h.project_id,
    });
    expect(admin.statusCode).toBe(200);
    const list = (await member.req({ method: 'GET', url: `/api/tag-resources?resource_type=instance&resource_id=${h.id}` })).json();
    expect(list.data.map((d: { tag: { tag_key: string } }) => d.tag.tag_key).sort()).toEqual(['env.stage', 'k'.repeat(32), 'owner'].sort());
    const keep = list.data.filter((d: { tag: { tag_key: string } }) => d.tag.tag_key === 'env.stage').map((d: { tag_id: string }) => d.tag_id);
    const set = await member.req({ method: 'POST', url: '/api/tag-resources', payload: { resource_type: 'instance', resource_id: h.id, tag_ids: keep } });
    expect(set.json().message).toBe('标签修改成功');
    expect((await member.req({ method: 'GET', url: `/api/tag-resources?resource_type=instance&resource_id=${h.id}` })).json().count).toBe(1);
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    expect(
      (
        await fin.req({
          method: 'POST',
          url: '/api/tag-manage',
          payload: { resources: [{ type: 'instance', rids: [h.id] }], tags: [{ tag_key: 'x', tag_value: 'y' }] },
          tenant: ids.finance,
          project: ids.project('core-trading'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await fin.req({ method: 'GET', url: `/api/tag-resources?resource_type=instance&resource_id=${h.id}`, tenant: ids.finance, project: null })).statusCode,
    ).toBe(404);
  });
});

describe('SMS-verified delete', () => {
  it('tells whether a code is needed, sends one, and a delete with the flag needs it', async () => {
    const nec = await c.req({ method: 'POST', url: '/api/v1/sms/necessity', payload: { sms_operate_type: 'delete_instance', params_details: { id: 'x' } } });
    expect(nec.json()).toEqual({ phone: '139****0003', area_code: '86', status: true, is_phone_validate: true });
    expect((await c.req({ method: 'POST', url: '/api/v1/sms/necessity', payload: { sms_operate_type: 'view_list' } })).json().status).toBe(false);
    const h = await host(app, c, { subnetId });
    const noCode = await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?sms_necessity_flag=1&sms_operate_type=delete_instance` });
    expect400(noCode, 'sms_code');
    expect(noCode.json().description).toBe('sms_code：请先获取验证码');
    // Leaving the flag out does not skip the check: the server said a code is needed.
    expect400(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` }), 'sms_code');
    expect((await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json().status).toBe('running');
    const sent = await c.req({ method: 'POST', url: '/api/v1/sms/sms-codes', payload: { operate_type: 'delete_instance' } });
    expect(sent.json()).toMatchObject({ phone: '139****0003', countdown: 60, message: '验证码已发送至 139****0003' });
    expect((await c.req({ method: 'POST', url: '/api/v1/sms/sms-codes', payload: { operate_type: 'delete_instance' } })).statusCode).toBe(429);
    const code = app.engine.smsGateway.lastCode('13900000003')!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect400(
      await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?sms_necessity_flag=1&sms_operate_type=delete_instance&sms_code=${wrong}` }),
      'sms_code',
    );
    expect400(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?sms_necessity_flag=1&sms_code=12ab56` }), 'sms_code');
    // A code asked for another operation is refused by name.
    expect400(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?sms_operate_type=delete_volume&sms_code=${code}` }), 'sms_operate_type');
    expect400(
      await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?sms_necessity_flag=1&sms_operate_type=delete_instance&sms_code=${code}&delayed_days=61` }),
      'delayed_days',
    );
    const ok = await c.req({
      method: 'DELETE',
      url: `/api/instances/${h.id}?sms_necessity_flag=1&sms_operate_type=delete_instance&sms_code=${code}&delayed_days=7`,
    });
    expect(ok.json().status).toBe('deleting');
    expect((await settle(c, 'instances', h.id))!.spec.delayed_days).toBe(7);
    // A code is used once.
    const h2 = await host(app, c, { subnetId });
    expect400(
      await c.req({ method: 'DELETE', url: `/api/instances/${h2.id}?sms_necessity_flag=1&sms_operate_type=delete_instance&sms_code=${code}` }),
      'sms_code',
    );
  });
});

describe('export', () => {
  it('queues a task, writes a real .xlsx and lists it with a download link', async () => {
    const bad = await c.req({ method: 'GET', url: '/api/v1/export/resource/instance?export_field_list=name,secret&is_export_file=true' });
    expect400(bad, 'export_field_list');
    expect((await c.req({ method: 'GET', url: '/api/v1/export/resource/nothing?export_field_list=name' })).statusCode).toBe(404);
    const q = await c.req({
      method: 'GET',
      url: '/api/v1/export/resource/instance?export_field_list=name,status,vendor,flavor,cpu&is_export_file=true&provider=openstack,ali',
    });
    expect(q.statusCode).toBe(202);
    expect(q.json()).toMatchObject({ state: 'queued', message: '已加入导出任务' });
    let task: { state: string; download_url: string | null; row_count: number } | undefined;
    for (let i = 0; i < 200; i++) {
      const list = (await c.req({ method: 'GET', url: '/api/export/resource/download_files' })).json();
      task = list.data.find((t: { id: string }) => t.id === q.json().id);
      if (task?.state === 'done') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(task).toMatchObject({ state: 'done' });
    const file = await c.req({ method: 'GET', url: task!.download_url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '名称', '状态', '云厂商', '规格', 'CPU']);
    expect(sheet.rowCount - 1).toBe(task!.row_count);
    expect(['运行中', '已关机', '错误']).toContain(sheet.getRow(2).getCell(2).value);
    // Another user of the same tenant does not see the task.
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: task!.download_url! })).statusCode).toBe(404);
  });
});

describe('pricing', () => {
  it('prices a purchase by year or quantity in fen, CTyun without yearly', async () => {
    const spec = { flavor: 's6.xlarge.2', system_disk_size: 40, data_disks: [{ size: 100 }], public_ip_type: 'bgp', bandwidth: 5 };
    const year = (
      await c.req({ method: 'POST', url: '/api/price/inquiry', payload: { product_code: 'instance', charging_code: 'year', duration: 12, spec } })
    ).json();
    // host 288.00/月 × 2 (4 cores) + 140 GB × 0.50 + 5 Mbps × 20.00, 12 months for the price of 10.
    const monthly = 28800 * 2 + 140 * 50 + 5 * 2000;
    expect(year.sum_price).toBe(monthly * 10);
    expect(year.cheap_price).toBe(monthly * 2);
    expect(year.whole_year_price).toBe(monthly * 10);
    expect(year.data.map((d: { product_code: string }) => d.product_code)).toEqual(['instance', 'volume', 'eip']);
    expect(year.data[0]).toMatchObject({ price: 28800 * 2 * 10, price_display: '¥5760.00', charging_pkg: { measurement_display: '元/台/月' } });
    expect(year.data[0].discounts[0].discount_config.name).toBe('yearly_two_months_free');
    const hour = (await c.req({ method: 'POST', url: '/api/price/inquiry', payload: { product_code: 'instance', spec, hours: 2 } })).json();
    expect(hour.sum_price).toBe((45 * 2 + 140 * 1 + 5 * 3) * 2);
    expect400(
      await c.req({ method: 'POST', url: '/api/price/inquiry', payload: { product_code: 'instance', charging_code: 'year', duration: 7, spec } }),
      'duration',
    );
    expect400(
      await c.req({
        method: 'POST',
        url: '/api/price/inquiry',
        payload: { product_code: 'eip', charging_code: 'year', vendor: 'ctyun', spec: { bandwidth: 5 } },
      }),
      'charging_code',
    );
    const rental = (
      await c.req({ method: 'POST', url: '/api/price/inquiry', payload: { product_code: 'bandwidth_rental', spec: { bandwidth: 10, hours: 25 } } })
    ).json();
    expect(rental).toMatchObject({ sum_price: 1333, data: [{ days: 2 }] });
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const finYear = (
      await fin.req({
        method: 'POST',
        url: '/api/price/inquiry',
        payload: { product_code: 'instance', charging_code: 'year', duration: 1, spec: { flavor: 's6.large.2' } },
        tenant: ids.finance,
        project: ids.project('core-trading'),
      })
    ).json();
    expect(finYear.data[0].price).toBe(25900);
  });

  it('prices an upgrade against the current spec', async () => {
    const d = (await c.req({ method: 'GET', url: '/api/volumes?__limit=1&status=unmounted' })).json().data[0];
    const up = (await c.req({ method: 'POST', url: '/api/price/upgrade', payload: { resource_id: d.id, changes: { size: d.spec.size + 100 } } })).json();
    expect(up.sum_before_upgrade_price).toBeGreaterThan(0);
    expect(up.sum_price).toBeGreaterThan(0);
    expect(up.data[0].product_code).toBe('volume');
  });
});

describe('events', () => {
  it("streams status changes of the caller's tenant over SSE, authenticated by a single-use ticket", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const h = await host(app, c, { subnetId });
    const ids = await demoIds(app.ctx.db);
    const ctrl = new AbortController();
    const foreign = await fetch(await eventsUrl(address, await app.as('fin_admin'), { tenant_id: ids.huadong }), { signal: ctrl.signal });
    expect(foreign.status).toBe(404);
    const res = await fetch(await eventsUrl(address, c, { tenant_id: c.territories[0]!.tenant_id }), { signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    await act(c, 'instances', h.id, { action: 'stop' });
    let text = '';
    const until = Date.now() + 5000;
    while (!text.includes('"status":"stopped"') && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ctrl.abort();
    expect(text).toContain('event: resource.status');
    expect(text).toContain(`"id":"${h.id}","kind":"instance","status":"stopping"`);
    expect(text).toContain('"status":"stopped"');
    expect((await fetch(`${address}/api/v1/events`)).status).toBe(401);
  });
});
