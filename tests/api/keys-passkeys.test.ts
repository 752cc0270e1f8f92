// Passkeys and step-up (issue 15, ADR 0023), with a software authenticator built on node:crypto:
// registration and sign-in verified by the server (a replayed challenge, a wrong origin and a
// foreign credential refused), the user centre's list and delete, and the step-up proof the
// server demands before approving a costly request (passkey or password; another user's, an
// expired or a missing proof refused, and the request left as it was).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { SoftAuthenticator } from './keys-authenticator.ts';
import { STEP_UP_COST_THRESHOLD_FEN } from '../../src/domain/step-up.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';

const ORIGIN = 'http://localhost';
let app: Awaited<ReturnType<typeof build>>;
let approver: Client;
const auth = new SoftAuthenticator(ORIGIN);

beforeAll(async () => {
  app = await build();
  approver = await app.as('approver');
});
afterAll(async () => {
  await app.close();
});

async function register(c: Client, a: SoftAuthenticator, name = '我的手机') {
  const opts = await c.req({ method: 'POST', url: '/api/v1/account/passkeys/options', tenant: null, project: null });
  expect(opts.statusCode).toBe(200);
  return c.req({ method: 'POST', url: '/api/v1/account/passkeys', tenant: null, project: null, payload: { name, response: a.register(opts.json()) } });
}

