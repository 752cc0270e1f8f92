// Tenant isolation: every API route the app registers is called as `fin_admin` (tenant
// administrator of 鑫泰金融控股) with the ids of 华东制造集团 — in X-Tenant-Id / X-Project-Id, in
// path parameters and in tenant_id filters. A scoped route must answer 401, 403 or 404, and no
// answer may name anything of the other tenant. Routes are read from the app itself, so every
// route added later (the resource engine's /api/{collection}…) is covered without editing this file.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { build, demoIds, seedResources, type Client } from './helper.ts';
import type { RouteEntry } from '../../src/server/app.ts';

/** Not called: sign-in, health, public site config and service catalogue (the same for everyone, signed in or not), and logout (it would end the session under test). */
const SKIP = new Set([
  'POST /api/v1/login',
  'GET /api/health',
  'GET /api/v1/site-config',
  'GET /api/v1/service-catalog',
  'GET /api/v1/service-catalog/products/:id',
  // The public portal's content (landing pages, articles, published custom pages, the template frame): no tenant data.
  'GET /api/auto_product_details/:productId',
  'GET /api/v1/portal/articles',
  'GET /api/v1/portal/products',
  'GET /api/v1/portal/custom-pages',
  'GET /api/v1/portal/articles/:id',
  'GET /api/v1/customize_pages/:id',
  'GET /api/v1/template-frame',
  // The assistant page's copy (locales/*/assistant.json): the same for everyone.
  'GET /api/v1/assistant/texts',
  // The public ICP lookup: a completed filing is public record (number, sponsor, site), the same for everyone.
  'GET /api/v1/isps/lookup',
  'POST /api/v1/logout',
]);

/**
 * Routes that do not take the tenant scope from the headers: the caller's own profile, menus and
 * preferences, the tenant/project pickers (already narrowed to the caller), platform reference
 * data, and the event stream's ticket (it stands for the session; the stream checks the scope). They are still called with the other tenant's ids and must not fail or reveal anything;
 * they need not answer 404.
 */
const HEADER_INDEPENDENT = new Set([
  'GET /api/v1/edit-user',
  'GET /api/v1/menus',
  'GET /api/v1/auth/territories',
  'GET /api/tenants',
  'GET /api/projects',
  // the platform's business types and what each industry asks: the same for everyone
  'GET /api/v1/tenants/business_types',
  'GET /api/vendors',
  'GET /api/regions',
  'GET /api/azs',
  'GET /api/v1/azs',
  'GET /api/charging-pkgs',
  'GET /api/persistent_fields',
  'POST /api/v1/persistent_fields',
  'POST /api/v1/events/ticket',
  // Each queued decision in a batch carries and is checked against its own scope (another
  // tenant's item answers 404 inside the batch: tests/api/approvals-decision-batch.test.ts).
  'POST /api/v1/approvals/decision-batch',
  // Work order types, questions and templates are the platform's, the same for every tenant.
  'GET /api/v1/workorders/types',
  'GET /api/v1/workorders/questions',
  'GET /api/v1/workorders/templates',
  // The user centre is the caller's own profile (no tenant scope).
  'GET /api/v1/account/profile',
  'POST /api/v1/account/sms-codes',
  // Registration, recovery, appeals and QR sign-in are anonymous (per-IP limited) or the caller's
  // own ticket: no tenant scope (tests/api/signup-flow.test.ts).
  'GET /api/v1/signup/captcha',
  'POST /api/v1/signup/sms-codes',
  'POST /api/v1/signup/register',
  'POST /api/v1/signup/recover',
  'POST /api/v1/signup/appeals',
  'POST /api/v1/qr-login/tickets',
  'POST /api/v1/qr-login/tickets/:id/poll',
  'GET /api/v1/qr-login/tickets/:id',
  'POST /api/v1/qr-login/tickets/:id/confirm',
  'POST /api/v1/account/phone/verify',
  'POST /api/v1/account/phone/change',
  'PUT /api/v1/account/password',
  'POST /api/v1/account/service-agreement',
  'GET /api/v1/account/real-name',
  'POST /api/v1/account/real-name',
  // Passkeys and step-up proofs are the person's, not a tenant's (ADR 0023); passkey sign-in has no session yet.
  'GET /api/v1/account/passkeys',
  'POST /api/v1/account/passkeys/options',
  'POST /api/v1/account/passkeys',
  'POST /api/v1/passkeys/login/options',
  'POST /api/v1/passkeys/login',
  'POST /api/v1/step-up/options',
  'POST /api/v1/step-up/passkey',
  'POST /api/v1/step-up/password',
  // The payment gateway's notice carries no session and no scope: its signature is checked (a
  // forged one is refused 400, tests/api/billing.test.ts) and it names a recharge by its own id.
  'POST /api/v1/cloud/payment/callback',
]);

