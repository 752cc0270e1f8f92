// The resource screens in Chromium (issue 4 "Done when"): the time from navigation to the first
// 50 host cards in the DOM on the phone list (375×740), and the time to sort a 1,000-row desktop
// table (1280×800: click the 名称 header, until the first row changes). The bench seeds its own
// database: the demo data plus BENCH_WEB_HOSTS hosts in tenant_admin's default project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { migrate, openDatabase } from '../../src/server/platform/db/database.ts';
import { seedDemo } from '../../src/server/seed/demo.seed.ts';
import { ensureBuild } from '../../scripts/start.ts';
import { startServer, type StartedServer } from '../e2e/server.ts';
import { launchBrowser, newPage, signIn } from '../e2e/browser.ts';
import type { BenchResult, BenchSection } from './run.ts';

const HOSTS = Number(process.env.BENCH_WEB_HOSTS ?? 1000);
const RUNS = 5;

export function webResourceSections(): BenchSection[] {
  return [{ name: 'web-resources', title: `Resource screens in Chromium — ${HOSTS.toLocaleString('en')} extra hosts`, run }];
}

async function prepare(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle.db);
    await seedDemo(handle.db);
    const tenant = await handle.db.selectFrom('tenants').select('id').where('name', '=', '华东制造集团').executeTakeFirstOrThrow();
    const project = await handle.db.selectFrom('projects').select('id').where('name', '=', 'rnd-test').executeTakeFirstOrThrow();
    // Names in an order unlike creation time, so a sort by name moves the first row.
    await sql`
      insert into resources (id, kind, tenant_id, project_id, vendor, region_id, az_id, name, status, locked, spec, created_at, updated_at)
      select md5('web-bench-' || g), 'instance', ${tenant.id}, ${project.id}, (array['openstack','ali','tencent','vmware'])[1 + g % 4], null, null,
             'bench-' || lpad(((g * 7919) % ${HOSTS} + 1)::text, 5, '0'), case when g % 5 = 0 then 'stopped' else 'running' end, false,
             jsonb_build_object('flavor', 's6.large.2', 'cpu', 2, 'memory', 4, 'image', 'centos-7.9', 'private_ip', '10.9.' || (g / 250) || '.' || (g % 250 + 2)),
             now() - make_interval(secs => g), now() - make_interval(secs => g)
      from generate_series(1, ${HOSTS}::int) g`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Navigation start → 50 cards in the DOM, measured in the page (performance.now() is since navigation). */
async function phoneFirst50(page: Page, baseURL: string): Promise<number> {
  await page.goto(`${baseURL}/ecsManage`, { waitUntil: 'commit' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const check = () => document.querySelectorAll('[data-testid="resource-card"]').length >= 50;
        if (check()) {
          resolve(performance.now());
          return;
        }
        const obs = new MutationObserver(() => {
          if (check()) {
            obs.disconnect();
            resolve(performance.now());
          }
        });
        obs.observe(document, { childList: true, subtree: true });
      }),
  );
}

/** Click the header, until the first row is another one. */
async function desktopSort(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const firstId = () => document.querySelector('[data-testid="resource-table"] tbody tr')?.getAttribute('data-row-id');
        const before = firstId();
        const timer = setTimeout(() => reject(new Error('the first row did not change')), 30_000);
        const obs = new MutationObserver(() => {
          const now = firstId();
          if (now && now !== before) {
            obs.disconnect();
            clearTimeout(timer);
            resolve(performance.now() - t0);
          }
        });
        obs.observe(document.querySelector('[data-testid="resource-table"]')!, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['data-row-id'],
        });
        const t0 = performance.now();
        (document.querySelector('[data-testid="sort-name"]') as HTMLButtonElement).click();
      }),
  );
}

async function run(): Promise<BenchResult> {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) return { rows: [], skipped: 'no /usr/bin/chromium' };
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-bench-web-'));
  let server: StartedServer | undefined;
  const browser = await launchBrowser();
  try {
    await prepare(dataDir);
    server = await startServer({ DATA_DIR: dataDir, SEED: 'none' });
    const base = server.baseURL;

    const phone = await newPage(browser, 'phone');
    await signIn(phone, base, 'tenant_admin');
    const phoneTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) phoneTimes.push(await phoneFirst50(phone, base));
    await phone.context().close();

    const desk = await newPage(browser, 'desktop');
    await signIn(desk, base, 'tenant_admin');
    await desk.goto(`${base}/ecsManage`);
    await desk.locator('[data-testid="resource-table"] tbody tr').first().waitFor();
    const total = Number((await desk.locator('.ys-pager__total').textContent())?.replace(/\D/g, '') ?? 0);
    const sortTimes: number[] = [];
    // normal → ascending → descending → normal, repeated: every click moves the first row.
    for (let i = 0; i < RUNS * 3; i++) sortTimes.push(await desktopSort(desk));
    await desk.context().close();

    return {
      rows: [
        { metric: 'phone: navigation → 50 host cards (first load)', value: ms(phoneTimes[0]!), note: '375×740, cursor page of 50' },
        { metric: `phone: navigation → 50 host cards (median of ${RUNS})`, value: ms(median(phoneTimes)) },
        { metric: 'desktop: rows in the sorted table', value: String(total) },
        {
          metric: `desktop: header click → first row changes (median of ${sortTimes.length})`,
          value: ms(median(sortTimes)),
          note: '1280×800, sorted on the server',
        },
        { metric: 'desktop: header click → first row changes (max)', value: ms(Math.max(...sortTimes)) },
      ],
    };
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