describe('passkeys', () => {
  it('registers a passkey and lists it in the user centre', async () => {
    const res = await register(approver, auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('我的手机');
    const list = await approver.req({ method: 'GET', url: '/api/v1/account/passkeys', tenant: null, project: null });
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain('public_key');
  });

  it('refuses a registration for another origin or with a spent challenge', async () => {
    const other = new SoftAuthenticator('https://evil.example');
    const opts = await approver.req({ method: 'POST', url: '/api/v1/account/passkeys/options', tenant: null, project: null });
    const response = other.register(opts.json(), 'https://evil.example');
    const res = await approver.req({ method: 'POST', url: '/api/v1/account/passkeys', tenant: null, project: null, payload: { name: '钓鱼', response } });
    expect(res.statusCode).toBe(400);
    expect(res.json().description).toContain('注册失败');
    // the challenge was spent by that attempt: a right answer to it is refused too
    const again = await approver.req({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      tenant: null,
      project: null,
      payload: { name: '重放', response: new SoftAuthenticator(ORIGIN).register(opts.json()) },
    });
    expect(again.statusCode).toBe(400);
    const list = await approver.req({ method: 'GET', url: '/api/v1/account/passkeys', tenant: null, project: null });
    expect(list.json().data).toHaveLength(1);
  });

  it('signs in with the passkey, once per challenge', async () => {
    const opts = await app.inject({ method: 'POST', url: '/api/v1/passkeys/login/options' });
    expect(opts.statusCode).toBe(200);
    const response = auth.assert(opts.json());
    const res = await app.inject({ method: 'POST', url: '/api/v1/passkeys/login', payload: { response } });
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const me = await app.inject({ method: 'GET', url: '/api/v1/edit-user', headers: { 'x-auth-token': token } });
    expect(me.statusCode).toBe(200);
    const replay = await app.inject({ method: 'POST', url: '/api/v1/passkeys/login', payload: { response } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().description).toContain('通行密钥验证失败');
    // a credential the server does not know
    const opts2 = await app.inject({ method: 'POST', url: '/api/v1/passkeys/login/options' });
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/v1/passkeys/login',
      payload: { response: new SoftAuthenticator(ORIGIN).assert(opts2.json()) },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('lets only its owner delete it', async () => {
    const extra = new SoftAuthenticator(ORIGIN);
    const made = await register(approver, extra, '备用钥匙');
    const id = made.json().data.id as string;
    const member = await app.as('member');
    expect((await member.req({ method: 'DELETE', url: `/api/v1/account/passkeys/${id}`, tenant: null, project: null })).statusCode).toBe(404);
    expect((await approver.req({ method: 'DELETE', url: `/api/v1/account/passkeys/${id}`, tenant: null, project: null })).statusCode).toBe(204);
  });
});

describe('step-up before a costly approval', () => {
  let costly: string[];
  let cheap: string;
  beforeAll(async () => {
    const res = await approver.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&__limit=100' });
    const rows = (res.json().data as { id: string; type: string }[]).filter((r) => r.type === 'firewall_policy' || r.type === 'resource_purchase');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    costly = rows.slice(0, 3).map((r) => r.id);
    cheap = rows[3]!.id;
    await app.ctx.db
      .updateTable('approval_requests')
      .set({ estimated_cost_fen: STEP_UP_COST_THRESHOLD_FEN + 500_000 })
      .where('id', 'in', costly)
      .execute();
    await app.ctx.db.updateTable('approval_requests').set({ estimated_cost_fen: 1200 }).where('id', '=', cheap).execute();
  });
  const status = async (id: string) =>
    (await app.ctx.db.selectFrom('approval_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const approve = (id: string, headers: Record<string, string> = {}) =>
    approver.req({ method: 'POST', url: `/api/v1/approvals/${id}/approve`, payload: {}, headers });

  it('approves a cheap request without one', async () => {
    expect((await approve(cheap)).statusCode).toBe(200);
  });

  it('refuses a costly approval without a proof, with a bad one or with another user’s', async () => {
    const before = await status(costly[0]!);
    const none = await approve(costly[0]!);
    expect(none.statusCode).toBe(403);
    expect(none.json().description).toContain('二次身份验证');
    expect((await approve(costly[0]!, { 'x-step-up-token': 'f'.repeat(64) })).statusCode).toBe(403);
    const member = await app.as('member');
    const theirs = await member.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password: DEMO_PASSWORD } });
    expect(theirs.statusCode).toBe(200);
    expect((await approve(costly[0]!, { 'x-step-up-token': theirs.json().token })).statusCode).toBe(403);
    const batch = await approver.req({ method: 'POST', url: '/api/v1/approvals/batch-approve', payload: { ids: costly } });
    expect(batch.statusCode).toBe(403);
    expect(await status(costly[0]!)).toBe(before);
  });

  it('accepts a passkey step-up', async () => {
    const opts = await approver.req({ method: 'POST', url: '/api/v1/step-up/options', tenant: null, project: null });
    expect(opts.json().has_passkey).toBe(true);
    const proof = await approver.req({
      method: 'POST',
      url: '/api/v1/step-up/passkey',
      tenant: null,
      project: null,
      payload: { response: auth.assert(opts.json().options) },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json().method).toBe('passkey');
    const res = await approve(costly[0]!, { 'x-step-up-token': proof.json().token });
    expect(res.statusCode).toBe(200);
    expect(await status(costly[0]!)).not.toBe('pending');
  });

  it('accepts the password as fallback, refuses a wrong one, and the proof expires', async () => {
    const wrong = await approver.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().description).toContain('密码不正确');
    const proof = await approver.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password: DEMO_PASSWORD } });
    expect(proof.statusCode).toBe(200);
    expect((await approve(costly[1]!, { 'x-step-up-token': proof.json().token })).statusCode).toBe(200);
    await app.ctx.db
      .updateTable('step_up_proofs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await approve(costly[2]!, { 'x-step-up-token': proof.json().token });
    expect(late.statusCode).toBe(403);
    expect(await status(costly[2]!)).toBe('pending');
  });

  it('carries the proof through the outbox decision batch', async () => {
    const url = `/api/v1/approvals/${costly[2]}/approve`;
    const without = await approver.req({
      method: 'POST',
      url: '/api/v1/approvals/decision-batch',
      payload: { requests: [{ url, key: 'step-up-none-1', body: {} }] },
    });
    expect(without.json().results[0].status).toBe(403);
    const proof = await approver.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password: DEMO_PASSWORD } });
    const withProof = await approver.req({
      method: 'POST',
      url: '/api/v1/approvals/decision-batch',
      payload: { requests: [{ url, key: 'step-up-proof-1', body: {}, step_up_token: proof.json().token }] },
    });
    expect(withProof.json().results[0].status).toBe(200);
    expect(await status(costly[2]!)).not.toBe('pending');
  });
});