const REFUSED = [401, 403, 404];
const ANSWER_TIMEOUT_MS = 5000;

const FALLBACK_KINDS = ['instance', 'volume', 'snapshot', 'vpc', 'subnet', 'eip'];

interface KindInfo {
  kind: string;
  collection?: string;
}

async function registeredKinds(): Promise<KindInfo[]> {
  // The resource engine's registry, when it exists; the test must not depend on it.
  const file = new URL('../../src/domain/kinds/registry.ts', import.meta.url);
  const fromRegistry = fs.existsSync(file) ? (((await import(/* @vite-ignore */ file.href)) as { KINDS?: KindInfo[] }).KINDS ?? []) : [];
  const known = new Set(fromRegistry.map((k) => k.kind));
  return [...fromRegistry.map((k) => ({ kind: k.kind, collection: k.collection })), ...FALLBACK_KINDS.filter((k) => !known.has(k)).map((kind) => ({ kind }))];
}

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let fin: Client;
let kinds: KindInfo[];
/** ids of 华东制造集团 to put in path parameters: its tenant, a project, one row per kind and per tenant table */
let foreignIds: string[];
/** one resource id of 华东制造集团 per kind */
let foreignByKind: Map<string, string>;
let ownIds: string[];
/** strings that would give 华东制造集团 away */
let secrets: string[];

