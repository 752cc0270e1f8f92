// Invoices (issue 13, second part; ADR 0025) on the real app and database: invoice information
// (taxpayer number checked), applications over confirmed bills (amount ≠ 0, merging needs two,
// unconfirmed bills and a missing pool refuse), GOA approval through the approvals engine (approve
// → issued, bills 已开票, AR document; reject → bills back), void and red-flush with reasons and
// their own states, refusals that change nothing, and tenant isolation of every invoice endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { isTaxpayerNumber, usccCheckChar, inMonthEndWindow } from '../../src/domain/billing/invoices.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let other: Client;
beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  other = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

const asAdmin = (o: Parameters<Client['req']>[0]) => admin.req({ project: null, ...o });
const asOther = (o: Parameters<Client['req']>[0]) => other.req({ project: null, ...o });
const count = async (table: 'invoices' | 'invoice_infos' | 'approval_requests') =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
// An invoice's approval carries its amount as the estimated cost: from ¥10,000 approving needs the
// approver's fresh step-up proof (ADR 0023), given here by password.
async function decide(id: string, action: 'approve' | 'reject') {
  const c = await app.as('approver');
  const proof = await c.req({ method: 'POST', url: '/api/v1/step-up/password', tenant: null, project: null, payload: { password: DEMO_PASSWORD } });
  expect(proof.statusCode).toBe(200);
  return c.req({
    method: 'POST',
    url: `/api/v1/approvals/${id}/${action}`,
    payload: action === 'reject' ? { reason: '开票信息需要核对' } : {},
    headers: { 'x-step-up-token': proof.json().token },
  });
}
const billState = async (id: string) => (await app.ctx.db.selectFrom('bill_checks').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('taxpayer number', () => {
  it('checks the unified social credit code by its check character', () => {
    const base = '91310000MA1FL8XQ3';
    expect(isTaxpayerNumber(`${base}${usccCheckChar(base)}`)).toBe(true);
    expect(isTaxpayerNumber(`${base}${usccCheckChar(base) === '0' ? '1' : '0'}`)).toBe(false);
    expect(isTaxpayerNumber('12345')).toBe(false);
  });
  it('knows the last two days of a month (Asia/Shanghai)', () => {
    expect(inMonthEndWindow(new Date('2026-11-29T01:00:00+08:00'))).toBe(true);
    expect(inMonthEndWindow(new Date('2026-11-28T23:00:00+08:00'))).toBe(false);
    expect(inMonthEndWindow(new Date('2026-02-27T12:00:00+08:00'))).toBe(true);
  });
});

describe('invoice information', () => {
  const body = {
    company_name: '华东制造集团无锡分公司',
    taxpayer_no: '91320200MA1XY23A4',
    bank_name: '中国银行无锡分行',
    bank_account: '6217000012345678',
    address: '江苏省无锡市新吴区长江路 21 号',
    phone: '0510-81234567',
    company_nature: 'state_owned',
    invoice_type: 'vat_normal',
  };
  it('refuses a wrong taxpayer number naming the field, and saves a right one', async () => {
    const before = await count('invoice_infos');
    const bad = await asAdmin({ method: 'POST', url: '/api/v1/invoice-infos', payload: { ...body, taxpayer_no: '91320200MA1XY23A4X' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('taxpayer_no');
    expect(bad.json().description).toContain('统一社会信用代码');
    expect(await count('invoice_infos')).toBe(before);
    const ok = await asAdmin({
      method: 'POST',
      url: '/api/v1/invoice-infos',
      payload: { ...body, taxpayer_no: `91320200MA1XY23A4${usccCheckChar('91320200MA1XY23A4')}` },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().is_default).toBe(false);
    const list = await asAdmin({ method: 'GET', url: '/api/v1/invoice-infos' });
    expect(list.json().data.filter((i: { is_default: boolean }) => i.is_default)).toHaveLength(1);
  });
});

describe('applications, GOA approval and issuing', () => {
  let poolId: string;
  let infoId: string;
  let free: { id: string; month: string; amount_fen: number }[];
  beforeAll(async () => {
    poolId = (await asAdmin({ method: 'GET', url: '/api/v1/invoice-pools' })).json().data[0].id;
    infoId = (await asAdmin({ method: 'GET', url: '/api/v1/invoice-infos' })).json().data[0].id;
    free = (await asAdmin({ method: 'GET', url: '/api/v1/invoices/bills?view=undistributed' })).json().data;
  });
  const apply = (bill_ids: string[], extra: object = {}) =>
    asAdmin({
      method: 'POST',
      url: '/api/v1/invoices',
      payload: { pool_id: poolId, info_id: infoId, bill_ids, merged: bill_ids.length > 1, invoice_type: 'vat_special', medium: 'electronic', ...extra },
    });

  it('shows the demo history: every state, a merged one, a void and a red-flush', async () => {
    const list = (await asAdmin({ method: 'GET', url: '/api/v1/invoices' })).json().data as { shown_state: string; merged: boolean }[];
    const states = new Set(list.map((i) => i.shown_state));
    for (const s of ['issued', 'voided', 'red_flushed', 'goa_rejected', 'goa_pending']) expect(states).toContain(s);
    expect(list.some((i) => i.merged)).toBe(true);
    expect(free.length).toBeGreaterThanOrEqual(3);
    const ar = (await asAdmin({ method: 'GET', url: '/api/v1/ar-docs' })).json().data;
    expect(ar.length).toBeGreaterThan(0);
  });

  it('refuses merging one bill, an unconfirmed bill, a zero amount and a tenant without a pool — nothing changes', async () => {
    const before = await count('invoices');
    const requests = await count('approval_requests');
    const one = await apply([free[0]!.id], { merged: true });
    expect(one.statusCode).toBe(400);
    expect(one.json().description).toContain('合并开票至少选择 2 个账单');
    const all = (await asAdmin({ method: 'GET', url: '/api/v1/invoices/bills' })).json().data as { id: string; state: string }[];
    const unconfirmed = all.find((b) => b.state === 'unconfirmed')!;
    const un = await apply([unconfirmed.id]);
    expect(un.statusCode).toBe(409);
    expect(un.json().description).toContain('尚未确认');
    // A confirmed month without usage: amount 0.
    const tenantId = admin.territories[0]!.tenant_id;
    const emptyId = '0'.repeat(31) + '1';
    await app.ctx.db
      .insertInto('bill_checks')
      .values({ id: emptyId, tenant_id: tenantId, month: '2019-01', state: 'confirmed', created_at: new Date() })
      .execute();
    const zero = await apply([emptyId]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().description).toBe('开票金额不能为 0');
    // 鑫泰金融控股 has no invoice pool.
    const finInfo = await asOther({ method: 'GET', url: '/api/v1/invoice-infos' });
    expect(finInfo.json().count).toBe(0);
    const noPool = await asOther({
      method: 'POST',
      url: '/api/v1/invoices',
      payload: { pool_id: poolId, info_id: infoId, bill_ids: [free[0]!.id], merged: false, invoice_type: 'vat_special', medium: 'electronic' },
    });
    expect(noPool.statusCode).toBe(409);
    expect(noPool.json().description).toContain('没有发票池');
    expect(await count('invoices')).toBe(before);
    expect(await count('approval_requests')).toBe(requests);
    expect(await billState(free[0]!.id)).toBe('confirmed');
  });

  it('applies for a confirmed bill, waits for GOA approval, and once approved is issued: bill 已开票, AR document opened', async () => {
    const bill = free[0]!;
    const res = await apply([bill.id]);
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.state).toBe('goa_pending');
    expect(inv.amount_fen).toBe(bill.amount_fen);
    expect(inv.amount_fen).not.toBe(0);
    expect(await billState(bill.id)).toBe('invoice_applied');
    // The request is in the approvals engine, with the approver as the current one.
    const req = await app.ctx.db.selectFrom('approval_requests').selectAll().where('id', '=', inv.approval_id).executeTakeFirstOrThrow();
    expect(req.type).toBe('invoice_apply');
    expect(req.status).toBe('pending');
    const inbox = await (await app.as('approver')).req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&type=invoice_apply&__limit=100' });
    expect(inbox.json().data.map((r: { id: string }) => r.id)).toContain(inv.approval_id);
    // The same bill cannot be applied for twice.
    expect((await apply([bill.id])).statusCode).toBe(409);
    // The applicant cannot decide it.
    expect((await admin.req({ method: 'POST', url: `/api/v1/approvals/${inv.approval_id}/approve`, payload: {} })).statusCode).not.toBe(200);
    const ok = await decide(inv.approval_id, 'approve');
    expect(ok.statusCode).toBe(200);
    const after = (await asAdmin({ method: 'GET', url: `/api/v1/invoices/${inv.id}` })).json();
    expect(after.state).toBe('issued');
    expect(after.invoice_no).toMatch(/^\d{8}$/);
    expect(after.ar_documents).toHaveLength(1);
    expect(after.ar_documents[0].amount_fen).toBe(bill.amount_fen);
    expect(await billState(bill.id)).toBe('invoiced');
    // The applicant hears it.
    const msgs = await app.ctx.db.selectFrom('site_messages').selectAll().where('ref_id', '=', inv.id).execute();
    expect(msgs.length).toBeGreaterThan(0);

    // Voiding in the month of issue needs a reason, then GOA approval: the bill may be invoiced again.
    const noReason = await asAdmin({ method: 'POST', url: `/api/v1/invoices/${inv.id}/void`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const v = await asAdmin({ method: 'POST', url: `/api/v1/invoices/${inv.id}/void`, payload: { reason: '购买方名称有误' } });
    expect(v.statusCode).toBe(200);
    expect(v.json().void_state).toBe('applying');
    expect(v.json().shown_state).toBe('void_applying');
    expect((await asAdmin({ method: 'POST', url: `/api/v1/invoices/${inv.id}/red-flush`, payload: { reason: '重复申请' } })).statusCode).toBe(409);
    expect((await decide(v.json().void_approval_id, 'approve')).statusCode).toBe(200);
    const voided = (await asAdmin({ method: 'GET', url: `/api/v1/invoices/${inv.id}` })).json();
    expect(voided.shown_state).toBe('voided');
    expect(voided.void_reason).toBe('购买方名称有误');
    expect(voided.ar_documents[0].state).toBe('cancelled');
    expect(await billState(bill.id)).toBe('confirmed');
  });

  it('merges two bills; a GOA rejection gives the bills back', async () => {
    const res = await apply([free[1]!.id, free[2]!.id]);
    expect(res.statusCode).toBe(201);
    expect(res.json().merged).toBe(true);
    expect(res.json().amount_fen).toBe(free[1]!.amount_fen + free[2]!.amount_fen);
    expect((await decide(res.json().approval_id, 'reject')).statusCode).toBe(200);
    const after = (await asAdmin({ method: 'GET', url: `/api/v1/invoices/${res.json().id}` })).json();
    expect(after.state).toBe('goa_rejected');
    expect(await billState(free[1]!.id)).toBe('confirmed');
    expect(await billState(free[2]!.id)).toBe('confirmed');
  });

  it('an invoice of an earlier month is red-flushed, not voided', async () => {
    const list = (await asAdmin({ method: 'GET', url: '/api/v1/invoices' })).json().data as { id: string; shown_state: string; issued_at: string }[];
    const old = list.find((i) => i.shown_state === 'issued' && new Date(i.issued_at).getTime() < Date.now() - 40 * 86_400_000)!;
    const v = await asAdmin({ method: 'POST', url: `/api/v1/invoices/${old.id}/void`, payload: { reason: '金额有误' } });
    expect(v.statusCode).toBe(409);
    expect(v.json().description).toContain('红冲');
    const r = await asAdmin({ method: 'POST', url: `/api/v1/invoices/${old.id}/red-flush`, payload: { reason: '客户退货，冲红原发票' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().red_state).toBe('applying');
    expect((await decide(r.json().red_approval_id, 'approve')).statusCode).toBe(200);
    const after = (await asAdmin({ method: 'GET', url: `/api/v1/invoices/${old.id}` })).json();
    expect(after.shown_state).toBe('red_flushed');
    expect(after.red_invoice_no).toMatch(/^\d{8}$/);
    const oa = (await asAdmin({ method: 'GET', url: '/api/v1/invoices/approvals' })).json().data as { type: string; target_id: string }[];
    expect(oa.some((a) => a.type === 'invoice_red_flush' && a.target_id === old.id)).toBe(true);
  });

  it('invoice requests cannot be made at the general approvals API', async () => {
    const res = await admin.req({ method: 'POST', url: '/api/v1/approvals', payload: { type: 'invoice_apply', payload: { invoice_id: free[0]!.id } } });
    expect(res.statusCode).toBe(400);
  });
});

describe('isolation and roles', () => {
  it('another tenant sees none of it and cannot touch it (404); a project member is refused (403)', async () => {
    const inv = (await asAdmin({ method: 'GET', url: '/api/v1/invoices' })).json().data[0];
    const pool = (await asAdmin({ method: 'GET', url: '/api/v1/invoice-pools' })).json().data[0];
    const info = (await asAdmin({ method: 'GET', url: '/api/v1/invoice-infos' })).json().data[0];
    const ar = (await asAdmin({ method: 'GET', url: '/api/v1/ar-docs' })).json().data[0];
    const bill = (await asAdmin({ method: 'GET', url: '/api/v1/invoices/bills' })).json().data[0];
    for (const url of [
      `/api/v1/invoices/${inv.id}`,
      `/api/v1/invoice-pools/${pool.id}`,
      `/api/v1/invoice-infos/${info.id}`,
      `/api/v1/ar-docs/${ar.id}`,
      `/api/v1/invoices/bills/${bill.id}`,
    ])
      expect((await asOther({ method: 'GET', url })).statusCode, url).toBe(404);
    for (const url of ['/api/v1/invoices', '/api/v1/invoice-pools', '/api/v1/invoice-infos', '/api/v1/ar-docs', '/api/v1/invoices/approvals'])
      expect((await asOther({ method: 'GET', url })).json().count, url).toBe(0);
    expect((await asOther({ method: 'POST', url: `/api/v1/invoices/${inv.id}/void`, payload: { reason: '试图作废' } })).statusCode).toBe(404);
    expect((await asOther({ method: 'POST', url: `/api/v1/invoices/${inv.id}/red-flush`, payload: { reason: '试图红冲' } })).statusCode).toBe(404);
    expect((await asOther({ method: 'PUT', url: `/api/v1/invoice-infos/${info.id}`, payload: { ...info, is_default: false } })).statusCode).toBe(404);
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: '/api/v1/invoices' })).statusCode).toBe(403);
    expect((await member.req({ method: 'POST', url: `/api/v1/invoices/${inv.id}/void`, payload: { reason: '成员作废' } })).statusCode).toBe(403);
  });
});
