// Exactly once for every keyed write (issue 27, ADR 0042). A process that dies after its write
// committed and before it stored the answer leaves the key's row as its transactions left it, with
// a lease nobody renews. Reproduced here truthfully: the request runs in full except the idempotency
// layer's storing of the answer (a test hook drops the claim after the handler, as a SIGKILL there
// would), then the lease is moved to the past. The retry with the same key and body must create
// nothing a second time and answer 2xx (the outbox then counts the write delivered).
// Part two walks every registered write route: a key found applied never reaches the handler.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { firewallPayload, ids } from './approvals-helper.ts';
import { host, placement, network, settle, uniq } from './kinds-helpers.ts';
import { canonical } from '../../src/server/platform/http/idempotency.plugin.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let supply = '';
beforeAll(async () => {
  app = await build();
  // "The process died here": after the handler (its transactions committed), before the answer is stored.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (req.headers['x-test-die-before-answer'] === '1') req.idempotency = null;
    return payload;
  });
  await ids(app);
  admin = await app.as('tenant_admin');
  supply = admin.territories[0]!.projects.find((p) => p.project_name === 'supply-chain')!.project_id;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const count = async (table: string, where: Record<string, string>) => {
  let q = app.ctx.db.selectFrom(table as 'resources').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [column, value] of Object.entries(where)) q = q.where(column as 'id', '=', value);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** A multipart body with one small PNG (field `file`). */
function pngUpload() {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
    'hex',
  );
  const boundary = '----exactlyonce0001';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Case {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the registered route it exercises */
  route: string;
  /** builds the request (run once per case) and answers how to count what it writes */
  prepare: (
    c: Client,
  ) => Promise<{ url: string; payload?: unknown; headers?: Record<string, string>; project?: string | null; written: () => Promise<number> }>;
}

const CASES: Case[] = [
  {
    name: 'work order',
    method: 'POST',
    route: '/api/v1/workorders',
    prepare: async (c) => {
      const type = (await c.req({ method: 'GET', url: '/api/v1/workorders/types' })).json().data[0].id as string;
      const title = uniq('wo').slice(0, 30);
      const payload = {
        workorder_type_id: type,
        title,
        contact: '李娜',
        phone: '13900000003',
        email: 'lina@huadong-mfg.example.cn',
        urgency: 'high',
        contact_time: 'any',
        description: '崩溃重放',
      };
      return { url: '/api/v1/workorders', payload, written: () => count('workorders', { title }) };
    },
  },
  {
    name: 'feedback',
    method: 'POST',
    route: '/api/v1/opinions',
    prepare: async () => {
      const content = uniq('反馈');
      const payload = { name: '李娜', phone: '13900000003', email: 'lina@huadong-mfg.example.cn', type: 'product', content };
      return { url: '/api/v1/opinions', payload, written: () => count('feedbacks', { content }) };
    },
  },
  {
    name: 'work order attachment',
    method: 'POST',
    route: '/api/v1/workorders/upload',
    prepare: async () => {
      const { payload, headers } = pngUpload();
      const before = await count('workorder_attachments', {});
      return { url: '/api/v1/workorders/upload', payload, headers, written: async () => (await count('workorder_attachments', {})) - before };
    },
  },
  {
    name: 'approval request (a purchase asked through approvals)',
    method: 'POST',
    route: '/api/v1/approvals',
    prepare: async () => {
      const payload = { type: 'firewall_policy', payload: { ...firewallPayload(77), name: uniq('fw') } };
      const before = await count('approval_requests', {});
      return { url: '/api/v1/approvals', payload, project: supply, written: async () => (await count('approval_requests', {})) - before };
    },
  },
  {
    name: 'host purchase',
    method: 'POST',
    route: '/api/instances',
    prepare: async (c) => {
      const p = await placement(app, 'openstack');
      const subnet = (await network(app, c)).subnet.id;
      const name = uniq('host');
      const payload = { name, ...p, image: 'centos-7.9', flavor: 's6.large.2', subnet_id: subnet, password: 'Passw0rd2025' };
      return { url: '/api/instances', payload, written: () => count('resources', { name }) };
    },
  },
  {
    name: 'host resize',
    method: 'POST',
    route: '/api/instances/:id/actions',
    prepare: async (c) => {
      const h = await host(app, c);
      return {
        url: `/api/instances/${h.id}/actions`,
        payload: { action: 'resize', flavor: 's6.xlarge.2' },
        // The order is written by the meter, which hears the finished job's event after it commits
        // (on PostgreSQL through NOTIFY): wait for the job, then for the meter to have written it.
        written: async () => {
          await settle(c, 'instances', h.id as string);
          const orders = () => count('orders', { resource_id: h.id as string, order_type: 'resize' });
          for (let until = Date.now() + 5000; Date.now() < until && (await orders()) === 0;) await new Promise((r) => setTimeout(r, 20));
          await app.ctx.meter.settled();
          return orders();
        },
      };
    },
  },
  {
    name: 'order (conversion to yearly/monthly)',
    method: 'POST',
    route: '/api/v1/cloud/orders/convert',
    prepare: async (c) => {
      const h = await host(app, c, { vendor: 'ali' });
      return {
        url: '/api/v1/cloud/orders/convert',
        payload: { resource_id: h.id, duration: 1 },
        written: () => count('orders', { resource_id: h.id as string, order_type: 'convert' }),
      };
    },
  },
  {
    name: 'cost centre recharge',
    method: 'POST',
    route: '/api/v1/cloud/cost-center/recharges',
    prepare: async () => {
      const before = await count('recharges', {});
      return {
        url: '/api/v1/cloud/cost-center/recharges',
        payload: { amount: '321.09' },
        project: null,
        written: async () => (await count('recharges', {})) - before,
      };
    },
  },
];

