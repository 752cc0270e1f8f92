// The permission matrix (issue 15): every API route the app registers × every role of
// src/domain/roles.ts (and no session). Each route declares what the access guard checks
// (`config.permission` or src/server/access/route-permissions.ts); the expected answer of each cell
// is computed from the role table (ROLE_PERMISSIONS), never retyped here:
// - nothing declared → the test fails (like the operation-log test does for names);
// - no session on a non-public route → 401;
// - a role without the permission → 403 `{title, description}` from the guard, and nothing else;
// - a role with it → never refused by the guard (the route may still answer 400/404/409 for the
//   empty body and unknown ids it is sent), and a tenant role's answer names no other tenant.
// A route added later needs only its declaration to be covered. Every refused cell of every route
// is called; of the allowed cells, one role per level (platform, tenant, project) runs the handler
// (the roles of one level reach a handler with the same scope; which of them pass is what the guard
// decides, and that is computed per role above).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, usersPerRole } from './helper.ts';
import { declaredRoutes, satisfies } from '../../src/server/access/guard.ts';
import { ROLES, permissionsOf, roleLevel, type Role } from '../../src/domain/roles.ts';
import { newId } from '../../src/domain/ids.ts';

/** Not called: logout would end the session under test; the event stream stays open (its ticket is tested in event-stream.test.ts). */
const SKIP = new Set(['POST /api/v1/logout', 'GET /api/v1/events']);

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let tenantA: string;
let projectA: string;
let foreign: string[];
let tokens = new Map<Role, string>();

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  tenantA = ids.huadong;
  projectA = ids.projects.find((p) => p.tenant_id === tenantA)!.id;
  // what a tenant-A role must never read: the other tenants' ids and names
  const others = ids.tenants.filter((t) => t.id !== tenantA);
  foreign = [...others.flatMap((t) => [t.id, t.name]), ...ids.projects.filter((p) => p.tenant_id !== tenantA).map((p) => p.id)];
  tokens = await usersPerRole(app, ROLES, 'matrix', tenantA, projectA);
}, 120_000);
afterAll(async () => {
  await app.close();
});

const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomBytes(16).toString('hex')).replace(/\*$/, 'x');

describe('every route declares its permission', () => {
  it('no registered API route is without a declaration', () => {
    const declared = declaredRoutes(app);
    expect(declared.size).toBeGreaterThan(400);
    const missing = [...declared].filter(([, p]) => p === undefined).map(([k]) => k);
    expect(missing).toEqual([]);
  });
});

describe('the matrix: every route × every role', () => {
  it('answers each cell as the role table says, and a refused or tenant role reads nothing it may not', async () => {
    const routes = [...declaredRoutes(app)].filter(([key]) => !SKIP.has(key));
    const problems: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const [key, declared] of routes) {
      const [method, url] = key.split(' ') as [string, string];
      const path = fill(url);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      // no session
      const anon = await app.inject({ method: method as 'GET', url: path, payload, headers: { 'x-tenant-id': tenantA } });
      if (declared !== 'public' && anon.statusCode !== 401) problems.push(`${key} anonymous → ${anon.statusCode}, wanted 401`);
      if (declared === 'public') continue;
      const levelsRun = new Set<string>();
      for (const role of ROLES) {
        const level = roleLevel(role);
        const mayPass = declared === 'self' || satisfies(permissionsOf([role]), declared!);
        if (mayPass) {
          if (levelsRun.has(level)) continue;
          levelsRun.add(level);
        }
        const res = await app.inject({
          method: method as 'GET',
          url: path,
          payload,
          headers: {
            'x-auth-token': tokens.get(role)!,
            ...(level !== 'platform' ? { 'x-tenant-id': tenantA } : {}),
            ...(level === 'project' ? { 'x-project-id': projectA } : {}),
            'idempotency-key': newId(),
          },
        });
        if (!mayPass) {
          refused++;
          const body = res.json();
          if (res.statusCode !== 403 || res.headers['x-denied-by'] !== 'guard')
            problems.push(`${key} as ${role} → ${res.statusCode}, wanted 403 from the guard`);
          else if (Object.keys(body).sort().join() !== 'description,title') problems.push(`${key} as ${role}: refusal carries more than {title, description}`);
        } else {
          allowed++;
          if (res.headers['x-denied-by'] || res.statusCode === 401) problems.push(`${key} as ${role} → ${res.statusCode} refused by the guard, wanted through`);
          if (level !== 'platform' && res.statusCode < 300) {
            const leaked = foreign.find((f) => res.body.includes(f));
            if (leaked) problems.push(`${key} as ${role} names another tenant's ${leaked}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // the matrix really refuses and really lets through
    expect(refused).toBeGreaterThan(100);
    expect(allowed).toBeGreaterThan(400);
  }, 900_000);
});
