// The access cache (ADR 0015) answers session and scope lookups from memory; these tests prove that
// it never outlives the change it caches: a signed-out token, a locked user, a removed membership
// and a changed role take effect on the very next request — in the process that made the change,
// whatever code path made it (the API, a direct statement, a transaction), and on PostgreSQL in a
// second app instance on the same database as soon as the NOTIFY of that change reaches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { build, demoIds, type TestApp } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  app = await build();
  await app.ready();
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app?.close();
});

async function signIn(on: TestApp, account: string): Promise<string> {
  const res = await on.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

function get(on: TestApp, token: string, url: string, scope: { tenant?: string; project?: string } = {}) {
  return on.inject({
    method: 'GET',
    url,
    headers: { 'x-auth-token': token, ...(scope.tenant ? { 'x-tenant-id': scope.tenant } : {}), ...(scope.project ? { 'x-project-id': scope.project } : {}) },
  });
}

/** Runs `request` twice and checks the second answer came from the cache (so what follows tests invalidation, not a bypass). */
async function warm(on: TestApp, request: () => Promise<{ statusCode: number }>, status = 200) {
  expect((await request()).statusCode).toBe(status);
  const before = on.ctx.access.stats.hits;
  expect((await request()).statusCode).toBe(status);
  expect(on.ctx.access.stats.hits).toBeGreaterThan(before);
}

async function userId(account: string) {
  return (await app.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

describe('the access cache in one process', () => {
  it('is live, so the tests below go through it', () => {
    expect(app.ctx.access.live).toBe(true);
  });

  it('a signed-out token stops working on the next request', async () => {
    const token = await signIn(app, 'oncall');
    await warm(app, () => get(app, token, '/api/v1/edit-user'));
    expect((await app.inject({ method: 'POST', url: '/api/v1/logout', headers: { 'x-auth-token': token } })).statusCode).toBe(204);
    expect((await get(app, token, '/api/v1/edit-user')).statusCode).toBe(401);
  });

  it('a session ended by a statement outside the API (or shortened to the past) stops working at once', async () => {
    const token = await signIn(app, 'oncall');
    await warm(app, () => get(app, token, '/api/v1/edit-user'));
    const id = await userId('oncall');
    await app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    expect((await get(app, token, '/api/v1/edit-user')).statusCode).toBe(401);
  });

  it('a locked user is refused at once, and let back in when unlocked', async () => {
    const token = await signIn(app, 'wl_admin');
    await warm(app, () => get(app, token, '/api/v1/edit-user'));
    await app.ctx.db.updateTable('users').set({ locked: true }).where('account', '=', 'wl_admin').execute();
    try {
      expect((await get(app, token, '/api/v1/edit-user')).statusCode).toBe(401);
    } finally {
      await app.ctx.db.updateTable('users').set({ locked: false }).where('account', '=', 'wl_admin').execute();
    }
    expect((await get(app, token, '/api/v1/edit-user')).statusCode).toBe(200);
  });

  it('a membership removed inside a transaction closes its project at once', async () => {
    const token = await signIn(app, 'member');
    const scope = { tenant: ids.huadong, project: ids.project('smart-factory-mes') };
    await warm(app, () => get(app, token, '/api/v1/resources?__limit=1', scope));
    const id = await userId('member');
    const removed = await app.ctx.db.transaction().execute((trx) => trx.deleteFrom('memberships').where('user_id', '=', id).returningAll().execute());
    expect(removed.length).toBeGreaterThan(0);
    try {
      expect((await get(app, token, '/api/v1/resources?__limit=1', scope)).statusCode).toBe(404);
    } finally {
      await app.ctx.db.insertInto('memberships').values(removed).execute();
    }
    expect((await get(app, token, '/api/v1/resources?__limit=1', scope)).statusCode).toBe(200);
  });

  it('a changed role takes effect on the next request', async () => {
    const token = await signIn(app, 'tenant_admin');
    const scope = { tenant: ids.huadong };
    await warm(app, () => get(app, token, '/api/v1/approval_process?__limit=1', scope));
    const id = await userId('tenant_admin');
    await app.ctx.db.updateTable('memberships').set({ role: 'security_admin' }).where('user_id', '=', id).where('role', '=', 'tenant_admin').execute();
    try {
      expect((await get(app, token, '/api/v1/approval_process?__limit=1', scope)).statusCode).toBe(403);
    } finally {
      await app.ctx.db.updateTable('memberships').set({ role: 'tenant_admin' }).where('user_id', '=', id).where('role', '=', 'security_admin').execute();
    }
    expect((await get(app, token, '/api/v1/approval_process?__limit=1', scope)).statusCode).toBe(200);
  });

  it('a project moved or removed is not answered from memory', async () => {
    const token = await signIn(app, 'tenant_admin');
    const scope = { tenant: ids.huadong, project: ids.project('rnd-test') };
    await warm(app, () => get(app, token, '/api/v1/resources?__limit=1', scope));
    await app.ctx.db.updateTable('projects').set({ tenant_id: ids.finance }).where('id', '=', scope.project).execute();
    try {
      expect((await get(app, token, '/api/v1/resources?__limit=1', scope)).statusCode).toBe(404);
    } finally {
      await app.ctx.db.updateTable('projects').set({ tenant_id: ids.huadong }).where('id', '=', scope.project).execute();
    }
    expect((await get(app, token, '/api/v1/resources?__limit=1', scope)).statusCode).toBe(200);
  });

  it('an unknown token is never cached', async () => {
    const before = app.ctx.access.stats;
    for (let i = 0; i < 3; i++) expect((await get(app, 'f'.repeat(64), '/api/v1/edit-user')).statusCode).toBe(401);
    expect(app.ctx.access.stats.hits).toBe(before.hits);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB !== 'postgres')('two app instances on one PostgreSQL', () => {
  let other: TestApp;
  beforeAll(async () => {
    const handle = await openDatabase({ url: app.ctx.handle.url! });
    other = (await buildApp({ handle, seed: false, logger: false, serveStatic: false, config: { rateLimitPerMinute: 100_000 } })) as TestApp;
    other.addHook('onClose', () => handle.close());
    await other.ready();
    expect(other.ctx.access.live).toBe(true);
  });
  afterAll(async () => {
    await other?.close();
  });

  /** Makes `change` on the first instance; resolves once the second has applied its notification. */
  async function changeElsewhere(payload: string, change: () => Promise<unknown>) {
    const seen = other.ctx.access.nextInvalidation(payload);
    await change();
    await seen;
  }

  it('a token signed out on one instance stops working on the other', async () => {
    const token = await signIn(app, 'oncall');
    await warm(other, () => get(other, token, '/api/v1/edit-user'));
    const id = await userId('oncall');
    await changeElsewhere(`u:${id}`, async () => {
      expect((await app.inject({ method: 'POST', url: '/api/v1/logout', headers: { 'x-auth-token': token } })).statusCode).toBe(204);
    });
    expect((await get(other, token, '/api/v1/edit-user')).statusCode).toBe(401);
  });

  it('a user locked through one instance is refused by the other', async () => {
    const token = await signIn(app, 'wl_admin');
    await warm(other, () => get(other, token, '/api/v1/edit-user'));
    const id = await userId('wl_admin');
    await changeElsewhere(`u:${id}`, () => app.ctx.db.updateTable('users').set({ locked: true }).where('id', '=', id).execute());
    try {
      expect((await get(other, token, '/api/v1/edit-user')).statusCode).toBe(401);
    } finally {
      await changeElsewhere(`u:${id}`, () => app.ctx.db.updateTable('users').set({ locked: false }).where('id', '=', id).execute());
    }
    expect((await get(other, token, '/api/v1/edit-user')).statusCode).toBe(200);
  });

  it('a membership removed and a role changed through one instance hold on the other', async () => {
    const member = await signIn(app, 'member');
    const scope = { tenant: ids.huadong, project: ids.project('smart-factory-mes') };
    await warm(other, () => get(other, member, '/api/v1/resources?__limit=1', scope));
    const memberId = await userId('member');
    let removed: Record<string, unknown>[] = [];
    await changeElsewhere(`u:${memberId}`, async () => {
      removed = await app.ctx.db.deleteFrom('memberships').where('user_id', '=', memberId).returningAll().execute();
    });
    try {
      expect((await get(other, member, '/api/v1/resources?__limit=1', scope)).statusCode).toBe(404);
    } finally {
      await changeElsewhere(`u:${memberId}`, () =>
        app.ctx.db
          .insertInto('memberships')
          .values(removed as never)
          .execute(),
      );
    }

    const admin = await signIn(app, 'tenant_admin');
    await warm(other, () => get(other, admin, '/api/v1/approval_process?__limit=1', { tenant: ids.huadong }));
    const adminId = await userId('tenant_admin');
    await changeElsewhere(`u:${adminId}`, () =>
      app.ctx.db.updateTable('memberships').set({ role: 'security_admin' }).where('user_id', '=', adminId).where('role', '=', 'tenant_admin').execute(),
    );
    try {
      expect((await get(other, admin, '/api/v1/approval_process?__limit=1', { tenant: ids.huadong })).statusCode).toBe(403);
    } finally {
      await changeElsewhere(`u:${adminId}`, () =>
        app.ctx.db.updateTable('memberships').set({ role: 'tenant_admin' }).where('user_id', '=', adminId).where('role', '=', 'security_admin').execute(),
      );
    }
    expect((await get(other, admin, '/api/v1/approval_process?__limit=1', { tenant: ids.huadong })).statusCode).toBe(200);
  });
});