describe('a keyed write whose process died after the commit, before the answer', () => {
  it('covers routes the app registers', () => {
    const registered = new Set(app.routes().map((r) => `${r.method} ${r.url}`));
    for (const c of CASES) expect(registered, c.name).toContain(`${c.method} ${c.route}`);
  });

  for (const c of CASES) {
    it(`${c.name}: the retry that takes the key over creates nothing twice and answers 2xx`, async () => {
      const p = await c.prepare(admin);
      const key = `eo-${createHash('sha1').update(c.name).digest('hex').slice(0, 20)}`;
      const send = (die: boolean) =>
        admin.req({
          method: c.method,
          url: p.url,
          ...(p.project !== undefined ? { project: p.project } : {}),
          ...(p.payload !== undefined ? { payload: p.payload as object } : {}),
          headers: { 'idempotency-key': key, ...(p.headers ?? {}), ...(die ? { 'x-test-die-before-answer': '1' } : {}) },
        });
      const first = await send(true);
      expect(first.statusCode, first.body).toBeLessThan(300);
      expect(await p.written()).toBe(1);
      const row = app.ctx.db.updateTable('idempotency_keys').where('key', '=', key);
      // Nobody renews a dead process's lease.
      await row.set({ lease_until: new Date(Date.now() - 1000) }).execute();
      const state = await app.ctx.db.selectFrom('idempotency_keys').select('state').where('key', '=', key).executeTakeFirstOrThrow();
      expect(state.state).not.toBe('done');

      const retried = await send(false);
      expect(retried.statusCode, retried.body).toBeGreaterThanOrEqual(200);
      expect(retried.statusCode, retried.body).toBeLessThan(300);
      expect(await p.written()).toBe(1);
      // Answered now: the next resend replays that answer.
      const again = await send(false);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(retried.body);
      expect(await p.written()).toBe(1);
    }, 60_000);
  }

  it('answers a created work order from its current state', async () => {
    const p = await CASES[0]!.prepare(admin);
    const headers = { 'idempotency-key': 'eo-wo-state-0001' };
    const first = await admin.req({ method: 'POST', url: p.url, payload: p.payload as object, headers: { ...headers, 'x-test-die-before-answer': '1' } });
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where('key', '=', headers['idempotency-key'])
      .execute();
    const retried = await admin.req({ method: 'POST', url: p.url, payload: p.payload as object, headers });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotency-applied']).toBe('true');
    expect(retried.json().id).toBe(first.json().id);
    expect(retried.json().title).toBe((p.payload as { title: string }).title);
  });
});

describe('every keyed write route', () => {
  it('never runs the handler for a key whose write already committed', async () => {
    const c = await app.as('admin');
    const owner = `u:${(await app.ctx.users.findByAccount('admin'))!.id}`;
    const writes = app.routes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(50);
    const reached: string[] = [];
    const ran: string[] = [];
    let n = 0;
    for (const r of writes) {
      const url = r.url.replace(/:[A-Za-z_]+/g, () => 'e'.repeat(32)).replace(/\*$/, 'x');
      const key = `walk-${n++}`;
      const bodyHash = createHash('sha256')
        .update(`${r.method} ${url}\n${canonical({})}`)
        .digest('hex');
      await app.ctx.db
        .insertInto('idempotency_keys')
        .values({
          user_id: owner,
          key,
          method: r.method,
          path: url,
          body_hash: bodyHash,
          state: 'applied',
          response_status: null,
          response_body: JSON.stringify({ created: [] }),
          response_type: null,
          lease_until: new Date(Date.now() - 1000),
        })
        .execute();
      const res = await c.req({ method: r.method as 'POST', url, payload: {}, headers: { 'idempotency-key': key } });
      const row = await app.ctx.db
        .selectFrom('idempotency_keys')
        .select(['state'])
        .where('user_id', '=', owner)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      // Refused before the idempotency layer (permission, scope, step-up): the row is untouched.
      if (row.state === 'applied') continue;
      reached.push(`${r.method} ${r.url}`);
      if (res.headers['idempotency-applied'] !== 'true' && r.url !== '/api/v1/approvals/:id/approve' && r.url !== '/api/v1/approvals/:id/reject')
        ran.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(ran).toEqual([]);
    expect(reached.length).toBeGreaterThan(writes.length / 2);
  }, 300_000);
});
