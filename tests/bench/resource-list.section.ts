// The resource list under load (issue 2 item 11): 100,000 rows of `resources` in one tenant and
// project, the real server as a child process, GET /api/v1/resources with 50 concurrent clients,
// then a walk of 2,000 cursor pages. Once on PGlite and once on PostgreSQL (a fresh database on
// the local server, dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { migrate, openDatabase, type DbHandle } from '../../src/server/platform/db/database.ts';
import { seedDemo, DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { spawn } from 'node:child_process';
import { freePort, nodeBinary, profileFlags, startServer, waitForHealth, type StartedServer } from '../e2e/server.ts';
import type { BenchResult, BenchSection } from './run.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
// The list and its floor take turns (inTurns): this many turns each, DURATION_S in all per side.
const ROUNDS = Math.max(2, 2 * Math.round(Number(process.env.BENCH_ROUNDS ?? 4) / 2));
const PAGE_SIZE = 50;
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 3);
// The loaded requests ask what a phone's list asks: the first page of 20 (issue 10's goals).
const LOAD_PAGE = 20;
const GOALS = { cursorP99: { postgres: 50, pglite: 100 }, offsetP99: 150, rssMb: 512 };
// 2,000 pages of 50 at the full 100,000 rows; fewer when BENCH_ROWS is set lower for a quick look.
const DEEP_PAGE = Math.min(2000, Math.floor(ROWS / PAGE_SIZE));
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function resourceListSections(): BenchSection[] {
  return [
    { name: 'list-pglite', group: 'resource-list', title: `GET /api/v1/resources — PGlite, ${ROWS.toLocaleString('en')} rows`, run: () => runList('pglite') },
    {
      name: 'list-postgres',
      group: 'resource-list',
      title: `GET /api/v1/resources — PostgreSQL, ${ROWS.toLocaleString('en')} rows`,
      run: () => runList('postgres'),
    },
  ];
}

