// Load balancers and their listeners through the API: address from the subnet, start and stop,
// listeners with protocol and port rules (4789/udp refused), health checks, backends with weights
// 0–100 and at most 7 in primary/backup mode, HTTPS certificates, deletes and isolation.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, network, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let subnet: Row;
let h1: Row;
let h2: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  subnet = (await network(app, c)).subnet;
  h1 = await host(app, c, { subnetId: subnet.id });
  h2 = await host(app, c, { subnetId: subnet.id });
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const lbBody = (extra: Record<string, unknown> = {}) => ({ name: uniq('lb'), subnet_id: subnet.id, ...extra });
// Each listener its own port: random ones collided now and then (the port is unique per load balancer).
let nextPort = 8000;
const listenerBody = (lbId: string, extra: Record<string, unknown> = {}) => ({
  name: uniq('lsn'),
  load_balancer_id: lbId,
  protocol: 'tcp',
  port: nextPort++,
  backends: [{ instance_id: h1.id, port: 8080, weight: 100 }],
  ...extra,
});
let lb: Row;
beforeAll(async () => {
  lb = await createSettled(c, 'load-balances', lbBody());
});

async function refusedElsewhere(collection: string, id: string, action: Record<string, unknown>) {
  const ids = await demoIds(app.ctx.db);
  const fin = await app.as('fin_admin');
  for (const scope of [
    { tenant: ids.finance, project: ids.project('core-trading') },
    { tenant: ids.huadong, project: null },
  ]) {
    expect((await fin.req({ method: 'GET', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/${collection}/${id}/actions`, payload: action, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
  }
}

describe('load balancer', () => {
  it('goes creating → running with an address of its subnet, priced; public ones need a bandwidth', async () => {
    const before = (await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips;
    const row = await create(c, 'load-balances', lbBody({ network_type: 'public', bandwidth: 5, flavor: 'large' }));
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    const done = (await settle(c, 'load-balances', row.id))!;
    expect(done).toMatchObject({
      status: 'running',
      vendor: subnet.vendor,
      az_id: subnet.az_id,
      spec: { network_type: 'public', listener_count: 0, vpc_id: subnet.spec.vpc_id },
    });
    expect(done.spec.vip_address).toMatch(new RegExp(`^${subnet.spec.cidr.replace(/\.0\/24$/, '').replace(/\./g, '\\.')}\\.\\d+$`));
    expect(done.spec.public_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(before + 1);
    expect400(await post('load-balances', lbBody({ network_type: 'public' })), 'bandwidth');
    expect400(await post('load-balances', lbBody({ network_type: 'public', bandwidth: 201 })), 'bandwidth');
    expect400(await post('load-balances', lbBody({ flavor: 'huge' })), 'flavor');
    expect400(await post('load-balances', lbBody({ name: 'x' })), 'name');
    expect400(await post('load-balances', lbBody({ description: 'http://lb' })), 'description');
    const ctyun = (await network(app, c, 'ctyun')).subnet;
    expect400(await post('load-balances', lbBody({ subnet_id: ctyun.id, charging_code: 'year', duration: 12 })), 'charging_code');
    expect((await post('load-balances', lbBody({ subnet_id: ctyun.id }))).statusCode).toBe(201);
    expect((await post('load-balances', lbBody({ subnet_id: '0'.repeat(32) }))).statusCode).toBe(404);
    // Deleting frees the address.
    await c.req({ method: 'DELETE', url: `/api/load-balances/${row.id}` });
    expect(await settle(c, 'load-balances', row.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(before);
  });

  it('stops and starts only from the states that allow it; refuses deletes while listeners remain', async () => {
    const b = await createSettled(c, 'load-balances', lbBody());
    expect409(await act(c, 'load-balances', b.id, { action: 'start' }), '当前状态不允许启动');
    const stopping = await act(c, 'load-balances', b.id, { action: 'stop' });
    expect(stopping.json().status).toBe('stopping');
    expect409(await act(c, 'load-balances', b.id, { action: 'stop' }), '当前状态不允许停止');
    expect((await settle(c, 'load-balances', b.id))!.status).toBe('stopped');
    expect409(await act(c, 'load-balances', b.id, { action: 'stop' }), '当前状态不允许停止');
    // A stopped load balancer still takes listeners.
    const l = await createSettled(c, 'lb-listeners', listenerBody(b.id));
    expect((await c.req({ method: 'GET', url: `/api/load-balances/${b.id}` })).json().spec.listener_count).toBe(1);
    expect((await actSettled(c, 'load-balances', b.id, { action: 'start' })).status).toBe('running');
    expect409(await c.req({ method: 'DELETE', url: `/api/load-balances/${b.id}` }), '负载均衡下存在监听器，不允许删除');
    await refusedElsewhere('load-balances', b.id, { action: 'stop' });
    await refusedElsewhere('lb-listeners', l.id, { action: 'delete' });
    expect((await c.req({ method: 'DELETE', url: `/api/lb-listeners/${l.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'lb-listeners', l.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/load-balances/${b.id}` })).json().spec.listener_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/load-balances/${b.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'load-balances', b.id)).toBeNull();
  });

  it('refuses deletes and listeners while creating', async () => {
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'load-balances', lbBody());
      expect409(await c.req({ method: 'DELETE', url: `/api/load-balances/${pending.id}` }), '当前状态不允许删除');
      expect409(await act(c, 'load-balances', pending.id, { action: 'stop' }), '当前状态不允许停止');
      expect409(await post('lb-listeners', listenerBody(pending.id)), '当前状态不允许新增');
    } finally {
      app.engine.scheduler.start();
    }
  });
});

describe('listener', () => {
  it("goes creating → available in its load balancer's place with its defaults", async () => {
    const row = await create(c, 'lb-listeners', listenerBody(lb.id, { port: 80, protocol: 'http', health_check: { protocol: 'http', path: '/healthz' } }));
    expect(row.status).toBe('creating');
    const l = (await settle(c, 'lb-listeners', row.id))!;
    expect(l).toMatchObject({
      status: 'available',
      vendor: lb.vendor,
      az_id: lb.az_id,
      spec: {
        algorithm: 'round_robin',
        session_persistence: false,
        mode: 'weighted',
        health_check: { enabled: true, protocol: 'http', interval: 5, timeout: 2 },
      },
    });
    expect(l.relations).toContainEqual(expect.objectContaining({ relation: 'listener_of', id: lb.id }));
  });

  it('takes ports 1–65535 once per protocol family and refuses 4789/udp', async () => {
    const b = await createSettled(c, 'load-balances', lbBody());
    const vx = await post('lb-listeners', listenerBody(b.id, { protocol: 'udp', port: 4789 }));
    expect400(vx, 'port');
    expect(vx.json().rule).toBe('port_vxlan_udp');
    expect((await post('lb-listeners', listenerBody(b.id, { protocol: 'tcp', port: 4789 }))).statusCode).toBe(201);
    expect400(await post('lb-listeners', listenerBody(b.id, { port: 0 })), 'port');
    expect400(await post('lb-listeners', listenerBody(b.id, { port: 65536 })), 'port');
    expect((await post('lb-listeners', listenerBody(b.id, { port: 65535 }))).statusCode).toBe(201);
    expect((await post('lb-listeners', listenerBody(b.id, { port: 1 }))).statusCode).toBe(201);
    const taken = await post('lb-listeners', listenerBody(b.id, { protocol: 'http', port: 4789 }));
    expect400(taken, 'port');
    expect(taken.json().rule).toBe('listener_port_taken');
    expect((await post('lb-listeners', listenerBody(b.id, { protocol: 'udp', port: 65535 }))).statusCode).toBe(201);
    expect400(await post('lb-listeners', listenerBody(b.id, { protocol: 'sctp' })), 'protocol');
    expect400(await post('lb-listeners', listenerBody(b.id, { algorithm: 'random' })), 'algorithm');
    expect400(await post('lb-listeners', listenerBody(b.id, { session_timeout: 0 })), 'session_timeout');
    expect400(await post('lb-listeners', listenerBody(b.id, { load_balancer_id: undefined })), 'load_balancer_id');
  });

  it('needs a certificate for HTTPS; redirect only on HTTP, FTP only on TCP', async () => {
    expect400(await post('lb-listeners', listenerBody(lb.id, { protocol: 'https', port: 443 })), 'certificate_id');
    expect400(await post('lb-listeners', listenerBody(lb.id, { protocol: 'https', port: 443, certificate_id: 'not-an-id' })), 'certificate_id');
    // The certificate comes from the SSL certificate store of the caller's scope, in a usable state.
    expect((await post('lb-listeners', listenerBody(lb.id, { protocol: 'https', port: 443, certificate_id: 'c'.repeat(32) }))).statusCode).toBe(404);
    const where = { vendor: lb.vendor, region_id: lb.region_id, az_id: lb.az_id };
    const pending = await createSettled(c, 'ssl-certificates', { name: uniq('cert'), ...where, domain: 'lb.yunshu-demo.test' });
    expect409(
      await post('lb-listeners', listenerBody(lb.id, { protocol: 'https', port: 443, certificate_id: pending.id })),
      '证书不是正常状态，不能用于 HTTPS',
    );
    const cert = await createSettled(c, 'ssl-certificates', {
      name: uniq('cert'),
      ...where,
      public_key: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs/shop.cert.pem'), 'utf8'),
      private_key: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs/shop.key.pem'), 'utf8'),
    });
    expect((await post('lb-listeners', listenerBody(lb.id, { protocol: 'https', port: 443, certificate_id: cert.id }))).statusCode).toBe(201);
    expect409(await c.req({ method: 'DELETE', url: `/api/ssl-certificates/${cert.id}` }), '证书正在被使用，请先解除关联');
    expect400(await post('lb-listeners', listenerBody(lb.id, { protocol: 'tcp', redirect: true })), 'redirect');
    expect((await post('lb-listeners', listenerBody(lb.id, { protocol: 'http', port: 8081, redirect: true }))).statusCode).toBe(201);
    expect400(await post('lb-listeners', listenerBody(lb.id, { protocol: 'http', ftp: true })), 'ftp');
    expect((await post('lb-listeners', listenerBody(lb.id, { protocol: 'tcp', port: 21, ftp: true, real_ip: true }))).statusCode).toBe(201);
  });

  it('checks the health check: interval 1–50 s, timeout not over the interval, HTTP needs a path', async () => {
    const hc = (health_check: Record<string, unknown>) => post('lb-listeners', listenerBody(lb.id, { health_check }));
    expect400(await hc({ interval: 0 }), 'health_check.interval');
    expect400(await hc({ interval: 51 }), 'health_check.interval');
    const slow = await hc({ interval: 5, timeout: 6 });
    expect400(slow, 'health_check.timeout');
    expect(slow.json().rule).toBe('timeout_over_interval');
    expect400(await hc({ port: 70000 }), 'health_check.port');
    expect400(await hc({ protocol: 'http' }), 'health_check.path');
    expect400(await hc({ protocol: 'http', path: 'healthz' }), 'health_check.path');
    expect400(await post('lb-listeners', listenerBody(lb.id, { protocol: 'udp', health_check: { protocol: 'http', path: '/h' } })), 'health_check.protocol');
    const ok = await createSettled(c, 'lb-listeners', listenerBody(lb.id, { health_check: { interval: 16, timeout: 16, port: 9000 } }));
    expect(ok.spec.health_check).toMatchObject({ interval: 16, timeout: 16, port: 9000 });
    const changed = await actSettled(c, 'lb-listeners', ok.id, { action: 'set_health_check', health_check: { enabled: false, interval: 5, timeout: 5 } });
    expect(changed.spec.health_check).toMatchObject({ enabled: false, interval: 5 });
    expect400(await act(c, 'lb-listeners', ok.id, { action: 'set_health_check', health_check: { interval: 2, timeout: 3 } }), 'health_check.timeout');
  });

  it('takes backends with weights 0–100, at most 7 in primary/backup mode, each server port once', async () => {
    const be = (backends: Record<string, unknown>[], mode = 'weighted') => post('lb-listeners', listenerBody(lb.id, { mode, backends }));
    expect400(await be([{ instance_id: h1.id, port: 80, weight: 101 }]), 'backends.0.weight');
    expect400(await be([{ instance_id: h1.id, port: 80, weight: -1 }]), 'backends.0.weight');
    expect400(await be([{ instance_id: h1.id, port: 0 }]), 'backends.0.port');
    const rep = await be([
      { instance_id: h1.id, port: 80 },
      { instance_id: h1.id, port: 80 },
    ]);
    expect400(rep, 'backends.1.port');
    expect(rep.json().rule).toBe('backend_repeated');
    expect(
      (
        await be([
          { instance_id: h1.id, port: 80, weight: 0 },
          { instance_id: h2.id, port: 80, weight: 100 },
        ])
      ).statusCode,
    ).toBe(201);
    const seven = Array.from({ length: 7 }, (_, i) => ({ instance_id: i % 2 ? h1.id : h2.id, port: 9000 + i, role: i ? 'backup' : 'primary' }));
    expect((await be(seven, 'primary_backup')).statusCode).toBe(201);
    const eight = await be([...seven, { instance_id: h1.id, port: 9100, role: 'backup' }], 'primary_backup');
    expect400(eight, 'backends');
    expect(eight.json().rule).toBe('backends_too_many');
    expect(eight.json().description).toBe('backends：主备模式最多 7 台后端服务器');
    expect400(await be([{ instance_id: h1.id, port: 80, role: 'backup' }], 'primary_backup'), 'backends');
    expect400(await be([{ instance_id: h1.id, port: 80, role: 'backup' }]), 'mode');
    expect400(await be([{ instance_id: h1.id, port: 80 }], 'active_active'), 'mode');
    // Backends are hosts of the scope, running or stopped, in the load balancer's VPC.
    expect((await be([{ instance_id: '0'.repeat(32), port: 80 }])).statusCode).toBe(404);
    const elsewhere = await host(app, c);
    expect409(await be([{ instance_id: elsewhere.id, port: 80 }]), '后端服务器须为运行中或已关机的云主机');
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const foreign = (
      await fin.req({ method: 'GET', url: '/api/instances?__limit=1&status=running', tenant: ids.finance, project: ids.project('core-trading') })
    ).json().data[0].id;
    expect((await be([{ instance_id: foreign, port: 80 }])).statusCode).toBe(404);
  });

  it('changes its backends (updating → available), refused while updating', async () => {
    const l = await createSettled(c, 'lb-listeners', listenerBody(lb.id));
    await app.engine.scheduler.stop();
    try {
      const updating = await act(c, 'lb-listeners', l.id, {
        action: 'set_backends',
        mode: 'primary_backup',
        backends: [
          { instance_id: h1.id, port: 80 },
          { instance_id: h2.id, port: 80, role: 'backup' },
        ],
      });
      expect(updating.json().status).toBe('updating');
      expect409(await act(c, 'lb-listeners', l.id, { action: 'set_backends', backends: [] }), '当前状态不允许编辑');
      expect409(await act(c, 'lb-listeners', l.id, { action: 'set_health_check', health_check: {} }), '当前状态不允许编辑');
      expect409(await c.req({ method: 'DELETE', url: `/api/lb-listeners/${l.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
    const done = (await settle(c, 'lb-listeners', l.id))!;
    expect(done).toMatchObject({ status: 'available', spec: { mode: 'primary_backup', backends: [{ role: 'primary', weight: 100 }, { role: 'backup' }] } });
    const eight = Array.from({ length: 8 }, (_, i) => ({ instance_id: h1.id, port: 100 + i }));
    expect400(await act(c, 'lb-listeners', l.id, { action: 'set_backends', mode: 'primary_backup', backends: eight }), 'backends');
    expect((await act(c, 'lb-listeners', l.id, { action: 'set_backends', backends: [{ instance_id: '0'.repeat(32), port: 80 }] })).statusCode).toBe(404);
  });
});
