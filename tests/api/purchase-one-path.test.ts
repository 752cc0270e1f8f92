// Issue 8 item 1: a purchase asked at POST /api/v1/approvals runs the engine's own create pipeline
// (the kind's schema, quota, price, hooks) and no secret field is ever stored or answered in clear.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { hostPurchase, ids, subnetOf } from './approvals-helper.ts';
import { network, placement, settle } from './kinds-helpers.ts';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { measureOf } from '../../src/domain/approvals/quota-keys.ts';
import { setQuota } from '../../src/server/platform/quotas/quotas.repository.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
let admin: Client;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
  admin = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const approvals = (c: Client, payload: object, project: string) =>
  c.req({ method: 'POST', url: '/api/v1/approvals', project, payload: { type: 'resource_purchase', payload } });
const count = async (table: 'resources' | 'approval_requests') =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every text of every table (the whole database), to look for a clear secret. */
async function wholeDatabase(): Promise<string> {
  const tables = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(app.ctx.db);
  let out = '';
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ t: string | null }>`select string_agg(x::text, '|') as t from ${sql.table(table_name)} x`.execute(app.ctx.db);
    out += rows.rows[0]?.t ?? '';
  }
  return out;
}

describe('a purchase asked at POST /api/v1/approvals', () => {
  it("is validated by the kind's create schema: 400 naming the field, nothing created", async () => {
    const before = [await count('resources'), await count('approval_requests')];
    const res = await approvals(admin, await hostPurchase(app, P.rnd, 'bad-image-host', { image: 'no-such-image', flavor: 'm6.4xlarge.8' }), P.rnd);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'payload.spec.image' });
    expect(res.json().description).toContain('payload.spec.image');
    const noSubnet = await approvals(
      admin,
      { ...(await hostPurchase(app, P.rnd, 'no-subnet')), spec: { image: 'centos-7.9', flavor: 's6.large.2', password: 'Yunshu2025x' } },
      P.rnd,
    );
    expect(noSubnet.statusCode).toBe(400);
    expect(noSubnet.json().field).toBe('payload.spec.subnet_id');
    expect([await count('resources'), await count('approval_requests')]).toEqual(before);
  });

  it('is refused over quota exactly like POST /api/instances (third big host: 可用数量不足)', async () => {
    const live = await app.ctx.db
      .selectFrom('resources')
      .select('spec')
      .where('project_id', '=', P.rnd)
      .where('kind', '=', 'instance')
      .where('status', '!=', 'deleted')
      .execute();
    const used = live.reduce((n, r) => n + measureOf('instance', 'cpu', r.spec as Record<string, unknown>), 0);
    // Room for two m6.4xlarge.8 (16 cores each), not three.
    await setQuota(app.ctx.db, P.rnd, 'instance', used + 40, 'cpu');
    // Memory is not what this test limits: room for all three.
    const usedMemory = live.reduce((n, r) => n + measureOf('instance', 'memory', r.spec as Record<string, unknown>), 0);
    await setQuota(app.ctx.db, P.rnd, 'instance', usedMemory + 3 * 128, 'memory');
    for (const n of [1, 2]) {
      const ok = await approvals(admin, await hostPurchase(app, P.rnd, `big-host-${n}`, { flavor: 'm6.4xlarge.8' }), P.rnd);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().status).toBe('no_approval_needed');
    }
    const before = [await count('resources'), await count('approval_requests')];
    const third = await hostPurchase(app, P.rnd, 'big-host-3', { flavor: 'm6.4xlarge.8' });
    const viaApprovals = await approvals(admin, third, P.rnd);
    const viaEngine = await admin.req({
      method: 'POST',
      url: '/api/instances',
      project: P.rnd,
      payload: { ...third.spec, name: third.name, vendor: third.vendor, region_id: third.region_id, az_id: third.az_id },
    });
    expect(viaEngine.statusCode).toBe(409);
    expect(viaApprovals.statusCode).toBe(409);
    expect(viaApprovals.json()).toEqual(viaEngine.json());
    expect(viaApprovals.json().description).toContain('可用数量不足');
    expect([await count('resources'), await count('approval_requests')]).toEqual(before);
    await app.ctx.db.deleteFrom('project_quotas').where('project_id', '=', P.rnd).where('measure', 'in', ['cpu', 'memory']).execute();
  });

  it("is priced by the engine: the request's price equals what POST /api/instances charges", async () => {
    for (const charging of [{ charging: 'quantity' }, { charging: 'year', months: 12 }] as const) {
      const body = await hostPurchase(app, P.rnd, `priced-${charging.charging}`, { flavor: 's6.xlarge.2', data_disks: [{ type: 'ssd', size: 100 }] }, charging);
      const engine = await admin.req({
        method: 'POST',
        url: '/api/instances',
        project: P.rnd,
        payload: {
          ...body.spec,
          name: `${body.name}-e`,
          vendor: body.vendor,
          region_id: body.region_id,
          az_id: body.az_id,
          charging_code: charging.charging,
          ...('months' in charging ? { duration: charging.months } : {}),
        },
      });
      expect(engine.statusCode).toBe(201);
      const price = engine.json().price.sum_price as number;
      expect(price).toBeGreaterThan(0);
      const req = await approvals(admin, body, P.rnd);
      expect(req.statusCode).toBe(201);
      expect(req.json().payload.price_fen).toBe(price);
      expect(req.json().estimated_cost_fen).toBe(charging.charging === 'year' ? price : price * 720);
      const row = await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', req.json().resource.id).executeTakeFirstOrThrow();
      expect((row.spec as Record<string, unknown>).price_fen).toBe(price);
    }
  });
});

