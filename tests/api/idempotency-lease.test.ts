// A process killed mid-request (kill -9 runs no hook) leaves its Idempotency-Key in flight. The
// rows here are exactly what such a process leaves behind: `in_flight` when it died before the
// decision committed, `applied` when it died after (the mark commits with the decision). Once the
// lease has run out a retry with the same key takes the row over; the decision lands once.
// The two-process proof with SIGKILL is idempotency-crash.test.ts (PostgreSQL).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import type { FastifyRequest } from 'fastify';
import { authUser, firewallPayload, ids, service } from './approvals-helper.ts';
import { canonical, markIdempotencyApplied } from '../../src/server/platform/http/idempotency.plugin.ts';

let app: Awaited<ReturnType<typeof build>>;
let supply = '';
let approverId = '';
beforeAll(async () => {
  app = await build();
  await ids(app);
  supply = (await app.as('tenant_admin')).territories[0]!.projects.find((p) => p.project_name === 'supply-chain')!.project_id;
  approverId = (await app.ctx.users.findByAccount('approver'))!.id;
});
afterAll(async () => {
  await app.close();
});

let n = 40;
async function newRequest(): Promise<string> {
  const res = await (
    await app.as('tenant_admin')
  ).req({ method: 'POST', url: '/api/v1/approvals', project: supply, payload: { type: 'firewall_policy', payload: firewallPayload(n++) } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const approve = async (id: string, key: string) =>
  (await app.as('approver')).req({ method: 'POST', url: `/api/v1/approvals/${id}/approve`, payload: { level: 1 }, headers: { 'idempotency-key': key } });
const decisions = async (id: string) =>
  (await app.ctx.db.selectFrom('approval_actions').select('action').where('request_id', '=', id).where('action', 'in', ['approved', 'rejected']).execute())
    .length;

/** The row a process that died holding `key` leaves behind. */
async function orphan(id: string, key: string, state: 'in_flight' | 'applied', leaseUntil: Date | null) {
  const url = `/api/v1/approvals/${id}/approve`;
  const bodyHash = createHash('sha256')
    .update(`POST ${url}\n${canonical({ level: 1 })}`)
    .digest('hex');
  await app.ctx.db
    .insertInto('idempotency_keys')
    .values({
      user_id: `u:${approverId}`,
      key,
      method: 'POST',
      path: url,
      body_hash: bodyHash,
      state,
      response_status: null,
      response_body: null,
      response_type: null,
      lease_until: leaseUntil,
    })
    .execute();
}
const past = () => new Date(Date.now() - 1000);

describe('Idempotency-Key after a crash', () => {
  it('keeps answering 409 while the lease runs, then lets the retry take the key over and apply the decision once', async () => {
    const id = await newRequest();
    await orphan(id, `crash-a-${id}`, 'in_flight', new Date(Date.now() + 60_000));
    const early = await approve(id, `crash-a-${id}`);
    expect(early.statusCode).toBe(409);
    expect(early.headers['idempotency-in-flight']).toBe('true');
    expect(await decisions(id)).toBe(0);

    await app.ctx.db.updateTable('idempotency_keys').set({ lease_until: past() }).where('key', '=', `crash-a-${id}`).execute();
    const retried = await approve(id, `crash-a-${id}`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().status).not.toBe('pending');
    expect(await decisions(id)).toBe(1);
    // The answer is stored now: the next resend replays it.
    const replay = await approve(id, `crash-a-${id}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await decisions(id)).toBe(1);
  });

  it('answers a decision that committed before the process died as applied, without deciding again', async () => {
    const id = await newRequest();
    const first = await approve(id, `crash-b-${id}`);
    expect(first.statusCode).toBe(200);
    // As if the process had died between the decision's commit and storing the answer.
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ state: 'applied', response_status: null, response_body: null, response_type: null, lease_until: past() })
      .where('key', '=', `crash-b-${id}`)
      .execute();
    const retried = await approve(id, `crash-b-${id}`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().id).toBe(id);
    expect(retried.json().status).toBe(first.json().status);
    expect(await decisions(id)).toBe(1);
  });

  it('takes over rows left in flight before leases existed (no lease) and refuses a different body', async () => {
    const id = await newRequest();
    await orphan(id, `crash-c-${id}`, 'in_flight', null);
    const other = await (
      await app.as('approver')
    ).req({ method: 'POST', url: `/api/v1/approvals/${id}/approve`, payload: { level: 1, comment: '别的' }, headers: { 'idempotency-key': `crash-c-${id}` } });
    expect(other.statusCode).toBe(422);
    const retried = await approve(id, `crash-c-${id}`);
    expect(retried.statusCode).toBe(200);
    expect(await decisions(id)).toBe(1);
  });

  it("marks the key applied in the decision's own transaction, and not when the decision fails", async () => {
    const id = await newRequest();
    await orphan(id, `crash-d-${id}`, 'in_flight', new Date(Date.now() + 60_000));
    const req = { idempotency: { owner: `u:${approverId}`, key: `crash-d-${id}`, applied: false } } as unknown as FastifyRequest;
    const user = await authUser(app, 'approver');
    await service(app).decide(user, id, { action: 'approve', level: 1 }, new Date(), { inTransaction: (trx) => markIdempotencyApplied(trx, req) });
    const state = async () =>
      (await app.ctx.db.selectFrom('idempotency_keys').select('state').where('key', '=', `crash-d-${id}`).executeTakeFirstOrThrow()).state;
    expect(await state()).toBe('applied');
    await app.ctx.db.updateTable('idempotency_keys').set({ state: 'in_flight' }).where('key', '=', `crash-d-${id}`).execute();
    // Already decided: the transaction rolls back, and the mark with it.
    await expect(
      service(app).decide(user, id, { action: 'approve' }, new Date(), { inTransaction: (trx) => markIdempotencyApplied(trx, req) }),
    ).rejects.toThrow();
    expect(await state()).toBe('in_flight');
  });
});