/** Seeds the demo data and ROWS resources in 华东制造集团 / smart-factory-mes with set-based inserts. */
export async function prepare(handle: DbHandle): Promise<void> {
  const db = handle.db;
  await migrate(db);
  await seedDemo(db);
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', '华东制造集团').executeTakeFirstOrThrow();
  const project = await db.selectFrom('projects').select('id').where('name', '=', 'smart-factory-mes').executeTakeFirstOrThrow();
  const BATCH = 25_000;
  for (let from = 1; from <= ROWS; from += BATCH) {
    const to = Math.min(ROWS, from + BATCH - 1);
    await sql`
      insert into resources (id, kind, tenant_id, project_id, vendor, region_id, az_id, name, status, locked, spec, created_at, updated_at)
      select md5('bench-' || g), (array['instance','volume','eip','vpc','subnet','snapshot'])[1 + g % 6], ${tenant.id}, ${project.id},
             (array['openstack','ali','tencent','ctyun','hwyun','vmware'])[1 + g % 6], null, null,
             'bench-' || lpad(g::text, 6, '0'), case when g % 7 = 0 then 'stopped' else 'running' end, g % 50 = 0,
             jsonb_build_object('cpu', 2 + g % 8, 'memory_gb', 4 * (1 + g % 4), 'image', 'CentOS 7.9'),
             timestamptz '2025-06-01 00:00:00+00' - make_interval(secs => g), timestamptz '2025-06-01 00:00:00+00' - make_interval(secs => g)
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  // PostgreSQL's autovacuum would do this soon after a bulk load; PGlite has no autovacuum.
  await sql`vacuum analyze resources`.execute(db);
}

/** The server's processes: the one started and its workers (node:cluster on PostgreSQL). */
function processTree(pid: number | undefined): number[] {
  if (!pid) return [];
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8');
    } catch {
      /* gone */
    }
    out.push(...children.split(/\s+/).filter(Boolean).map(Number));
  }
  return out;
}
const serverProcesses = (pid: number | undefined) => processTree(pid).length;

/** CPU time (ms, user + system) the server's processes have used so far (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10;
}

/** The highest peak RSS of the server's processes (MiB). */
function peakRssMb(pid: number | undefined): number {
  let peak = NaN;
  for (const p of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
      if (!(kb / 1024 <= peak)) peak = kb / 1024;
    } catch {
      /* gone */
    }
  }
  return peak;
}

export async function session(baseURL: string) {
  const login = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'tenant_admin', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const terr = await fetch(`${baseURL}/api/v1/auth/territories?enabled=true&__limit=1000`, { headers: { 'x-auth-token': token } });
  const t = ((await terr.json()) as { data: { tenant_id: string; projects: { project_id: string; project_name: string }[] }[] }).data[0]!;
  const project = t.projects.find((p) => p.project_name === 'smart-factory-mes')!;
  return { 'x-auth-token': token, 'x-tenant-id': t.tenant_id, 'x-project-id': project.project_id };
}

async function load(baseURL: string, headers: Record<string, string>, urlPath: string, duration = DURATION_S) {
  const result = await autocannon({ url: `${baseURL}${urlPath}`, connections: CONNECTIONS, duration, headers, timeout: 30 });
  // Requests still running when the clients stop (PGlite runs one query at a time, and each
  // abandoned request still runs its remaining queries) would be charged to the next
  // measurement: wait until a single list request is quick again (at most 60 s).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(`${baseURL}${urlPath}`, { headers });
    if (performance.now() - t0 < 250) break;
  }
  return result;
}

/**
 * The floor (list-floor.ts): node:http and node-postgres (or PGlite on its thread) answering the
 * list's one statement, with Yunshu's process count and pool size, started beside Yunshu's server
 * (on PGlite on a copy of its data directory: one process holds a data directory).
 */
async function startFloor(db: { databaseUrl?: string; dataDir?: string }, workers: number) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), WORKERS: String(workers) };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else env.DATA_DIR = db.dataDir;
  const child = spawn(nodeBinary(), [...profileFlags(), path.join(import.meta.dirname, 'list-floor.ts')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, 60_000);
    for (let i = 0; i < 20; i++) await fetch(`${baseURL}/list`).then((r) => r.arrayBuffer());
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, stop, pid: child.pid };
}

interface Loaded {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** the server's own CPU time per answered request (ms): what it costs, whatever else the machine runs */
  cpuPerRequest: number;
}
/** A turn's result and the CPU time the server's processes used during it. */
type Turn = autocannon.Result & { cpu: number };
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const loaded = (rs: Turn[]): Loaded => ({
  rps: mean(rs.map((r) => r.requests.average)),
  p50: mean(rs.map((r) => r.latency.p50)),
  p99: mean(rs.map((r) => r.latency.p99)),
  bad: rs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  cpuPerRequest:
    rs.reduce((n, r) => n + r.cpu, 0) /
    Math.max(
      1,
      rs.reduce((n, r) => n + r.requests.total, 0),
    ),
});

/**
 * Yunshu's first cursor page and the floor's, loaded in turns — Yunshu, floor, floor, Yunshu, … —
 * ROUNDS times DURATION_S / ROUNDS seconds each. On a machine shared with other work the load it
 * takes changes within seconds: two measurements one after the other compared that change as much
 * as the two servers (ADR 0050). Answers each side's mean over its turns.
 */
async function inTurns(
  yunshu: { load: (s: number) => Promise<autocannon.Result>; pid: number | undefined },
  floor: { load: (s: number) => Promise<autocannon.Result>; pid: number | undefined },
) {
  const turn = Math.max(1, Math.round(DURATION_S / ROUNDS));
  const ys: Turn[] = [];
  const fs_: Turn[] = [];
  const say = (who: string, r: Turn) =>
    console.log(
      `[bench]     ${who}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${(r.cpu / Math.max(1, r.requests.total)).toFixed(3)} ms CPU/request`,
    );
  const take = async (who: 'yunshu' | 'floor') => {
    const side = who === 'yunshu' ? yunshu : floor;
    const before = cpuMs(side.pid);
    const r = { ...(await side.load(turn)), cpu: 0 };
    r.cpu = cpuMs(side.pid) - before;
    (who === 'yunshu' ? ys : fs_).push(r);
    say(who, r);
  };
  for (let i = 0; i < ROUNDS; i++) {
    for (const who of i % 2 === 0 ? (['yunshu', 'floor'] as const) : (['floor', 'yunshu'] as const)) await take(who);
  }
  return { yunshu: loaded(ys), floor: loaded(fs_) };
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: { data: unknown[]; next_cursor: string | null } }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { data: unknown[]; next_cursor: string | null };
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Walks cursor pages to DEEP_PAGE; answers the median latency of page 1 and of page DEEP_PAGE (5 tries each). */
async function cursorWalk(baseURL: string, headers: Record<string, string>) {
  const base = `${baseURL}/api/v1/resources?__limit=${PAGE_SIZE}&__cursor=`;
  let cursor = '';
  let deepUrl = '';
  const walkStart = performance.now();
  for (let page = 1; page <= DEEP_PAGE; page++) {
    const url = base + encodeURIComponent(cursor);
    if (page === DEEP_PAGE) {
      deepUrl = url;
      break;
    }
    const { body } = await timed(url, headers);
    if (!body.next_cursor) throw new Error(`the walk ended at page ${page}: not enough rows for page ${DEEP_PAGE}`);
    if (page % 500 === 0) console.log(`[bench]   cursor walk: page ${page} of ${DEEP_PAGE} (${((performance.now() - walkStart) / 1000).toFixed(1)} s)`);
    cursor = body.next_cursor;
  }
  const walkMs = performance.now() - walkStart;
  const first: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < 7; i++) {
    first.push((await timed(base, headers)).ms);
    const d = await timed(deepUrl, headers);
    if (d.body.data.length !== PAGE_SIZE) throw new Error(`page ${DEEP_PAGE} has ${d.body.data.length} rows`);
    deep.push(d.ms);
  }
  return { firstMs: median(first), deepMs: median(deep), walkMs };
}

async function runList(kind: 'pglite' | 'postgres'): Promise<BenchResult> {
  let dataDir: string | undefined;
  let dbName: string | undefined;
  let server: StartedServer | undefined;
  let floorDir: string | undefined;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  // The server's own log level (info) and request log, so their cost is measured too.
  const env: Record<string, string | undefined> = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', RATE_LIMIT_PER_MINUTE: '1000000000', SEED: 'none' };
  const t0 = Date.now();
  try {
    let handle: DbHandle;
    if (kind === 'pglite') {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-bench-'));
      handle = await openDatabase({ dataDir });
      env.DATA_DIR = dataDir;
      env.DATABASE_URL = undefined;
    } else {
      const admin = new pg.Client({ connectionString: PG_URL });
      try {
        await admin.connect();
      } catch (err) {
        return { rows: [], skipped: `no PostgreSQL at ${PG_URL}: ${(err as Error).message}` };
      }
      dbName = `yunshu_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      handle = await openDatabase({ url: url.toString() });
      env.DATABASE_URL = url.toString();
    }
    try {
      await prepare(handle);
    } finally {
      await handle.close();
    }
    const seededS = (Date.now() - t0) / 1000;
    // The floor's copy, made while no process holds the data directory.
    if (dataDir) {
      floorDir = `${dataDir}-floor`;
      fs.cpSync(dataDir, floorDir, { recursive: true });
    }

    server = await startServer(env);
    const headers = await session(server.baseURL);
    // As a browser sends it: the API's compression is part of what is measured.
    const loadHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
    // Warm up (JIT, plan cache, PGlite buffers) before measuring.
    for (let i = 0; i < 20; i++) await timed(`${server.baseURL}/api/v1/resources?__limit=${PAGE_SIZE}`, headers);

    const processes = serverProcesses(server.child.pid);
    // On PostgreSQL, the floor with as many processes as the server has workers (the primary only
    // forwards connections); on PGlite one, on its copy of the data directory.
    const floorProcesses = Math.max(1, processes - 1);
    floor = await startFloor(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: floorDir }, floorProcesses);

    console.log(`[bench]   ${kind}: seeded in ${seededS.toFixed(1)} s; ${CONNECTIONS} clients for ${DURATION_S} s on each list mode…`);
    const yunshuURL = server.baseURL;
    const floorURL = floor.baseURL;
    // Both under the same load, unmeasured, before the turns: a server in use has compiled its hot
    // paths (20 requests one at a time leave most of them to the first turn, which then measured the
    // compiler as much as the server: Yunshu's turns climbed 714 → 1,384 req/s, the floor's 1,648 → 2,392).
    await load(yunshuURL, loadHeaders, `/api/v1/resources?__limit=${LOAD_PAGE}&__cursor=`, WARM_UP_S);
    await load(floorURL, {}, '/list', WARM_UP_S);
    const turns = await inTurns(
      { load: (s) => load(yunshuURL, loadHeaders, `/api/v1/resources?__limit=${LOAD_PAGE}&__cursor=`, s), pid: server.child.pid },
      { load: (s) => load(floorURL, {}, '/list', s), pid: floor.pid },
    );
    await floor.stop();
    const keyset = turns.yunshu;
    const floorRun = turns.floor;
    const offset = await load(server.baseURL, loadHeaders, `/api/v1/resources?__limit=${LOAD_PAGE}`);
    const walk = await cursorWalk(server.baseURL, headers);
    const rss = peakRssMb(server.child.pid);
    await server.stop();
    // Issue 26's goal is a ratio to the floor measured in the same run, never a time.
    const throughputRatio = keyset.rps / floorRun.rps;
    const p99Ratio = keyset.p99 / floorRun.p99;
    const bad = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;
    const goal = (value: number, max: number, unit: string) => `goal ≤ ${max} ${unit}: ${value <= max ? 'met' : 'NOT met'}`;
    const cursorGoal = GOALS.cursorP99[kind];

    return {
      rows: [
        { metric: 'rows seeded (one tenant, one project)', value: ROWS.toLocaleString('en'), note: `prepared in ${seededS.toFixed(1)} s` },
        { metric: 'server processes (WORKERS on PostgreSQL; PGlite: one)', value: String(processes) },
        {
          metric: `req/s, ${CONNECTIONS} clients, first cursor page of ${LOAD_PAGE}`,
          value: keyset.rps.toFixed(0),
          note: `mean of ${ROUNDS} turns, taken in turns with the floor`,
        },
        { metric: '  latency p50 (ms)', value: keyset.p50.toFixed(1) },
        { metric: '  latency p99 (ms)', value: keyset.p99.toFixed(1), note: goal(keyset.p99, cursorGoal, 'ms') },
        { metric: '  failed requests (non-2xx, errors, timeouts)', value: String(keyset.bad) },
        {
          metric: `floor: node:http + ${kind === 'pglite' ? 'PGlite on its thread' : 'pg'}, same statement, ${floorProcesses} process${floorProcesses > 1 ? 'es' : ''}, req/s`,
          value: floorRun.rps.toFixed(0),
          note: 'no framework, sign-in, scope or compression',
        },
        { metric: '  CPU per request, server processes (ms)', value: keyset.cpuPerRequest.toFixed(3), note: 'user + system time over its turns' },
        {
          metric: '  floor CPU per request (ms)',
          value: floorRun.cpuPerRequest.toFixed(3),
          note: `Yunshu ${(keyset.cpuPerRequest / floorRun.cpuPerRequest).toFixed(2)}× the floor's`,
        },
        { metric: '  floor latency p50 (ms)', value: floorRun.p50.toFixed(1) },
        { metric: '  floor latency p99 (ms)', value: floorRun.p99.toFixed(1), note: 'what this machine allows at that moment' },
        {
          metric: '  throughput / floor',
          value: `${(throughputRatio * 100).toFixed(0)}%`,
          note: `goal ≥ 70%: ${throughputRatio >= 0.7 ? 'met' : 'NOT met'}`,
        },
        {
          metric: '  p99 / floor p99',
          value: `${p99Ratio.toFixed(2)}×`,
          note: `goal ≤ 1.5×: ${p99Ratio <= 1.5 ? 'met' : 'NOT met'}`,
        },
        { metric: `req/s, ${CONNECTIONS} clients, offset page of ${LOAD_PAGE} with count`, value: offset.requests.average.toFixed(0) },
        { metric: '  latency p50 (ms)', value: offset.latency.p50.toFixed(1) },
        { metric: '  latency p99 (ms)', value: offset.latency.p99.toFixed(1), note: goal(offset.latency.p99, GOALS.offsetP99, 'ms') },
        { metric: '  failed requests (non-2xx, errors, timeouts)', value: String(bad(offset)) },
        { metric: 'cursor page 1 latency (ms, median of 7)', value: walk.firstMs.toFixed(2) },
        { metric: `cursor page ${DEEP_PAGE} latency (ms, median of 7)`, value: walk.deepMs.toFixed(2) },
        { metric: `ratio page 1 / page ${DEEP_PAGE}`, value: (walk.firstMs / walk.deepMs).toFixed(2), note: '≈1 means depth costs nothing' },
        { metric: `walk of ${DEEP_PAGE - 1} pages, one client (s)`, value: (walk.walkMs / 1000).toFixed(1) },
        {
          metric: kind === 'pglite' ? 'server peak RSS (MiB, VmHWM)' : 'server peak RSS (MiB, VmHWM, largest process)',
          value: rss.toFixed(0),
          note: kind === 'pglite' ? goal(rss, GOALS.rssMb, 'MiB') : 'the goal is for PGlite',
        },
      ],
    };
  } finally {
    await floor?.stop();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (floorDir) fs.rmSync(floorDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}