describe('secret fields', () => {
  const SECRET = 'Zz9SecretPw7';
  // A certificate's private key must match its certificate: a real key pair (test fixture).
  const pem = (f: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs', f), 'utf8');
  const KEY = pem('shop.key.pem');
  const KEY_BODY = KEY.split('\n')[1]!;
  // An HTTPDNS signing secret is 16-64 letters or digits.
  const SIGNING = 'Zz9SigningSecret2026';
  const ACCOUNT_SECRET = 'AcCoUnTsEcReT0123456789xyz';
  // An FTP gateway's password is 6-8 characters (seed 001 §6).
  const FTP_SECRET = 'Ftp9#Sec';
  const secretOf = (kind: string) =>
    kind === 'ssl_certificate'
      ? KEY.trim()
      : kind === 'httpdns_instance'
        ? SIGNING
        : kind === 'cloud_account'
          ? ACCOUNT_SECRET
          : kind === 'ftp_server'
            ? FTP_SECRET
            : SECRET;
  let privateNet: Awaited<ReturnType<typeof network>> | undefined;
  const bodies: Record<string, (project: string) => Promise<Record<string, unknown>>> = {
    instance: async (project) => ({
      name: `sec-host-${project.slice(0, 4)}`,
      ...(await subnetOf(app, project)),
      image: 'centos-7.9',
      flavor: 's6.small.1',
      password: SECRET,
    }),
    // Bare metal is sold on private clouds only: a VPC and subnet of OpenStack in rnd-test.
    phyhost: async () => {
      privateNet ??= await network(app, admin);
      return { name: 'sec-bms', ...privateNet.p, subnet_id: privateNet.subnet.id, flavor: 'bms.s3.large', image: 'kylin-v10', password: SECRET };
    },
    sdwan_branch: async () => ({
      name: 'branch',
      name_suffix: `sec-${Math.random().toString(36).slice(2, 8)}`,
      ...(await placement(app)),
      device_model: 'sdw-500',
      device_sn: `SN${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      access_password: SECRET,
      access_password_confirm: SECRET,
      deployment_location: { province: '江苏省', city: '苏州市', address: '星湖街 328 号' },
    }),
    // Managed Redis and MongoDB (issue 29): the administrator's password is sealed like a host's.
    cache_instance: async () => ({ name: `secredis${Math.random().toString(36).slice(2, 8)}`, ...(await placement(app)), password: SECRET }),
    doc_instance: async () => ({ name: `secmongo${Math.random().toString(36).slice(2, 8)}`, ...(await placement(app)), password: SECRET }),
    httpdns_instance: async () => ({
      name: `sec-httpdns-${Math.random().toString(36).slice(2, 8)}`,
      ...(await placement(app)),
      auth_enabled: true,
      secret_key: SIGNING,
    }),
    // A cloud account is placed by vendor alone: the approval path names no region or zone either.
    cloud_account: async () => ({
      name: `sec-acc-${Math.random().toString(36).slice(2, 8)}`,
      vendor: 'ali',
      access_key_id: `LTAI5tSec${Math.random().toString(36).slice(2, 12)}`,
      access_key_secret: ACCOUNT_SECRET,
    }),
    // The FTP gateway (issue 30): its password is sealed like a host's.
    ftp_server: async () => ({ name: `sec-ftp-${Math.random().toString(36).slice(2, 8)}`, ...(await placement(app)), account: 'secftp', password: FTP_SECRET }),
    ssl_certificate: async () => ({
      name: `sec-cert-${Math.random().toString(36).slice(2, 8)}`,
      ...(await placement(app)),
      source: 'upload',
      public_key: pem('shop.cert.pem'),
      private_key: KEY,
    }),
  };
  const split = (kind: string, body: Record<string, unknown>) => {
    const { name, vendor, region_id, az_id, ...spec } = body;
    return { kind, name, vendor, region_id, az_id, spec };
  };

  it('are never stored nor answered in clear, for every kind with secrets, through both paths', async () => {
    const secretKinds = KINDS.filter((k) => k.secret?.length)
      .map((k) => k.kind)
      .sort();
    expect(secretKinds).toEqual(Object.keys(bodies).sort());
    const member = await app.as('member');
    const answers: string[] = [];
    for (const def of KINDS.filter((k) => k.secret?.length)) {
      // Each path, in a project that buys at once (rnd-test) and in one that waits for approval (MES).
      // Cloud accounts are the tenant administrator's (entity cloud_account): a member may not buy one.
      const places =
        def.kind === 'phyhost'
          ? [[admin, P.rnd] as const]
          : ([
              [admin, P.rnd],
              [def.kind === 'cloud_account' ? admin : member, P.mes],
            ] as const);
      for (const [c, project] of places) {
        const direct = await c.req({ method: 'POST', url: `/api/${def.collection}`, project, payload: await bodies[def.kind]!(project) });
        expect([201, 202], direct.body).toContain(direct.statusCode);
        const asked = await approvals(c, split(def.kind, await bodies[def.kind]!(project)), project);
        expect(asked.statusCode, asked.body).toBe(201);
        for (const id of [direct.json().id, asked.json().resource.id]) {
          answers.push(direct.body, asked.body, (await c.req({ method: 'GET', url: `/api/${def.collection}/${id}`, project })).body);
          const row = await app.ctx.db.selectFrom('resources').select('secrets').where('id', '=', id).executeTakeFirstOrThrow();
          expect(row.secrets).toMatch(/^v1:/);
          const opened = app.ctx.secrets.open(row.secrets!);
          for (const k of def.secret!) expect(String(opened[k]).trim(), `${def.kind}.${k}`).toBe(secretOf(def.kind));
        }
        answers.push((await c.req({ method: 'GET', url: `/api/v1/approvals/${asked.json().id}`, project })).body);
      }
    }
    // A rebuild's new password is sealed too, never queued in clear with the job.
    const host = (await admin.req({ method: 'POST', url: '/api/instances', project: P.rnd, payload: await bodies.instance!(P.rnd) })).json();
    await settle(admin, 'instances', host.id);
    const rebuilt = await admin.req({
      method: 'POST',
      url: `/api/instances/${host.id}/actions`,
      project: P.rnd,
      payload: { action: 'rebuild', image: 'ubuntu-22.04', password: 'Rebuilt2026Pw' },
    });
    expect(rebuilt.statusCode).toBe(200);
    answers.push(rebuilt.body, (await admin.req({ method: 'GET', url: '/api/instances?__limit=100', project: P.rnd })).body);
    const db = await wholeDatabase();
    for (const text of [...answers, db]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('Rebuilt2026Pw');
      expect(text).not.toContain(KEY_BODY);
      expect(text).not.toContain(SIGNING);
      expect(text).not.toContain(ACCOUNT_SECRET);
      expect(text).not.toContain(FTP_SECRET);
    }
  });
});
