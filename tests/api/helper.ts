// build(): the real app on a fresh database — in-memory PGlite, or (TEST_DB=postgres) a new
// PostgreSQL database made from TEST_DATABASE_URL and dropped afterwards. Demo data is seeded.
// as(account): signs in through POST /api/v1/login and answers an inject helper with the
// session's headers (token, tenant, project, language).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, routesOf, type RouteEntry } from '../../src/server/app.ts';
import { openDatabase, type DbHandle } from '../../src/server/platform/db/database.ts';
import type { Config } from '../../src/server/platform/config.ts';
import type { AppContext } from '../../src/server/composition.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { newId } from '../../src/domain/ids.ts';
import type { Db } from '../../src/server/platform/db/database.ts';
import { roleLevel, type Role } from '../../src/domain/roles.ts';

export type TestApp = FastifyInstance & { ctx: AppContext };

export interface Territory {
  tenant_id: string;
  tenant_name: string;
  projects: { project_id: string; project_name: string }[];
}

export interface Client {
  account: string;
  token: string;
  territories: Territory[];
  /** inject with this user's token and, unless given, its first tenant/project */
  req(opts: InjectOptions & { tenant?: string | null; project?: string | null; lang?: string }): Promise<LightMyRequestResponse>;
}

async function postgresHandle(template?: string): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `yunshu_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // Let clients that are still closing finish first: `with (force)` terminates them, and a
      // terminated client that has already dropped its error listener throws out of the test file.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface Helpers {
  /** a signed-in client (cached per account unless `fresh`) */
  as: (account: string, opts?: { fresh?: boolean }) => Promise<Client>;
  /** every route the app registered (HEAD twins left out), read when called */
  routes: () => RouteEntry[];
}

export async function build(opts: { config?: Partial<Config>; seed?: boolean; logger?: object; serveStatic?: boolean } = {}): Promise<TestApp & Helpers> {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  // The run's seeded copy (global-setup.ts) when this file wants the usual start: demo data sealed
  // with the default secret key.
  const template = (opts.seed ?? true) && !opts.config?.secretKey ? inject('seededTemplate') : undefined;
  if (process.env.TEST_DB === 'postgres') {
    ({ handle, drop } = await postgresHandle(template));
  } else {
    handle = await openDatabase({ memory: true, ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}) });
    drop = () => handle.close();
  }
  const app = await buildApp({
    handle,
    seed: opts.seed ?? true,
    logger: opts.logger ?? false,
    serveStatic: opts.serveStatic ?? false,
    config: {
      cloudSimDelayMs: 50,
      cloudSimFailureRate: 0,
      rateLimitPerMinute: 100_000,
      smsDeleteVerification: false,
      stepUpDestructive: false,
      // Instance databases of the SQL console in memory, never under ./data.
      sqlConsoleDir: null,
      ...opts.config,
    },
  });
  app.addHook('onClose', async () => {
    await drop();
  });

  const clients = new Map<string, Client>();
  async function as(account: string, o: { fresh?: boolean } = {}): Promise<Client> {
    const cached = clients.get(account);
    if (cached && !o.fresh) return cached;
    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password: DEMO_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login ${account}: ${login.statusCode} ${login.body}`);
    const token = login.json().token as string;
    const terr = await app.inject({ method: 'GET', url: '/api/v1/auth/territories?enabled=true&__limit=1000', headers: { 'x-auth-token': token } });
    const territories = terr.json().data as Territory[];
    const client: Client = {
      account,
      token,
      territories,
      req(o) {
        const { tenant, project, lang, headers, ...rest } = o;
        const t = tenant === undefined ? territories[0]?.tenant_id : tenant;
        const p = project === undefined ? territories[0]?.projects[0]?.project_id : project;
        return app.inject({
          ...rest,
          headers: {
            'x-auth-token': token,
            ...(t ? { 'x-tenant-id': t } : {}),
            ...(p ? { 'x-project-id': p } : {}),
            ...(lang ? { 'accept-language': lang } : {}),
            ...(headers ?? {}),
          },
        } as InjectOptions);
      },
    };
    if (!o.fresh) clients.set(account, client);
    return client;
  }
  const routes = () => routesOf(app).filter((r) => r.method !== 'HEAD');
  return Object.assign(app, { as, routes });
}

