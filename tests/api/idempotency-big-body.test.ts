// A 100,000-element JSON array with an Idempotency-Key (issue 27): the key's fingerprint of the body
// once spread the array's parts into one call and overflowed the stack (500 "Maximum call stack
// size exceeded"). Each of the six routes found answering so now refuses the body with a
// catalogued 4xx {title, description}, and nothing in the database changes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { canonical } from '../../src/server/platform/http/idempotency.plugin.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  // The alarm evaluator writes history on its own schedule: "nothing changed" is about the requests.
  app = await build({ config: { alarmEvaluation: false } });
  // What the requests change, not the scheduled work (object storage's lifecycle rules and backups run at their hours).
  // Ready first: the scheduler starts when the app is ready (the first request), which would undo a stop before it.
  await app.ready();
  await app.engine.scheduler.stop();
});
afterAll(async () => {
  await app.close();
});

const ID = 'a'.repeat(32);
const ROUTES = [
  ['POST', '/api/v1/manage/tags'],
  ['POST', `/api/vpcep-services/${ID}/actions`],
  ['PUT', `/api/v1/cloud/user-groups/${ID}/roles`],
  ['DELETE', `/api/v1/alarm-policies/${ID}`],
  ['POST', '/api/load-balances/actions'],
  ['POST', '/api/v1/approval-delegations'],
] as const;

/** Rows per table (the log of requests and the keys aside): what "nothing changed" compares. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('operation_logs', 'idempotency_keys', 'sessions', 'kysely_migration', 'kysely_migration_lock')
    order by table_name`.execute(app.ctx.db);
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows)
    out[table_name] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table_name)}`.execute(app.ctx.db)).rows[0]!.n);
  return out;
}

describe('a 100,000-element array body with an Idempotency-Key', () => {
  it('fingerprints without overflowing the stack', () => {
    const big = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(canonical(big)).toBe(JSON.stringify(big));
    const obj = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    expect(canonical(obj).length).toBeGreaterThan(200_000);
  });

  it('is refused with a catalogued 4xx on each of the six routes, nothing changed', async () => {
    const c = await app.as('admin');
    const payload = JSON.stringify(Array.from({ length: 100_000 }, () => 0));
    const before = await rowCounts();
    const answers: string[] = [];
    for (const [method, url] of ROUTES) {
      const res = await c.req({ method, url, payload, headers: { 'content-type': 'application/json', 'idempotency-key': `big-${method}-${url.length}` } });
      answers.push(`${method} ${url} → ${res.statusCode}`);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const body = res.json();
      expect(typeof body.title).toBe('string');
      expect(typeof body.description).toBe('string');
      expect(body.description).not.toMatch(/call stack|Maximum/i);
    }
    expect(await rowCounts()).toEqual(before);
    expect(answers).toHaveLength(6);
  }, 120_000);
});
