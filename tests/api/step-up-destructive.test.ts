// Step-up before destructive actions (issue 15, ADR 0029). With STEP_UP_DESTRUCTIVE on (the
// production default; the other API tests turn it off as they do the SMS code), every route that
// declares `config.stepUp` answers 403 `keys.step_up_required` marked `x-step-up-required: 1` until
// the call carries a live step-up proof of the caller (X-Step-Up-Token), and a refused call changes
// nothing (not even its Idempotency-Key). Expired proofs, another user's proof and made-up tokens are
// refused alike; the permission check still comes first; non-destructive actions of the same routes
// pass without a proof. Runs on PGlite and (api-pg) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { build, demoIds, type Client } from './helper.ts';
import { act, createSettled, host, settle } from './kinds-helpers.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';
import { stepUpRoutes } from '../../src/server/access/guard.ts';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { smsBatchDeleteKinds } from '../../src/server/engine/sms.routes.ts';
import { newId } from '../../src/domain/ids.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  app = await build({ config: { stepUpDestructive: true } });
  c = await app.as('tenant_admin');
  ids = await demoIds(app.ctx.db);
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** A fresh proof of `client`'s user, from the password fallback. */
async function proof(client: Client = c): Promise<string> {
  const res = await client.req({ method: 'POST', url: '/api/v1/step-up/password', payload: { password: DEMO_PASSWORD }, project: null });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const withProof = (token: string) => ({ 'x-step-up-token': token });

function refused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.headers['x-step-up-required']).toBe('1');
  // not the guard's permission refusal: the caller holds the permission
  expect(res.headers['x-denied-by']).toBeUndefined();
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['description', 'title']);
  expect(body.description).toBe('该操作需要先进行二次身份验证（通行密钥或密码）');
}

