// Demo invoices and contracts (issue 13, second part; ADR 0025) for 华东制造集团: two sets of
// invoice information, one invoice pool, the tenant's GOA process for invoices, a year of monthly
// bills in every invoicing state (issued merged and single, voided then re-issued, red-flushed,
// rejected, waiting for GOA approval, confirmed and not yet invoiced, last month unconfirmed), the
// AR documents of the issued invoices and contracts in several states with a signed protocol.
// 鑫泰金融控股 has no pool: it shows the "no invoice pool" refusal.
import { newId } from '../../domain/ids.ts';
import { monthIndex, monthOf, monthsBetween, shanghaiDay, dayStart } from '../../domain/billing/billing.ts';
import { INVOICE_REQUEST_TYPES } from '../../domain/approvals/approval-status.ts';
import { invoiceNumberOf, usccCheckChar } from '../../domain/billing/invoices.ts';
import type { ApprovalLevelSnapshot } from '../db/tables.ts';
import type { Db } from '../db/database.ts';
import { billService } from '../billing/bill.service.ts';

const DAY = 86_400_000;
const uscc = (first17: string) => `${first17}${usccCheckChar(first17)}`;

/** A minimal one-page PDF (the signed protocol of the demo's active contract). */
export function demoPdf(title = 'Yunshu service agreement'): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedInvoices(db: Db, now = new Date()): Promise<void> {
  const done = await db.selectFrom('invoice_infos').select('id').limit(1).executeTakeFirst();
  if (done) return;
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', '华东制造集团').executeTakeFirst();
  const project = await db.selectFrom('projects').select(['id', 'tenant_id']).where('name', '=', 'supply-chain').executeTakeFirst();
  const users = await db.selectFrom('users').select(['id', 'account', 'nickname']).where('account', 'in', ['tenant_admin', 'approver']).execute();
  const admin = users.find((u) => u.account === 'tenant_admin');
  const approver = users.find((u) => u.account === 'approver');
  if (!tenant || !project || !admin || !approver) return;
  const t = tenant.id;
  const ago = (days: number, hours = 10) => new Date(now.getTime() - days * DAY + hours * 3600_000 - 10 * 3600_000);

  const infoId = newId();
  const infos = [
    {
      id: infoId,
      company_name: '华东制造集团有限公司',
      taxpayer_no: uscc('91310000MA1FL8XQ3'),
      bank_name: '中国工商银行上海市张江支行',
      bank_account: '1001234509876543210',
      address: '上海市浦东新区张江高科技园区碧波路 690 号',
      phone: '021-58881234',
      extension: '8021',
      terminal_no: null,
      contract_no: null,
      company_nature: 'state_owned',
      invoice_type: 'vat_special',
      is_default: true,
    },
    {
      id: newId(),
      company_name: '华东制造集团苏州精密零部件有限公司',
      taxpayer_no: uscc('91320594MA1MXC7K2'),
      bank_name: '招商银行苏州工业园区支行',
      bank_account: '512909876501234',
      address: '江苏省苏州市工业园区星湖街 328 号',
      phone: '0512-62885566',
      extension: null,
      terminal_no: null,
      contract_no: null,
      company_nature: 'state_owned',
      invoice_type: 'vat_normal',
      is_default: false,
    },
  ];
  await db
    .insertInto('invoice_infos')
    .values(infos.map((i) => ({ ...i, tenant_id: t, created_by: admin.id, created_at: ago(400), updated_at: ago(400) })))
    .execute();
  const poolId = newId();
  await db
    .insertInto('invoice_pools')
    .values({ id: poolId, tenant_id: t, project_id: project.id, name: '华东制造集团增值税发票池', info_id: infoId, created_at: ago(400) })
    .execute();

  // The tenant's GOA process for invoices (finance approval by 审批员).
  const levels: ApprovalLevelSnapshot[] = [{ name: '财务 GOA 审批', approver_ids: [approver.id], escalate_after_hours: 72 }];
  const processId = newId();
  await db
    .insertInto('approval_processes')
    .values({
      id: processId,
      tenant_id: t,
      project_id: null,
      name: '发票 GOA 审批',
      description: '开票、作废与红冲申请由财务审批',
      request_types: JSON.stringify(INVOICE_REQUEST_TYPES),
      levels: JSON.stringify(levels),
      production: false,
      enabled: true,
      created_by: admin.id,
      created_at: ago(400),
      updated_at: ago(400),
    })
    .execute();

  // A year of finished months, with their amounts.
  const current = monthIndex(shanghaiDay(now).slice(0, 7));
  const months = monthsBetween(monthOf(current - 12), monthOf(current - 1));
  const bills = billService(db);
  const [y, m] = months[months.length - 1]!.split('-').map(Number) as [number, number];
  const all = await bills.lines(
    { tenantId: t, projectId: null },
    `${months[0]}-01`,
    `${months[months.length - 1]}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`,
    now,
  );
  const sums = new Map(bills.group(all, 'month').map((r) => [r.key, r.amount_fen]));
  const checkIds = new Map(months.map((mo) => [mo, newId()]));
  const state = new Map<string, string>(months.map((mo) => [mo, 'confirmed']));
  state.set(months[months.length - 1]!, 'unconfirmed');
  const monthEnd = (mo: string, days = 3) => new Date(dayStart(`${monthOf(monthIndex(mo) + 1)}-01`).getTime() + days * DAY + 2 * 3600_000);

  const invoices: Record<string, unknown>[] = [];
  const requests: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const ars: Record<string, unknown>[] = [];
  let seq = 0;
  const snapshot = (({ id: _i, is_default: _d, ...rest }) => rest)(infos[0]!);

  function request(type: string, invoiceId: string, payload: Record<string, unknown>, at: Date, decided: 'approved' | 'rejected' | null, reason?: string) {
    const id = newId();
    const decidedAt = decided ? new Date(at.getTime() + 20 * 3600_000) : null;
    requests.push({
      id,
      tenant_id: t,
      project_id: project!.id,
      type,
      status: decided ?? 'pending',
      title: `${payload.business_no} ¥${(Number(payload.amount_fen) / 100).toFixed(2)}`,
      payload: JSON.stringify(payload),
      before: null,
      requester_id: admin!.id,
      process_id: processId,
      production: false,
      estimated_cost_fen: Number(payload.amount_fen),
      levels: JSON.stringify(levels),
      level_count: 1,
      current_level: 1,
      current_approver_ids: JSON.stringify(decided ? [] : [approver!.id]),
      participant_ids: JSON.stringify([approver!.id]),
      level_entered_at: at,
      escalate_after_hours: 72,
      target_id: invoiceId,
      decided_at: decidedAt,
      decided_by: decided ? approver!.id : null,
      reject_reason: decided === 'rejected' ? (reason ?? null) : null,
      created_at: at,
      updated_at: decidedAt ?? at,
    });
    actions.push({
      id: newId(),
      request_id: id,
      tenant_id: t,
      level: 1,
      action: 'submitted',
      actor_id: admin!.id,
      on_behalf_of: null,
      comment: null,
      created_at: at,
    });
    if (decided)
      actions.push({
        id: newId(),
        request_id: id,
        tenant_id: t,
        level: 1,
        action: decided,
        actor_id: approver!.id,
        on_behalf_of: null,
        comment: decided === 'rejected' ? (reason ?? null) : '同意',
        created_at: decidedAt,
      });
    return id;
  }

  function invoice(
    ms: string[],
    o: { outcome: 'issued' | 'goa_rejected' | 'goa_pending'; void?: string; red?: string; paid?: boolean; medium?: string; rejectReason?: string },
  ) {
    const id = newId();
    // The one still waiting was asked yesterday (within its level's 72 hours: nothing escalates on start).
    const at = o.outcome === 'goa_pending' ? new Date(now.getTime() - 30 * 3600_000) : monthEnd(ms[ms.length - 1]!, 3 + (seq % 3));
    const amount = ms.reduce((s, mo) => s + (sums.get(mo) ?? 0), 0);
    const businessNo = `KP${shanghaiDay(at).replaceAll('-', '')}${id.slice(0, 6).toUpperCase()}`;
    const payload = { invoice_id: id, business_no: businessNo, amount_fen: amount, months: ms, company: infos[0]!.company_name };
    const approvalId = request(
      'invoice_apply',
      id,
      payload,
      at,
      o.outcome === 'goa_pending' ? null : o.outcome === 'issued' ? 'approved' : 'rejected',
      o.rejectReason,
    );
    const issuedAt = o.outcome === 'issued' ? new Date(at.getTime() + 20 * 3600_000) : null;
    const row: Record<string, unknown> = {
      id,
      tenant_id: t,
      pool_id: poolId,
      info_id: infoId,
      info: JSON.stringify(snapshot),
      business_no: businessNo,
      bill_ids: JSON.stringify(ms.map((mo) => checkIds.get(mo)!)),
      months: JSON.stringify(ms),
      merged: ms.length > 1,
      amount_fen: amount,
      invoice_type: 'vat_special',
      medium: o.medium ?? 'electronic',
      remark: ms.length > 1 ? `${ms[0]} 至 ${ms[ms.length - 1]} 云服务费合并开票` : `${ms[0]} 云服务费`,
      state: o.outcome,
      approval_id: approvalId,
      invoice_code: issuedAt ? `0${shanghaiDay(issuedAt).slice(0, 4)}1100${seq % 10}00` : null,
      invoice_no: issuedAt ? invoiceNumberOf(10_000_001 + seq) : null,
      issued_at: issuedAt,
      void_state: null,
      void_reason: null,
      void_approval_id: null,
      void_at: null,
      red_state: null,
      red_reason: null,
      red_approval_id: null,
      red_at: null,
      red_invoice_no: null,
      applicant_id: admin!.id,
      created_at: at,
      updated_at: issuedAt ?? at,
    };
    seq++;
    let billState = o.outcome === 'issued' ? 'invoiced' : o.outcome === 'goa_pending' ? 'invoice_applied' : 'confirmed';
    if (issuedAt && (o.void || o.red)) {
      const kind = o.void ? 'void' : 'red';
      const reqAt = new Date(issuedAt.getTime() + (kind === 'void' ? 2 : 40) * 3600_000);
      const reqId = request(
        kind === 'void' ? 'invoice_void' : 'invoice_red_flush',
        id,
        { ...payload, invoice_no: row.invoice_no, reason: o.void ?? o.red },
        reqAt,
        'approved',
      );
      Object.assign(
        row,
        kind === 'void'
          ? { void_state: 'succeeded', void_reason: o.void, void_approval_id: reqId, void_at: new Date(reqAt.getTime() + 20 * 3600_000) }
          : {
              red_state: 'succeeded',
              red_reason: o.red,
              red_approval_id: reqId,
              red_at: new Date(reqAt.getTime() + 20 * 3600_000),
              red_invoice_no: invoiceNumberOf(20_000_001 + seq),
            },
      );
      billState = 'confirmed';
    }
    if (issuedAt)
      ars.push({
        id: newId(),
        tenant_id: t,
        invoice_id: id,
        doc_no: `AR${shanghaiDay(issuedAt).replaceAll('-', '')}${id.slice(0, 6).toUpperCase()}`,
        amount_fen: amount,
        received_fen: o.paid ? amount : 0,
        state: o.void || o.red ? 'cancelled' : o.paid ? 'settled' : 'open',
        due_date: shanghaiDay(new Date(issuedAt.getTime() + 30 * DAY)),
        created_at: issuedAt,
        updated_at: issuedAt,
      });
    invoices.push(row);
    for (const mo of ms) state.set(mo, billState);
  }

  const M = (i: number) => months[i]!;
  invoice([M(0), M(1), M(2)], { outcome: 'issued', paid: true, medium: 'paper' });
  invoice([M(3)], { outcome: 'issued', void: '发票抬头填写有误，作废后重新开具' });
  invoice([M(3)], { outcome: 'issued', paid: true });
  invoice([M(4)], { outcome: 'issued', red: '客户对账后金额调整，红冲原发票' });
  invoice([M(5)], { outcome: 'issued' });
  invoice([M(6)], { outcome: 'goa_rejected', rejectReason: '开票信息中的开户行与合同不一致，请核对后重新申请' });
  invoice([M(7), M(8)], { outcome: 'goa_pending' });
  // M(4) (red-flushed), M(6) (rejected), M(9), M(10): confirmed, not yet invoiced; M(11): unconfirmed.

  await db
    .insertInto('bill_checks')
    .values(
      months.map((mo) => ({
        id: checkIds.get(mo)!,
        tenant_id: t,
        month: mo,
        state: state.get(mo)!,
        confirmed_at: state.get(mo) === 'unconfirmed' ? null : monthEnd(mo, 1),
        confirmed_by: state.get(mo) === 'unconfirmed' ? null : admin.id,
        submitted_at: null,
        submitted_by: null,
        created_at: monthEnd(mo, 0),
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'month']).doNothing())
    .execute();
  await db
    .insertInto('approval_requests')
    .values(requests as never)
    .execute();
  await db
    .insertInto('approval_actions')
    .values(actions as never)
    .execute();
  await db
    .insertInto('invoices')
    .values(invoices as never)
    .execute();
  await db
    .insertInto('ar_documents')
    .values(ars as never)
    .execute();

  // Contracts in several states; the active one carries its signed protocol.
  const year = (d: number) => new Date(now.getTime() + d * DAY);
  const contracts = [
    { party: '华东制造集团有限公司', period: 12, start: -200, end: 165, status: 'active', pdf: true },
    { party: '华东制造集团苏州精密零部件有限公司', period: 24, start: -20, end: 710, status: 'signing', pdf: false },
    { party: '华东制造集团有限公司（2024 年度框架协议）', period: 12, start: -560, end: -195, status: 'expired', pdf: true },
    { party: '华东制造集团宁波模具有限公司', period: 6, start: -2, end: 180, status: 'draft', pdf: false },
    { party: '华东制造集团合肥装配有限公司', period: 12, start: -300, end: 65, status: 'terminated', pdf: false },
  ];
  await db
    .insertInto('contracts')
    .values(
      contracts.map((c, i) => {
        const id = newId();
        const start = year(c.start);
        const pdf = c.pdf ? demoPdf(`Yunshu cloud service agreement ${i + 1}`) : null;
        return {
          id,
          tenant_id: t,
          contract_no: `HT${shanghaiDay(start).replaceAll('-', '')}${id.slice(0, 6).toUpperCase()}`,
          party_name: c.party,
          signing_period: c.period,
          bill_month: shanghaiDay(start).slice(0, 7),
          start_at: start,
          end_at: year(c.end),
          status: c.status,
          contact: ['陈志远', '刘婧', '王海峰', '赵敏', '孙立'][i]!,
          phone: ['13816620981', '13962155320', '021-58881234', '13905741122', '0551-63357788'][i]!,
          address: '上海市浦东新区张江高科技园区碧波路 690 号',
          email: `finance${i + 1}@huadong-mfg.cn`,
          protocol_name: pdf ? `云服务协议-${shanghaiDay(start).slice(0, 4)}.pdf` : null,
          protocol_pdf: pdf,
          protocol_size: pdf?.length ?? null,
          protocol_uploaded_at: pdf ? new Date(start.getTime() + DAY) : null,
          created_by: admin.id,
          created_at: new Date(start.getTime() - 5 * DAY),
          updated_at: new Date(start.getTime() - 5 * DAY),
        };
      }),
    )
    .execute();
}
