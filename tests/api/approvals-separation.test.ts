// Issue 8 item 8, separation of duties: nobody decides their own request (approve, reject, batch)
// unless the request's process explicitly allows it; the inbox does not offer one's own requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { ids } from './approvals-helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let P: Awaited<ReturnType<typeof ids>>;
beforeAll(async () => {
  app = await build();
  P = await ids(app);
});
afterAll(async () => {
  await app.close();
});

const inbox = async (account: string) =>
  (await (await app.as(account)).req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&__limit=500' })).json().data as {
    id: string;
    can_decide: boolean;
  }[];

describe('separation of duties', () => {
  it('refuses a requester deciding their own request (403, localised), in the inbox, the detail and a batch', async () => {
    const admin = await app.as('tenant_admin');
    // smart-factory-mes: tenant_admin is an approver of level 1 and asks for a quota change there.
    const asked = await admin.req({
      method: 'POST',
      url: '/api/v1/approvals',
      project: P.mes,
      payload: { type: 'quota_change', payload: { quota_key: 'eips', value: 77, reason: '自审测试' } },
    });
    expect(asked.statusCode).toBe(201);
    const req = asked.json();
    expect(req.current_approvers.map((u: { account: string }) => u.account)).toContain('tenant_admin');
    expect(req.can_decide).toBe(false);
    expect((await inbox('tenant_admin')).some((r) => r.id === req.id)).toBe(false);
    expect((await inbox('approver')).find((r) => r.id === req.id)?.can_decide).toBe(true);

    const own = await admin.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, payload: {} });
    expect(own.statusCode).toBe(403);
    expect(own.json().description).toBe('不能审批自己提交的申请，请由其他审批人处理');
    const tw = await admin.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/reject`, lang: 'zh-TW', payload: { reason: '不要了' } });
    expect(tw.statusCode).toBe(403);
    expect(tw.json().description).toBe('不能簽核自己提交的申請，請由其他簽核人處理');
    const batch = (await admin.req({ method: 'POST', url: '/api/v1/approvals/batch-approve', payload: { ids: [req.id] } })).json();
    expect(batch).toMatchObject({ succeeded: 0, failed: 1, results: [{ id: req.id, ok: false, status_code: 403 }] });
    expect((await admin.req({ method: 'GET', url: `/api/v1/approvals/${req.id}` })).json()).toMatchObject({ status: 'pending', current_level: 1 });

    // Another approver decides it.
    const approver = await app.as('approver');
    expect((await approver.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, payload: {} })).json()).toMatchObject({
      status: 'approving',
      current_level: 2,
    });
  });

  it("keeps fin_admin from deciding the finance requests fin_admin submitted (the demo's 12)", async () => {
    const fin = await app.as('fin_admin');
    const own = (await fin.req({ method: 'GET', url: '/api/v1/approvals?scope=global&status=pending&__limit=100' }))
      .json()
      .data.filter((r: { requester: { account: string } }) => r.requester.account === 'fin_admin');
    expect(own.length).toBeGreaterThanOrEqual(12);
    expect(own.every((r: { can_decide: boolean }) => !r.can_decide)).toBe(true);
    const batch = (await fin.req({ method: 'POST', url: '/api/v1/approvals/batch-approve', payload: { ids: own.map((r: { id: string }) => r.id) } })).json();
    expect(batch.succeeded).toBe(0);
    expect(batch.results.every((r: { status_code: number }) => r.status_code === 403)).toBe(true);
    const decider = await app.as('fin_approver');
    const res = await decider.req({ method: 'POST', url: `/api/v1/approvals/${own[0].id}/approve`, tenant: P.fin, project: P.trading, payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it('lets a requester decide their own request where the process explicitly allows it', async () => {
    const admin = await app.as('tenant_admin');
    const processes = (await admin.req({ method: 'GET', url: '/api/v1/approval_process?__limit=50' })).json().data as {
      id: string;
      project_id: string | null;
      allow_self_approval: boolean;
      [k: string]: unknown;
    }[];
    const mes = processes.find((p) => p.project_id === P.mes)!;
    expect(mes.allow_self_approval).toBe(false);
    const body = {
      name: mes.name,
      project_id: mes.project_id,
      request_types: mes.request_types,
      production: mes.production,
      enabled: mes.enabled,
      allow_self_approval: true,
      levels: (mes.levels as { approvers: { account: string }[]; escalate_after_hours: number | null }[]).map((l) => ({
        approvers: l.approvers.map((a) => a.account),
        escalate_after_hours: l.escalate_after_hours,
      })),
    };
    const put = await admin.req({ method: 'PUT', url: `/api/v1/approval_process/${mes.id}`, payload: body });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().allow_self_approval).toBe(true);
    const req = (
      await admin.req({
        method: 'POST',
        url: '/api/v1/approvals',
        project: P.mes,
        payload: { type: 'quota_change', payload: { quota_key: 'eips', value: 88, reason: '自审允许' } },
      })
    ).json();
    expect(req.can_decide).toBe(true);
    expect((await inbox('tenant_admin')).some((r) => r.id === req.id)).toBe(true);
    const ok = await admin.req({ method: 'POST', url: `/api/v1/approvals/${req.id}/approve`, payload: {} });
    expect(ok.statusCode).toBe(200);
  });
});