const statusOf = async (id: string) => (await app.ctx.db.selectFrom('resources').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null;

describe('which routes ask for a step-up', () => {
  it('exactly the destructive ones of ADR 0029', () => {
    const declared = stepUpRoutes(app);
    const expected = new Set<string>([
      'DELETE /api/v1/manage/projects/:id',
      'DELETE /api/v1/auth/aksk/:id',
      'DELETE /api/v1/maas/accounts/:id',
      'DELETE /api/v1/maas/api-keys/:id',
      'DELETE /api/v1/cloud/policies/:id',
      'DELETE /api/v1/cloud/user-groups/:id',
      'POST /api/recyclebin/:id/destroy',
      'POST /api/v1/recyclebin/:id/destroy',
      ...smsBatchDeleteKinds().map((k) => `POST /api/${k.collection}/batch-delete`),
      ...KINDS.flatMap((k) => [`DELETE /api/${k.collection}/:id`, `POST /api/${k.collection}/:id/actions`, `POST /api/${k.collection}/actions`]),
    ]);
    expect([...declared.keys()].sort()).toEqual([...expected].sort());
    // the action routes ask only for delete and destroy
    expect(declared.get('POST /api/instances/:id/actions')).toEqual({ actions: ['delete', 'destroy'] });
    expect(declared.get('POST /api/vpcs/actions')).toEqual({ actions: ['delete'] });
  });
});

describe('resources through the engine', () => {
  let h: { id: string };

  it('a host delete without a proof is refused and changes nothing; the same call with a password proof goes', async () => {
    h = await host(app, c);
    const key = newId();
    refused(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: { 'idempotency-key': key } }));
    expect(await statusOf(h.id)).toBe('running');
    // the refused call stored nothing under its key: the retry with the proof runs for real
    const ok = await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: { 'idempotency-key': key, ...withProof(await proof()) } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await settle(c, 'instances', h.id))?.status).toBe('deleted');
  });

  it('destroying from the recycle bin needs the proof; recovering does not', async () => {
    for (const prefix of ['/api/recyclebin', '/api/v1/recyclebin']) refused(await c.req({ method: 'POST', url: `${prefix}/${h.id}/destroy` }));
    expect(await statusOf(h.id)).toBe('deleted');
    const back = await c.req({ method: 'POST', url: `/api/recyclebin/${h.id}/recover` });
    expect(back.statusCode, back.body).toBe(200);
    expect((await settle(c, 'instances', h.id))?.status).toBe('stopped');
    // destroy through the kind's action route is the same act and needs the same proof
    const token = await proof();
    expect((await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: withProof(token) })).statusCode).toBe(200);
    await settle(c, 'instances', h.id);
    refused(await act(c, 'instances', h.id, { action: 'destroy' }));
    const gone = await c.req({ method: 'POST', url: `/api/recyclebin/${h.id}/destroy`, headers: withProof(token) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await settle(c, 'instances', h.id)).toBeNull();
  });

  it('the action routes ask only when the action is destructive; the batch delete asks too', async () => {
    const a = await host(app, c);
    const b = await host(app, c);
    // a stop needs no proof, a delete through the same routes does
    expect((await act(c, 'instances', a.id, { action: 'stop' })).statusCode).toBe(200);
    expect((await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'stop', ids: [b.id] } })).statusCode).toBe(200);
    await settle(c, 'instances', a.id);
    await settle(c, 'instances', b.id);
    refused(await act(c, 'instances', a.id, { action: 'delete' }));
    refused(await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'delete', ids: [a.id, b.id] } }));
    refused(await c.req({ method: 'POST', url: '/api/instances/batch-delete', payload: { ids: [a.id, b.id] } }));
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['stopped', 'stopped']);
    const token = await proof();
    // past the step-up, the engine's own rule answers (a host's delete goes through batch-delete)
    const through = await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'delete', ids: [a.id] }, headers: withProof(token) });
    expect(through.statusCode).toBe(400);
    expect(through.headers['x-step-up-required']).toBeUndefined();
    const batch = await c.req({ method: 'POST', url: '/api/instances/batch-delete', payload: { ids: [a.id, b.id] }, headers: withProof(token) });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().data.map((d: { ok: boolean }) => d.ok)).toEqual([true, true]);
  });

  it('a cloud account (a kind) is deleted only with a proof', async () => {
    const acc = await createSettled(c, 'cloud-accounts', {
      name: `stepup-${Date.now().toString(36)}`,
      vendor: 'ali',
      access_key_id: `LTAI5tStepUp${Date.now().toString(36)}`.slice(0, 24),
      access_key_secret: 'Zx9pQ2mW7vK4sT8yB3nR6cH1',
    });
    refused(await c.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}` }));
    expect(await statusOf(acc.id)).toBe(acc.status);
    const ok = await c.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}`, headers: withProof(await proof()) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('which proofs count', () => {
  it('an expired proof, another user’s proof and a made-up token are refused; a member is refused for permission first', async () => {
    const h = await host(app, c);
    const expired = await proof();
    await app.ctx.db
      .updateTable('step_up_proofs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    refused(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: withProof(expired) }));
    const approver = await app.as('approver');
    refused(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: withProof(await proof(approver)) }));
    refused(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: withProof('f'.repeat(64)) }));
    refused(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}`, headers: withProof('x'.repeat(500)) }));
    expect(await statusOf(h.id)).toBe('running');
    // a proof does not stand in for a permission: the guard's own refusal comes first
    const member = await app.as('member');
    const denied = await member.req({ method: 'DELETE', url: `/api/v1/manage/projects/${ids.project('rnd-test')}`, tenant: ids.huadong, project: null });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['x-denied-by']).toBe('guard');
    expect(denied.headers['x-step-up-required']).toBeUndefined();
  });
});

describe('organisation, access and keys', () => {
  const T = { project: null } as const;

  it('a project delete needs the proof', async () => {
    const created = await c.req({
      method: 'POST',
      url: '/api/v1/manage/projects',
      ...T,
      tenant: ids.huadong,
      payload: { name: '升级验证项目', name_en: 'step-up-check', name_zh: '升级验证项目', remark: '', owner_ids: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    refused(await c.req({ method: 'DELETE', url: `/api/v1/manage/projects/${id}`, ...T, tenant: ids.huadong }));
    expect(await app.ctx.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    const ok = await c.req({ method: 'DELETE', url: `/api/v1/manage/projects/${id}`, ...T, tenant: ids.huadong, headers: withProof(await proof()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await app.ctx.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('a policy and a user group are deleted only with the proof', async () => {
    const group = await c.req({ method: 'POST', url: '/api/v1/cloud/user-groups', payload: { name: '升级验证组' }, ...T });
    expect(group.statusCode, group.body).toBe(201);
    const policy = await c.req({ method: 'POST', url: '/api/v1/cloud/policies', payload: { name: '升级验证策略', permissions: ['read:order:own'] }, ...T });
    expect(policy.statusCode, policy.body).toBe(201);
    const urls = [`/api/v1/cloud/user-groups/${group.json().id}`, `/api/v1/cloud/policies/${policy.json().id}`];
    for (const url of urls) refused(await c.req({ method: 'DELETE', url, ...T }));
    for (const url of urls) expect((await c.req({ method: 'GET', url, ...T })).statusCode).toBe(200);
    const token = await proof();
    for (const url of urls) {
      const ok = await c.req({ method: 'DELETE', url, ...T, headers: withProof(token) });
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      expect((await c.req({ method: 'GET', url, ...T })).statusCode).toBe(404);
    }
  });

  it('an AccessKey, a MaaS API key and a MaaS account are deleted only with the proof', async () => {
    const ak = await c.req({ method: 'POST', url: '/api/v1/auth/aksk', payload: { key_type: 'permanent', description: '升级验证' } });
    expect(ak.statusCode, ak.body).toBe(201);
    const acc = await c.req({ method: 'POST', url: '/api/v1/maas/accounts', payload: { vendor: 'deepseek', name: '升级验证账号' } });
    expect(acc.statusCode, acc.body).toBe(201);
    const key = await c.req({ method: 'POST', url: '/api/v1/maas/api-keys', payload: { account_id: acc.json().data.id, name: '升级验证密钥' } });
    expect(key.statusCode, key.body).toBe(201);
    const urls = [`/api/v1/auth/aksk/${ak.json().data.id}`, `/api/v1/maas/api-keys/${key.json().data.id}`, `/api/v1/maas/accounts/${acc.json().data.id}`];
    for (const url of urls) refused(await c.req({ method: 'DELETE', url }));
    expect((await c.req({ method: 'GET', url: urls[0]! })).statusCode).toBe(200);
    expect((await c.req({ method: 'GET', url: urls[2]! })).statusCode).toBe(200);
    const token = await proof();
    for (const url of urls) expect((await c.req({ method: 'DELETE', url, headers: withProof(token) })).statusCode).toBe(204);
    expect((await c.req({ method: 'GET', url: urls[0]! })).statusCode).toBe(404);
  });
});
