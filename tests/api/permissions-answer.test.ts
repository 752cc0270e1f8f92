// The caller's permissions in the current scope (issue 15): GET /api/v1/access/me answers what the
// access guard checks, so the web can hide what the guard would refuse (src/web/lib/can.ts). For
// several demo users and scopes, every GET route that declares a permission is allowed by the guard
// exactly when the answer grants it — read with the web's rule (src/domain/permission-rule.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { declaredRoutes } from '../../src/server/access/guard.ts';
import { permitsString } from '../../src/domain/permission-rule.ts';
import { newId } from '../../src/domain/ids.ts';

let app: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  app = await build();
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** GET routes that declare a permission (not `public` / `self`), with their path params filled in. */
function checkedRoutes(): { url: string; declared: string[] }[] {
  const out: { url: string; declared: string[] }[] = [];
  for (const [key, declared] of declaredRoutes(app)) {
    const [method, url] = key.split(' ') as [string, string];
    if (method !== 'GET' || declared === undefined || declared === 'public' || declared === 'self' || url.includes('*')) continue;
    out.push({ url: url.replace(/:[a-zA-Z_]+/g, () => newId()), declared: typeof declared === 'string' ? [declared] : [...declared] });
  }
  return out;
}

async function compare(account: string, scope: { tenant?: string | null; project?: string | null } = {}) {
  const c = await app.as(account);
  const me = await c.req({ method: 'GET', url: '/api/v1/access/me', ...scope });
  expect(me.statusCode).toBe(200);
  const perms = new Set(me.json().permissions as string[]);
  const problems: string[] = [];
  let allowed = 0;
  const routes = checkedRoutes();
  expect(routes.length).toBeGreaterThan(50);
  for (const r of routes) {
    const res = await c.req({ method: 'GET', url: r.url, ...scope });
    const refused = res.statusCode === 403 && res.headers['x-denied-by'] === 'guard';
    const granted = r.declared.some((p) => permitsString(perms, p));
    if (granted === refused)
      problems.push(`${r.url} declares ${r.declared.join('|')}: answer ${granted ? 'grants' : 'does not grant'}, guard ${res.statusCode}`);
    if (!refused) allowed++;
  }
  expect(problems).toEqual([]);
  return { perms, allowed };
}

describe('GET /api/v1/access/me answers what the guard allows', () => {
  it('member and approver (their project): reads, no project or tag management beyond their role', async () => {
    const member = await compare('member');
    expect(member.perms.has('read:project:own')).toBe(true);
    expect(permitsString(member.perms, 'create:project')).toBe(false);
    expect(permitsString(member.perms, 'delete:project')).toBe(false);
    const approver = await compare('approver');
    expect(permitsString(approver.perms, 'decide:approval')).toBe(true);
    expect(permitsString(approver.perms, 'update:quota')).toBe(false);
  }, 120_000);

  it('owner_zheng, tenant_admin (tenant and project scope) and oncall', async () => {
    await compare('owner_zheng');
    const admin = await compare('tenant_admin', { project: null });
    expect(permitsString(admin.perms, 'create:project')).toBe(true);
    expect(permitsString(admin.perms, 'read:project:any')).toBe(false);
    await compare('tenant_admin');
    const oncall = await compare('oncall', { tenant: null, project: null });
    expect(oncall.allowed).toBeGreaterThan(0);
  }, 180_000);

  it('a scope the caller may not see answers 404, as the guard does', async () => {
    const member = await app.as('member');
    const res = await member.req({ method: 'GET', url: '/api/v1/access/me', tenant: newId(), project: null });
    expect(res.statusCode).toBe(404);
  });
});
