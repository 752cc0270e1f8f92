// The embedded database's own statement path (ADR 0039) answers exactly what PGlite's `query`
// answers: every column type, parameters of every kind, affected rows, errors with their fields,
// notifications, answers longer than one write of PostgreSQL's, and schema changes under prepared
// statements. A PGlite upgrade that changes its protocol messages fails here.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFastParser, PLAN_PER_RUN, StatementRunner } from '../../src/server/platform/db/pglite-protocol.ts';

let db: PGlite;
let runner: StatementRunner;
let uninstall: (() => void) | undefined;

const LONG = '云'.repeat(40_000) + 'x'.repeat(50_000);
const SELECT_ALL = `select * from samples order by id`;

beforeAll(async () => {
  db = new PGlite({ parsers: { 20: (v: string) => Number(v) } });
  await db.waitReady;
  await db.exec(PLAN_PER_RUN);
  await db.exec(`create table samples (
    id int4 primary key, small int2, big int8, money numeric(12,2), ratio float8, ok bool, name text, code varchar(8),
    uid uuid, doc json, spec jsonb, at timestamptz, local timestamp, day date, raw bytea, tags text[], nums int4[], note text)`);
  runner = new StatementRunner(db, 3);
}, 60_000);

afterAll(async () => {
  uninstall?.();
  await db.close();
});

const insert = `insert into samples (id, small, big, money, ratio, ok, name, code, uid, doc, spec, at, local, day, raw, tags, nums, note)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;
const rowParams = (id: number) => [
  id,
  id * 2,
  9_007_199_254_740_000 + id,
  '12345.67',
  id / 3,
  id % 2 === 0,
  `主机-${id}`,
  'c6.2x',
  '8c1e2f1c-5b7a-4c1e-9d0a-1f2e3d4c5b6a',
  { cpu: id, disks: [10, 20] },
  { image: 'CentOS 7.9', 名: '云枢' },
  new Date(Date.UTC(2026, 10, 23, 6, 5, 4, 321)),
  '2026-11-23 14:05:00',
  '2026-11-23',
  new Uint8Array([0, 1, 254, 255, id]),
  ['a', 'b "c"', '中'],
  [1, 2, id],
  id === 3 ? LONG : null,
];

describe("the embedded database's statement path", () => {
  it("answers every type, parameter and count as PGlite's query does, long answers included", async () => {
    // What PGlite's own path answers, before the parser is replaced.
    for (const id of [1, 2, 3]) await db.query(insert, rowParams(id));
    const expected = await db.query(SELECT_ALL);
    const expectedUpdate = await db.query(`update samples set ok = $1 where id > $2`, [true, 1]);
    await db.query(`delete from samples`);

    uninstall = installFastParser();
    let inserted = 0;
    for (const id of [1, 2, 3]) inserted += (await runner.run(insert, rowParams(id))).affected;
    const actual = await runner.run(SELECT_ALL, []);
    const update = await runner.run(`update samples set ok = $1 where id > $2`, [true, 1]);

    expect(inserted).toBe(3);
    expect(actual.rows).toEqual(expected.rows);
    expect(update.affected).toBe(expectedUpdate.affectedRows);
    const third = actual.rows[2]!;
    expect(third.note).toBe(LONG);
    expect(third.big).toBe(9_007_199_254_740_003);
    expect(third.at).toEqual(new Date(Date.UTC(2026, 10, 23, 6, 5, 4, 321)));
    expect(third.raw).toEqual(new Uint8Array([0, 1, 254, 255, 3]));
    expect(third.tags).toEqual(['a', 'b "c"', '中']);
    expect(third.spec).toEqual({ image: 'CentOS 7.9', 名: '云枢' });
  });

  it('throws errors with their fields and goes on after them, in and out of transactions', async () => {
    const duplicate = await runner.run(insert, rowParams(1)).then(
      () => ({}) as Record<string, unknown>,
      (e: unknown) => e as Record<string, unknown>,
    );
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'samples_pkey', table: 'samples' });
    expect(String(duplicate.message)).toContain('duplicate key');
    await expect(runner.run(`selec 1`, [])).rejects.toMatchObject({ code: '42601' });

    await runner.run('begin', []);
    await expect(runner.run(`select 1 / $1::int as x`, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(runner.run(`select $1::int as x`, [1])).rejects.toMatchObject({ code: '25P02' });
    await runner.run('rollback', []);
    expect((await runner.run(`select $1::int as x`, [7])).rows).toEqual([{ x: 7 }]);
    expect((await runner.run(`select count(*) as n from samples`, [])).rows).toEqual([{ n: 3 }]);
  });

  it("delivers notifications to PGlite's listeners", async () => {
    const heard: string[] = [];
    const stop = await db.listen('yunshu_test', (payload) => heard.push(payload));
    await runner.run(`select pg_notify('yunshu_test', $1)`, ['云枢 t:1']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(['云枢 t:1']);
    await stop();
  });

  it('keeps at most its number of prepared statements and follows schema changes', async () => {
    for (let round = 0; round < 3; round++)
      for (const n of [1, 2, 3, 4, 5]) expect((await runner.run(`select $1::int + ${n} as v`, [round])).rows).toEqual([{ v: round + n }]);
    const open = await db.query<{ n: number }>(`select count(*) as n from pg_prepared_statements`);
    expect(open.rows[0]!.n).toBeLessThanOrEqual(3);

    const before = await runner.run(`select * from samples where id = $1`, [1]);
    expect(before.rows[0]).not.toHaveProperty('extra');
    await runner.run(`alter table samples add column extra text default '新'`, []);
    const after = await runner.run(`select * from samples where id = $1`, [1]);
    expect(after.rows[0]).toMatchObject({ id: 1, extra: '新' });
  });
});
