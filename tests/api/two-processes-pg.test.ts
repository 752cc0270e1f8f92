// Two real server processes on one PostgreSQL (issue 27). They make databases of their own, so
// this file runs whenever TEST_DATABASE_URL names a PostgreSQL (in the api project: the api-pg
// project's list of files is not where it needs to be); skipped without one (PGlite is one process).
// - Started at the same moment on an empty database, both come up: migrations and the demo seed
//   run under an advisory lock, so the second waits and finds the work done.
// - Keyed approval decisions and work orders are replayed over both; one is SIGKILLed mid-way and
//   every unanswered write is resent to the other with its key, as the outbox does. Each lands
//   exactly once (ADR 0042).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../e2e/server.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { firewallRequest } from './firewall-request.ts';

const base = process.env.TEST_DATABASE_URL;
const enabled = !!base;
const LEASE_MS = 2000;

const servers: StartedServer[] = [];
const databases: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `yunshu_two_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(dbUrl: string): Promise<StartedServer> {
  const s = await startServer({
    DATABASE_URL: dbUrl,
    WORKERS: '1',
    IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'error',
    CLOUD_SIM_DELAY_MS: '50',
  });
  servers.push(s);
  return s;
}

async function call(baseURL: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, inFlight: res.headers.get('idempotency-in-flight') === 'true', body: text ? JSON.parse(text) : null };
}

afterAll(async () => {
  if (!enabled) return;
  for (const s of servers) await s.stop();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}, 60_000);

describe.skipIf(!enabled)('two server processes on one PostgreSQL', () => {
  it('both come up when started at once on an empty database', async () => {
    const dbUrl = await freshDatabase();
    const [a, b] = await Promise.all([start(dbUrl), start(dbUrl)]);
    for (const s of [a, b]) expect((await fetch(`${s.baseURL}/api/health`)).status).toBe(200);
    const sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
    const { rows } = await sql.query(`select count(*)::int as n from users where account = 'admin'`);
    await sql.end();
    expect(rows[0].n).toBe(1);
  }, 180_000);

  it('applies keyed decisions and work orders exactly once across a SIGKILL and a resend to the other process', async () => {
    const dbUrl = await freshDatabase();
    const a = await start(dbUrl);
    const b = await start(dbUrl);
    const sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
    try {
      const login = async (account: string) => (await call(a.baseURL, 'POST', '/api/v1/login', {}, { account, password: DEMO_PASSWORD })).body.token as string;
      const [submitter, approver] = await Promise.all([login('tenant_admin'), login('approver')]);
      const {
        rows: [scope],
      } = await sql.query(`select p.id as project_id, p.tenant_id from projects p where p.name = 'supply-chain'`);
      const {
        rows: [place],
      } = await sql.query(`select azs.id as az_id, regions.id as region_id, regions.public_cloud_provider as vendor
        from azs join regions on regions.id = azs.region_id where azs.enabled order by regions.sort_value, azs.sort_value limit 1`);
      const scoped = { 'x-tenant-id': scope.tenant_id, 'x-project-id': scope.project_id };
      const types = await call(a.baseURL, 'GET', '/api/v1/workorders/types', { 'x-auth-token': submitter, ...scoped });
      const typeId = types.body.data[0].id as string;
      const run = randomBytes(3).toString('hex');

      const COUNT = 50;
      const approvals: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const res = await call(
          a.baseURL,
          'POST',
          '/api/v1/approvals',
          { 'x-auth-token': submitter, ...scoped },
          firewallRequest(`two-${i}`, place, i, '双进程重放'),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        approvals.push(res.body.id);
      }
      // One list of writes, decisions and work orders interleaved, each with its own key.
      const writes = Array.from({ length: 2 * COUNT }, (_, i) => {
        const n = Math.floor(i / 2);
        return i % 2
          ? {
              key: `two-wo-${run}-${n}`,
              method: 'POST',
              url: '/api/v1/workorders',
              headers: { 'x-auth-token': submitter, ...scoped },
              body: {
                workorder_type_id: typeId,
                title: `双进程-${run}-${n}`,
                contact: '李娜',
                phone: '13900000003',
                email: 'lina@huadong-mfg.example.cn',
                urgency: 'high',
                contact_time: 'any',
                description: '崩溃重放',
              },
            }
          : {
              key: `two-ap-${run}-${n}`,
              method: 'POST',
              url: `/api/v1/approvals/${approvals[n]}/approve`,
              headers: { 'x-auth-token': approver },
              body: { comment: '同意' },
            };
      });
      const send = (target: StartedServer, w: (typeof writes)[number]) =>
        call(target.baseURL, w.method, w.url, { ...w.headers, 'idempotency-key': w.key }, w.body);

      // First pass, eight at a time, alternately to A and B; B is killed after 30 answers.
      const answered = new Set<number>();
      let next = 0;
      let killed: Promise<unknown> | null = null;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < writes.length) {
            const i = next++;
            const target = i % 2 ? b : a;
            if (target === b && (b.child.exitCode !== null || b.child.signalCode !== null)) continue;
            try {
              const res = await send(target, writes[i]!);
              if (res.status < 300) answered.add(i);
            } catch {
              /* the connection died with B */
            }
            if (answered.size >= 30 && !killed) {
              b.child.kill('SIGKILL');
              killed = new Promise((r) => b.child.once('exit', r));
            }
          }
        }),
      );
      await killed;
      expect(answered.size).toBeLessThan(writes.length);

      // The outbox resends what it has no answer for to A, with the same keys, until none is in flight.
      let pending = writes.map((_, i) => i).filter((i) => !answered.has(i));
      const final = new Map<number, number>();
      for (let round = 0; pending.length && round < 20; round++) {
        const again: number[] = [];
        for (const i of pending) {
          const res = await send(a, writes[i]!);
          if (res.status === 409 && res.inFlight) again.push(i);
          else final.set(i, res.status);
        }
        pending = again;
        if (pending.length) await new Promise((r) => setTimeout(r, LEASE_MS / 2));
      }
      expect(pending).toEqual([]);
      expect([...final.entries()].filter(([, s]) => s >= 300)).toEqual([]);

      const { rows: decisions } = await sql.query(
        `select r.id, count(x.id)::int as n from approval_requests r
         left join approval_actions x on x.request_id = r.id and x.action in ('approved', 'rejected') where r.id = any($1) group by r.id`,
        [approvals],
      );
      const { rows: workorders } = await sql.query(`select title, count(*)::int as n from workorders where title like $1 group by title`, [`双进程-${run}-%`]);
      console.log(
        `[two-processes] answered before the kill: ${answered.size}/${writes.length}, resent: ${writes.length - answered.size}, ` +
          `decisions once: ${decisions.filter((r) => r.n === 1).length}/${COUNT}, work orders once: ${workorders.filter((r) => r.n === 1).length}/${COUNT}`,
      );
      expect(decisions.filter((r) => r.n !== 1)).toEqual([]);
      expect(decisions).toHaveLength(COUNT);
      expect(workorders.filter((r) => r.n !== 1)).toEqual([]);
      expect(workorders).toHaveLength(COUNT);
    } finally {
      await sql.end();
    }
  }, 240_000);
});
