// GET /api/v1/approvals/details?ids=…: the inbox's offline copies of its open requests in one answer,
// each exactly as GET /api/v1/approvals/{id} answers it; what the caller cannot see is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { newId } from '../../src/domain/ids.ts';
import { MAX_DETAILS } from '../../src/domain/approvals/approval.schema.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

async function inbox(account: string, limit: number): Promise<string[]> {
  const res = await (await app.as(account)).req({ method: 'GET', url: `/api/v1/approvals?scope=mine&status=pending&__limit=${limit}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { id: string }[] }).data.map((r) => r.id);
}

describe('approval details in one answer', () => {
  it('answers each request as its own GET does, in the order asked', async () => {
    const ids = (await inbox('approver', 6)).reverse();
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const c = await app.as('approver');
    const res = await c.req({ method: 'GET', url: `/api/v1/approvals/details?ids=${ids.join(',')}` });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { id: string }[] }).data;
    expect(data.map((d) => d.id)).toEqual(ids);
    for (const d of data as { id: string; waiting_seconds: number }[]) {
      const one = (await c.req({ method: 'GET', url: `/api/v1/approvals/${d.id}` })).json();
      // The wait is counted when each answer is made; the second can be a second later.
      expect(one.waiting_seconds - d.waiting_seconds).toBeGreaterThanOrEqual(0);
      expect(one.waiting_seconds - d.waiting_seconds).toBeLessThanOrEqual(2);
      expect({ ...d, waiting_seconds: 0 }).toEqual({ ...one, waiting_seconds: 0 });
    }
  });

  it("leaves out what the caller cannot see: another tenant's request, an unknown id", async () => {
    const mine = await inbox('approver', 2);
    const fin = await app.ctx.db.selectFrom('tenants').select('id').where('name', '=', '鑫泰金融控股').executeTakeFirstOrThrow();
    const theirs = (await app.ctx.db.selectFrom('approval_requests').select('id').where('tenant_id', '=', fin.id).limit(1).execute()).map((r) => r.id);
    expect(theirs).toHaveLength(1);
    // Asked alone, it is a 404 for our approver.
    expect((await (await app.as('approver')).req({ method: 'GET', url: `/api/v1/approvals/${theirs[0]}` })).statusCode).toBe(404);
    const asked = [mine[0]!, theirs[0]!, newId(), mine[1]!];
    const res = await (await app.as('approver')).req({ method: 'GET', url: `/api/v1/approvals/details?ids=${asked.join(',')}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { id: string }[] }).data.map((d) => d.id)).toEqual([mine[0], mine[1]]);
    // …and a user of the other tenant gets none of ours.
    const other = await (await app.as('wl_admin')).req({ method: 'GET', url: `/api/v1/approvals/details?ids=${mine.join(',')}` });
    expect((other.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('refuses a missing, malformed or too long list with a 400 naming ids, and asks sign-in first', async () => {
    const c = await app.as('approver');
    const tooMany = Array.from({ length: MAX_DETAILS + 1 }, () => newId()).join(',');
    for (const query of ['', '?ids=', '?ids=not-an-id', `?ids=${tooMany}`]) {
      const res = await c.req({ method: 'GET', url: `/api/v1/approvals/details${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain('ids');
    }
    // The same id twice is answered once.
    const [id] = await inbox('approver', 1);
    const twice = await c.req({ method: 'GET', url: `/api/v1/approvals/details?ids=${id},${id}` });
    expect((twice.json() as { data: unknown[] }).data).toHaveLength(1);
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/approvals/details?ids=${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