/**
 * The event stream URL for a signed-in client: a fresh single-use ticket from
 * POST /api/v1/events/ticket (the session token never goes in a URL) plus the scope params.
 */
export async function eventsUrl(address: string, c: Client, scope: Record<string, string>): Promise<string> {
  const res = await c.req({ method: 'POST', url: '/api/v1/events/ticket', tenant: null, project: null });
  if (res.statusCode !== 200) throw new Error(`stream ticket: ${res.statusCode} ${res.body}`);
  return `${address}/api/v1/events?${new URLSearchParams({ ticket: res.json().ticket as string, ...scope }).toString()}`;
}

/** The demo tenants and projects by name (names of demo.seed.ts). */
export async function demoIds(db: Db) {
  const tenants = await db.selectFrom('tenants').select(['id', 'name']).execute();
  const projects = await db.selectFrom('projects').select(['id', 'name', 'name_zh', 'tenant_id']).execute();
  const tenant = (name: string) => tenants.find((t) => t.name === name)?.id ?? fail(`no tenant ${name}`);
  const project = (name: string) => projects.find((p) => p.name === name)?.id ?? fail(`no project ${name}`);
  return { tenants, projects, tenant, project, huadong: tenant('华东制造集团'), finance: tenant('鑫泰金融控股'), logistics: tenant('江南智慧物流') };
}

function fail(message: string): never {
  throw new Error(message);
}

export interface SeedResourcesOptions {
  tenantId: string;
  projectId: string;
  count: number;
  kind?: string | ((i: number) => string);
  prefix?: string;
  /** rows that share one created_at, to prove the id tie-breaker (default 3) */
  sameTimestampEvery?: number;
}

/**
 * Rows straight into `resources` (until the resource engine has kinds of its own). Timestamps
 * step back one second per row, with runs of equal timestamps so paging must break ties by id.
 */
export async function seedResources(db: Db, o: SeedResourcesOptions): Promise<string[]> {
  const ids: string[] = [];
  const base = Date.parse('2025-06-01T00:00:00Z');
  const every = o.sameTimestampEvery ?? 3;
  const rows = Array.from({ length: o.count }, (_, i) => {
    const id = newId();
    ids.push(id);
    const at = new Date(base - Math.floor(i / every) * 1000);
    return {
      id,
      kind: typeof o.kind === 'function' ? o.kind(i) : (o.kind ?? 'instance'),
      tenant_id: o.tenantId,
      project_id: o.projectId,
      vendor: ['openstack', 'ali', 'tencent'][i % 3]!,
      region_id: null,
      az_id: null,
      name: `${o.prefix ?? 'res'}-${String(i).padStart(5, '0')}`,
      status: i % 4 === 0 ? 'stopped' : 'running',
      spec: JSON.stringify({ cpu: 2 + (i % 4), memory_gb: 4 }),
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('resources')
      .values(rows.slice(i, i + 500))
      .execute();
  return ids;
}

/**
 * One user per role of `roles`, each holding that role alone in the tenant (tenant roles) or the
 * project (project roles); answers role → session token. The tests over every role use it.
 */
export async function usersPerRole(app: TestApp, roles: readonly Role[], prefix: string, tenantId: string, projectId: string): Promise<Map<Role, string>> {
  const tokens = new Map<Role, string>();
  for (const role of roles) {
    const userId = await app.ctx.users.insertUser({ account: `${prefix}_${role}`, nickname: `${prefix} ${role}`, password_hash: 'x' });
    const level = roleLevel(role);
    await app.ctx.users.addMembership(userId, role, level === 'platform' ? null : tenantId, level === 'project' ? projectId : null);
    tokens.set(role, await app.ctx.users.createSession(userId, 12));
  }
  return tokens;
}
