// Exactly once across a crash (PostgreSQL only): two real server processes on one database take
// 100 approval decisions with Idempotency-Keys, alternately; one is killed with SIGKILL while it
// holds keys in flight, restarted, and every decision is resent with its key — as the offline
// outbox does. All 100 must end applied, each exactly once, every final answer a 200.
// Runs in the api-pg project (TEST_DATABASE_URL); skipped on PGlite. Its time is mostly the first
// process migrating and seeding an empty database (the demo grows with every area): 240 s allowed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../e2e/server.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { firewallRequest } from './firewall-request.ts';

const base = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && !!base;
const LEASE_MS = 2000;
const COUNT = 100;

let dbName = '';
let dbUrl = '';
let sql: pg.Client;
const servers: StartedServer[] = [];

async function start(): Promise<StartedServer> {
  const s = await startServer({
    DATABASE_URL: dbUrl,
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
  return {
    status: res.status,
    inFlight: res.headers.get('idempotency-in-flight') === 'true',
    replayed: res.headers.get('idempotent-replayed') === 'true',
    body: text ? JSON.parse(text) : null,
  };
}

beforeAll(async () => {
  if (!enabled) return;
  dbName = `yunshu_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(base!);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  for (const s of servers) await s.stop();
  await sql?.end();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}, 60_000);

describe.skipIf(!enabled)('Idempotency-Key across a SIGKILL (two processes, one PostgreSQL)', () => {
  it('applies 100 of 100 decisions exactly once after one process is killed mid-replay and the outbox resends', async () => {
    const started = Date.now();
    // The first process migrates and seeds; the second joins the same database.
    const a = await start();
    let b = await start();

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

    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const res = await call(
        i % 2 ? b.baseURL : a.baseURL,
        'POST',
        '/api/v1/approvals',
        { 'x-auth-token': submitter, ...scoped },
        firewallRequest(`crash-${i}`, place, i, '崩溃重放'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    const setupMs = Date.now() - started;

    const decide = (i: number) => {
      const target = i % 2 ? b : a;
      return call(
        target.baseURL,
        'POST',
        `/api/v1/approvals/${ids[i]}/approve`,
        { 'x-auth-token': approver, 'idempotency-key': `crash-${ids[i]}` },
        { comment: '同意' },
      );
    };
    const stats = { firstPass: 0, networkFailures: 0, inFlight409: 0, conflict409: 0, replayed: 0, orphansInFlight: 0, orphansApplied: 0 };

    // First pass, eight at a time. Three requests for B are held mid-transaction by a row lock the
    // test takes, so B surely holds their keys in flight when it is killed, half-way through.
    const held = [51, 53, 55].map((i) => ids[i]!);
    const locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from approval_requests where id = any($1) for update', [held]);
    let next = 0;
    let answered = 0;
    let killed: Promise<void> | null = null;
    const killB = async () => {
      for (let i = 0; i < 2000; i++) {
        const { rows } = await sql.query(`select count(*)::int as n from idempotency_keys where state = 'in_flight' and key = any($1)`, [
          held.map((id) => `crash-${id}`),
        ]);
        if (rows[0].n === held.length) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      b.child.kill('SIGKILL');
      await new Promise((r) => b.child.once('exit', r));
      await locker.query('rollback');
      await locker.end();
    };
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < COUNT) {
          const i = next++;
          if (b.child.exitCode !== null || b.child.signalCode !== null) {
            if (i % 2) {
              stats.networkFailures += 1;
              continue;
            }
          }
          try {
            const res = await decide(i);
            if (res.status === 200) stats.firstPass += 1;
          } catch {
            stats.networkFailures += 1;
          }
          answered += 1;
          if (answered === COUNT / 2 && !killed) killed = killB();
        }
      }),
    );
    await killed;
    const { rows: orphans } = await sql.query(`select state, count(*)::int as n from idempotency_keys where state <> 'done' group by state`);
    for (const o of orphans) {
      if (o.state === 'in_flight') stats.orphansInFlight = o.n;
      if (o.state === 'applied') stats.orphansApplied = o.n;
    }
    // The kill left keys in flight (at least the three held ones): what the fix is about.
    expect(stats.orphansInFlight + stats.orphansApplied).toBeGreaterThanOrEqual(held.length);

    // B comes back; the outbox resends everything with the same keys, and again later while a key is in flight.
    b = await start();
    const final = new Map<number, number>();
    let pending = ids.map((_, i) => i);
    for (let round = 0; pending.length && round < 20; round++) {
      const again: number[] = [];
      for (const i of pending) {
        const res = await decide(i);
        if (res.status === 409 && res.inFlight) {
          stats.inFlight409 += 1;
          again.push(i);
          continue;
        }
        if (res.status === 409) stats.conflict409 += 1;
        if (res.replayed) stats.replayed += 1;
        final.set(i, res.status);
      }
      pending = again;
      if (pending.length) await new Promise((r) => setTimeout(r, LEASE_MS / 2));
    }

    const { rows: counts } = await sql.query(
      `select r.id, r.status, count(a.id)::int as decisions from approval_requests r
      left join approval_actions a on a.request_id = r.id and a.action in ('approved', 'rejected') where r.id = any($1) group by r.id, r.status`,
      [ids],
    );
    const applied = counts.filter((r) => r.decisions === 1 && r.status !== 'pending').length;
    const duplicates = counts.filter((r) => r.decisions > 1).length;
    console.log(
      `[idempotency-crash] applied once: ${applied}/${COUNT}, duplicates: ${duplicates}, first pass 200s: ${stats.firstPass}, network failures: ${stats.networkFailures}, ` +
        `keys left by the kill: ${stats.orphansInFlight} in flight + ${stats.orphansApplied} applied, 409 in flight seen: ${stats.inFlight409}, 409 conflicts: ${stats.conflict409}, ` +
        `replayed answers: ${stats.replayed}, setup ${setupMs} ms, total ${Date.now() - started} ms`,
    );
    expect(pending).toEqual([]);
    expect([...final.values()].filter((s) => s !== 200)).toEqual([]);
    expect(duplicates).toBe(0);
    expect(applied).toBe(COUNT);
  }, 240_000);
});
