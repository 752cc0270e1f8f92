// The alarm evaluator and the monitoring chart under load (issue 11): 10,000 running hosts in one
// project with 5 policies over them, evaluated by one claim of the real evaluator (each host's last M
// samples from the simulator, the open alarms, the fires and their notifications); and the latency of
// a 1-month chart (259,200 OS samples averaged to ≤ 500 points) through the real app. PGlite.
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { newId } from '../../src/domain/ids.ts';
import { evaluateDue } from '../../src/server/alarms/alarm-evaluator.ts';
import type { BenchResult, BenchSection } from './run.ts';

const HOSTS = Number(process.env.BENCH_ALARM_HOSTS ?? 10_000);
const POLICIES: [string, string, string, number, string][] = [
  ['cpu', 'base', 'gt', 90, 'high'],
  ['memory', 'os', 'gt', 85, 'medium'],
  ['disk_usage', 'os', 'gte', 90, 'medium'],
  ['packet_loss', 'base', 'gt', 5, 'low'],
  ['load_1m', 'os', 'gt', 8, 'low'],
];

export function alarmSections(): BenchSection[] {
  return [{ name: 'alarms', title: `Alarm evaluator (${HOSTS.toLocaleString('en')} hosts × ${POLICIES.length} policies) and 1-month chart — PGlite`, run }];
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function run(): Promise<BenchResult> {
  const handle = await openDatabase({ memory: true });
  const app = await buildApp({ handle, seed: true, logger: false, serveStatic: false, config: { rateLimitPerMinute: 1_000_000 } });
  try {
    const db = app.ctx.db;
    const tenant = await db.selectFrom('tenants').select('id').where('name', '=', '华东制造集团').executeTakeFirstOrThrow();
    const project = await db.selectFrom('projects').select('id').where('name', '=', 'smart-factory-mes').executeTakeFirstOrThrow();
    const oncall = await db.selectFrom('users').select('id').where('account', '=', 'oncall').executeTakeFirstOrThrow();
    await sql`
      insert into resources (id, kind, tenant_id, project_id, vendor, region_id, az_id, name, status, locked, spec, created_at, updated_at)
      select md5('alarm-bench-' || g), 'instance', ${tenant.id}, ${project.id},
             (array['openstack','ali','tencent','ctyun','hwyun','vmware'])[1 + g % 6], null, null,
             'alarm-bench-' || lpad(g::text, 6, '0'), 'running', false, '{}'::jsonb, now(), now()
      from generate_series(1, ${HOSTS}::int) g`.execute(db);
    // Only the bench's policies are due (the demo's wait), so one claim evaluates exactly these.
    await db
      .updateTable('alarm_policies')
      .set({ next_eval_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const now = new Date();
    await db
      .insertInto('alarm_policies')
      .values(
        POLICIES.map(([metric, source, operator, threshold, level]) => ({
          id: newId(),
          tenant_id: tenant.id,
          project_id: project.id,
          name: `bench ${metric}`,
          kind: 'instance',
          metric,
          level,
          operator,
          threshold,
          occurrences: 3,
          samples: 5,
          max_alarms: 3,
          source,
          receivers: JSON.stringify([oncall.id]),
          target_type: 'kind',
          target_value: '',
          enabled: true,
          next_eval_at: now,
          created_by: oncall.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const evaluator = app.ctx.alarms.evaluator;
    const t0 = performance.now();
    const changed = await evaluateDue(evaluator, now);
    const first = performance.now() - t0;
    // A second round a minute later: the same hosts, now with open alarms to hold or resolve.
    const t1 = performance.now();
    const changed2 = await evaluateDue(evaluator, new Date(now.getTime() + 60_000));
    const second = performance.now() - t1;

    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'oncall', password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const host = await db.selectFrom('resources').select('id').where('name', '=', 'alarm-bench-000001').executeTakeFirstOrThrow();
    const times: number[] = [];
    let points = 0;
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=memory&range=1m`,
        headers: { 'x-auth-token': token, 'x-tenant-id': tenant.id, 'x-project-id': project.id },
      });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`metrics ${res.statusCode} ${res.body}`);
      points = res.json().points.length;
    }
    return {
      rows: [
        {
          metric: `evaluator, first round (${(HOSTS * POLICIES.length).toLocaleString('en')} checks)`,
          value: `${first.toFixed(0)} ms`,
          note: `${changed} alarms fired`,
        },
        { metric: 'evaluator, next round (open alarms held or resolved)', value: `${second.toFixed(0)} ms`, note: `${changed2} changes` },
        { metric: '1-month chart (OS metric, 10 s samples), median', value: `${percentile(times, 50).toFixed(1)} ms`, note: `${points} points` },
        { metric: '1-month chart, p90 of 10', value: `${percentile(times, 90).toFixed(1)} ms` },
      ],
    };
  } finally {
    await app.close();
  }
}