beforeAll(async () => {
  // The alarm evaluator writes as time passes (alarms fire and resolve on their own): off, so any change is a request's.
  app = await build({ config: { alarmEvaluation: false } });
  // What the walk's requests change, not the scheduled work: object storage's lifecycle rules run
  // between 00:00 and 06:00 Beijing time and mark the day they ran, which a night-time run saw as a change.
  // Ready first: the scheduler starts when the app is ready (the first request), which would undo a stop before it.
  await app.ready();
  await app.engine.scheduler.stop();
  ids = await demoIds(app.ctx.db);
  kinds = await registeredKinds();
  const kindNames = kinds.map((k) => k.kind);
  const hdProjects = ids.projects.filter((p) => p.tenant_id === ids.huadong);
  const hdResources: string[] = [];
  for (const [i, p] of hdProjects.entries()) {
    hdResources.push(
      ...(await seedResources(app.ctx.db, {
        tenantId: ids.huadong,
        projectId: p.id,
        count: kindNames.length,
        kind: (k) => kindNames[k]!,
        prefix: `hd-secret-${i}`,
      })),
    );
  }
  const own = await seedResources(app.ctx.db, {
    tenantId: ids.finance,
    projectId: ids.project('core-trading'),
    count: kindNames.length,
    kind: (k) => kindNames[k]!,
    prefix: 'fin-own',
  });
  // One row per kind: the demo seed's own rows first (real specs and links), else ours.
  const rows = await app.ctx.db.selectFrom('resources').select(['id', 'kind', 'name']).where('tenant_id', '=', ids.huadong).orderBy('name').execute();
  foreignByKind = new Map();
  for (const r of [...rows.filter((r) => !r.name.startsWith('hd-secret-')), ...rows]) if (!foreignByKind.has(r.kind)) foreignByKind.set(r.kind, r.id);
  // One row of 华东制造集团 from every other table with tenant_id and id (approvals, messages, …).
  const tables = await sql<{ table_name: string }>`select c.table_name from information_schema.columns c
    where c.column_name = 'tenant_id' and c.table_schema = current_schema() and c.table_name not in ('resources', 'projects', 'memberships')
      and exists (select 1 from information_schema.columns i where i.table_name = c.table_name and i.table_schema = c.table_schema and i.column_name = 'id')
    order by c.table_name`.execute(app.ctx.db);
  const otherRows: string[] = [];
  for (const { table_name } of tables.rows) {
    const row = await sql<{ id: string }>`select id::text as id from ${sql.table(table_name)} where tenant_id = ${ids.huadong} limit 1`.execute(app.ctx.db);
    if (row.rows[0] && /^[0-9a-f]{32}$/.test(row.rows[0].id)) otherRows.push(row.rows[0].id);
  }
  foreignIds = [...new Set([ids.huadong, hdProjects[0]!.id, ...foreignByKind.values(), ...otherRows])];
  ownIds = [ids.finance, ids.project('core-trading'), ...own];

  const hdUsers = await app.ctx.db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select(['users.nickname', 'users.account', 'users.email', 'users.phone'])
    .where('memberships.tenant_id', '=', ids.huadong)
    .execute();
  // DNS records are named by their host label (www, db, @): public words, not the tenant's secrets.
  const hdNames = await app.ctx.db
    .selectFrom('resources')
    .select('name')
    .where('tenant_id', '=', ids.huadong)
    .where('kind', 'not in', ['dns_record', 'dns_internet_record', 'smart_dns_record'])
    .execute();
  secrets = [
    ...new Set([
      '华东制造集团',
      '华东制造',
      ...hdProjects.flatMap((p) => [p.name, p.name_zh]),
      ...hdUsers.flatMap((u) => [u.nickname, u.email ?? '', u.phone ?? '']).filter((s) => s.length > 3),
      ...hdNames.map((r) => r.name),
      ...foreignIds,
      ...hdResources,
      ...hdProjects.map((p) => p.id),
    ]),
  ];
  fin = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

/** Path ids worth trying on a route: for a kind's collection, that kind's row (plus tenant and project); else all. */
function candidatesFor(url: string): string[] {
  const kind = kinds.find((k) => k.collection && (url.startsWith(`/api/${k.collection}/`) || url.startsWith(`/api/v1/${k.collection}/`)));
  const row = kind && foreignByKind.get(kind.kind);
  return row ? [row, ids.huadong, ids.project('smart-factory-mes')] : foreignIds;
}

function apiRoutes(): RouteEntry[] {
  const seen = new Set<string>();
  return app
    .routes()
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/__test'))
    .filter((r) => {
      const k = `${r.method} ${r.url}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

const paramNames = (url: string) => url.split('/').filter((p) => p.startsWith(':'));
const fill = (url: string, id: string) =>
  url
    .split('/')
    .map((p) => (p.startsWith(':') ? id : p === '*' ? 'x' : p))
    .join('/');

async function call(method: string, url: string, headers: { tenant: string | null; project: string | null }): Promise<LightMyRequestResponse> {
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  const pending = fin.req({ method: method as never, url, tenant: headers.tenant, project: headers.project, ...(hasBody ? { payload: {} } : {}) });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${method} ${url} did not answer within ${ANSWER_TIMEOUT_MS} ms (a stream that ignores the scope?)`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The secrets an answer must not contain — except ids the request itself carried. */
function leaks(res: LightMyRequestResponse, sent: string): string[] {
  return secrets.filter((s) => !sent.includes(s) && res.body.includes(s));
}

interface Probe {
  route: string;
  variant: string;
  url: string;
  status: number;
  leaked: string[];
  mustRefuse: boolean;
  sameAsMissing?: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MISSING_ID = '0'.repeat(32);

describe('tenant isolation across every registered route', () => {
  let probes: Probe[] = [];

  beforeAll(async () => {
    const hd = { tenant: ids.huadong, project: ids.project('smart-factory-mes') };
    const mixed = { tenant: ids.finance, project: ids.project('smart-factory-mes') };
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    const hdSnapshot = await snapshotHuadong();
    probes = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (SKIP.has(key)) continue;
      const scoped = !HEADER_INDEPENDENT.has(key);
      const probe = async (
        variant: string,
        url: string,
        headers: { tenant: string | null; project: string | null },
        mustRefuse: boolean,
        withPathId: boolean,
      ) => {
        const res = await call(route.method, url, headers);
        const p: Probe = { route: key, variant, url, status: res.statusCode, leaked: leaks(res, url + JSON.stringify(headers)), mustRefuse };
        // A write sent with an empty body may be refused by validation before its id is looked
        // up. That is fine only if the answer is the one a missing id gets: it reveals nothing.
        if (mustRefuse && res.statusCode === 400 && WRITES.has(route.method) && withPathId) {
          const missing = await call(route.method, fill(route.url, MISSING_ID), headers);
          p.sameAsMissing = missing.statusCode === 400 && missing.body === res.body;
        }
        probes.push(p);
      };
      if (paramNames(route.url).length) {
        const targets = candidatesFor(route.url).map((id) => fill(route.url, id));
        // Inside its own scope, a path id of 华东制造集团 must be refused…
        for (const target of targets) await probe('own scope, path id of 华东制造集团', target, own, scoped, true);
        // …and so must the other tenant's scope itself.
        await probe('headers of 华东制造集团', targets[0]!, hd, scoped, true);
      } else {
        await probe('headers of 华东制造集团', route.url, hd, scoped, false);
        await probe('own tenant with a project of 华东制造集团', route.url, mixed, scoped, false);
        // Filters naming the other tenant, inside the caller's own scope: refused or empty.
        const filtered = `${route.url}?tenant_id=${ids.huadong}&project_id=${hd.project}&origin_project_id=${hd.project}`;
        await probe('own scope, tenant_id/project_id filters of 华东制造集团', filtered, own, false, false);
      }
    }
    expect(await snapshotHuadong()).toEqual(hdSnapshot);
  }, 300_000);

  it('reaches every registered /api route except the listed public ones', () => {
    const called = new Set(probes.map((p) => p.route));
    const expected = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !SKIP.has(k));
    expect([...called].sort()).toEqual(expected.sort());
    expect(called.has('GET /api/v1/resources')).toBe(true);
    expect(called.has('GET /api/v1/resources/:id')).toBe(true);
    expect(called.has('GET /api/tenants/:id/synchronizedazs')).toBe(true);
  });

  it("refuses the other tenant's ids on every scoped route with 401, 403 or 404 (or, for a write, the 400 a missing id gets)", () => {
    const wrong = probes
      .filter((p) => p.mustRefuse && !REFUSED.includes(p.status) && !p.sameAsMissing)
      .map((p) => `${p.status} ${p.route} [${p.variant}] ${p.url}`);
    expect(wrong).toEqual([]);
  });

  it('never fails with 5xx on a probe', () => {
    expect(probes.filter((p) => p.status >= 500).map((p) => `${p.status} ${p.route} [${p.variant}] ${p.url}`)).toEqual([]);
  });

  it('reveals nothing of the other tenant in any answer', () => {
    const leaked = probes.filter((p) => p.leaked.length).map((p) => `${p.route} [${p.variant}] ${p.url} → ${p.leaked.join(', ')}`);
    expect(leaked).toEqual([]);
  });

  it('answers a refusal exactly like a missing id', async () => {
    const foreign = await fin.req({
      method: 'GET',
      url: `/api/v1/resources/${[...foreignByKind.values()][0]}`,
      tenant: ids.finance,
      project: ids.project('core-trading'),
    });
    const missing = await fin.req({ method: 'GET', url: `/api/v1/resources/${'0'.repeat(32)}`, tenant: ids.finance, project: ids.project('core-trading') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const tenant = await fin.req({ method: 'GET', url: '/api/v1/resources', tenant: ids.huadong, project: null });
    const unknown = await fin.req({ method: 'GET', url: '/api/v1/resources', tenant: '0'.repeat(32), project: null });
    expect(tenant.statusCode).toBe(404);
    expect(tenant.body).toBe(unknown.body);
  });

  it("is not vacuous: the same routes answer fin_admin's own ids", async () => {
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    const list = await fin.req({ method: 'GET', url: '/api/v1/resources?__limit=100', ...own });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBeGreaterThanOrEqual(ownIds.length - 2);
    const one = await fin.req({ method: 'GET', url: `/api/v1/resources/${ownIds[2]}`, ...own });
    expect(one.statusCode).toBe(200);
    expect(one.json().name).toMatch(/^fin-own-/);
    const azs = await fin.req({ method: 'GET', url: `/api/tenants/${ids.finance}/synchronizedazs`, ...own });
    expect(azs.statusCode).toBe(200);
    // And tenant_admin of 华东制造集团 sees what fin_admin was refused.
    const hd = await app.as('tenant_admin');
    const theirs = await hd.req({ method: 'GET', url: `/api/v1/resources/${[...foreignByKind.values()][0]}`, tenant: ids.huadong, project: null });
    expect(theirs.statusCode).toBe(200);
  });
});

/** A digest of every row of 华东制造集团 in every table with a tenant_id column (new tables included). */
async function snapshotHuadong() {
  const db = app.ctx.db;
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.columns
    where column_name = 'tenant_id' and table_schema = current_schema() order by table_name`.execute(db);
  const out: Record<string, { n: number; digest: string }> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{ n: number; digest: string }>`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.table(table_name)} t where t.tenant_id = ${ids.huadong}`.execute(db);
    out[table_name] = row.rows[0]!;
  }
  const projects = await db.selectFrom('projects').select(['id', 'name', 'enabled']).where('tenant_id', '=', ids.huadong).orderBy('id').execute();
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', ids.huadong).execute();
  return { tables: out, projects, tenant };
}
