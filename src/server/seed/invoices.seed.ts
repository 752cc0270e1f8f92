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
import type { ApprovalLevelSnapshot } from '../platform/db/tables.ts';
import type { Db } from '../platform/db/database.ts';
import { billService } from '../billing/bill.service.ts';
import { anyInvoiceInfo, insertSeedRows, seedAnchors, type SeedRows } from '../invoices/invoice.repository.ts';

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

// ── the data ────────────────────────────────────────────────────────────────────────────────
const TENANT = '华东制造集团';
const PROJECT = 'supply-chain';
const POOL_NAME = '华东制造集团增值税发票池';
const ADDRESS = '上海市浦东新区张江高科技园区碧波路 690 号';

/** The tenant's two sets of invoice information; the first is the default and the one invoiced. */
const INFOS = [
  {
    company_name: '华东制造集团有限公司',
    taxpayer_no: uscc('91310000MA1FL8XQ3'),
    bank_name: '中国工商银行上海市张江支行',
    bank_account: '1001234509876543210',
    address: ADDRESS,
    phone: '021-58881234',
    extension: '8021',
    terminal_no: null,
    contract_no: null,
    company_nature: 'state_owned',
    invoice_type: 'vat_special',
    is_default: true,
  },
  {
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

interface InvoicePlan {
  /** indexes into the year of finished months, oldest first */
  months: number[];
  outcome: 'issued' | 'goa_rejected' | 'goa_pending';
  void?: string;
  red?: string;
  paid?: boolean;
  medium?: string;
  rejectReason?: string;
}

/** Months 4 (red-flushed), 6 (rejected), 9 and 10 stay confirmed, not yet invoiced; month 11 is unconfirmed. */
const INVOICES: InvoicePlan[] = [
  { months: [0, 1, 2], outcome: 'issued', paid: true, medium: 'paper' },
  { months: [3], outcome: 'issued', void: '发票抬头填写有误，作废后重新开具' },
  { months: [3], outcome: 'issued', paid: true },
  { months: [4], outcome: 'issued', red: '客户对账后金额调整，红冲原发票' },
  { months: [5], outcome: 'issued' },
  { months: [6], outcome: 'goa_rejected', rejectReason: '开票信息中的开户行与合同不一致，请核对后重新申请' },
  { months: [7, 8], outcome: 'goa_pending' },
];

/** Contracts in several states (start and end in days from now); the active one carries its signed protocol. */
const CONTRACTS = [
  { party: '华东制造集团有限公司', period: 12, start: -200, end: 165, status: 'active', pdf: true, contact: '陈志远', phone: '13816620981' },
  { party: '华东制造集团苏州精密零部件有限公司', period: 24, start: -20, end: 710, status: 'signing', pdf: false, contact: '刘婧', phone: '13962155320' },
  {
    party: '华东制造集团有限公司（2024 年度框架协议）',
    period: 12,
    start: -560,
    end: -195,
    status: 'expired',
    pdf: true,
    contact: '王海峰',
    phone: '021-58881234',
  },
  { party: '华东制造集团宁波模具有限公司', period: 6, start: -2, end: 180, status: 'draft', pdf: false, contact: '赵敏', phone: '13905741122' },
  { party: '华东制造集团合肥装配有限公司', period: 12, start: -300, end: 65, status: 'terminated', pdf: false, contact: '孙立', phone: '0551-63357788' },
];

// ── the rows ────────────────────────────────────────────────────────────────────────────────
interface Setting {
  now: Date;
  t: string;
  projectId: string;
  adminId: string;
  approverId: string;
  processId: string;
  levels: ApprovalLevelSnapshot[];
  poolId: string;
  infoId: string;
  months: string[];
  sums: Map<string, number>;
  checkIds: Map<string, string>;
  /** each month's bill state, as the invoices leave it */
  state: Map<string, string>;
}

type Out = Pick<SeedRows, 'requests' | 'actions' | 'invoices' | 'ars'>;
type Decision = 'approved' | 'rejected' | null;

const compact = (at: Date) => shanghaiDay(at).replaceAll('-', '');
const monthEnd = (mo: string, days = 3) => new Date(dayStart(`${monthOf(monthIndex(mo) + 1)}-01`).getTime() + days * DAY + 2 * 3600_000);
const snapshot = (({ is_default: _d, ...rest }) => rest)(INFOS[0]!);

/** One GOA request by the administrator, decided by the approver a day later (or still waiting). */
function request(s: Setting, out: Out, type: string, invoiceId: string, payload: Record<string, unknown>, at: Date, decided: Decision, reason?: string) {
  const id = newId();
  const decidedAt = decided ? new Date(at.getTime() + 20 * 3600_000) : null;
  out.requests.push({
    id,
    tenant_id: s.t,
    project_id: s.projectId,
    type,
    status: decided ?? 'pending',
    title: `${payload.business_no} ¥${(Number(payload.amount_fen) / 100).toFixed(2)}`,
    payload: JSON.stringify(payload),
    before: null,
    requester_id: s.adminId,
    process_id: s.processId,
    production: false,
    estimated_cost_fen: Number(payload.amount_fen),
    levels: JSON.stringify(s.levels),
    level_count: 1,
    current_level: 1,
    current_approver_ids: JSON.stringify(decided ? [] : [s.approverId]),
    participant_ids: JSON.stringify([s.approverId]),
    level_entered_at: at,
    escalate_after_hours: 72,
    target_id: invoiceId,
    decided_at: decidedAt,
    decided_by: decided ? s.approverId : null,
    reject_reason: decided === 'rejected' ? (reason ?? null) : null,
    created_at: at,
    updated_at: decidedAt ?? at,
  } as never);
  const action = { request_id: id, tenant_id: s.t, level: 1, on_behalf_of: null };
  out.actions.push({ ...action, id: newId(), action: 'submitted', actor_id: s.adminId, comment: null, created_at: at } as never);
  if (decided)
    out.actions.push({
      ...action,
      id: newId(),
      action: decided,
      actor_id: s.approverId,
      comment: decided === 'rejected' ? (reason ?? null) : '同意',
      created_at: decidedAt,
    } as never);
  return id;
}

/** The invoice row of a plan, as applied (`seq` numbers the issued ones). */
function invoiceRow(s: Setting, p: InvoicePlan, ms: string[], id: string, at: Date, seq: number) {
  const issuedAt = p.outcome === 'issued' ? new Date(at.getTime() + 20 * 3600_000) : null;
  return {
    id,
    tenant_id: s.t,
    pool_id: s.poolId,
    info_id: s.infoId,
    info: JSON.stringify(snapshot),
    business_no: `KP${compact(at)}${id.slice(0, 6).toUpperCase()}`,
    bill_ids: JSON.stringify(ms.map((mo) => s.checkIds.get(mo)!)),
    months: JSON.stringify(ms),
    merged: ms.length > 1,
    amount_fen: ms.reduce((sum, mo) => sum + (s.sums.get(mo) ?? 0), 0),
    invoice_type: 'vat_special',
    medium: p.medium ?? 'electronic',
    remark: ms.length > 1 ? `${ms[0]} 至 ${ms[ms.length - 1]} 云服务费合并开票` : `${ms[0]} 云服务费`,
    state: p.outcome,
    approval_id: null as string | null,
    invoice_code: issuedAt ? `0${shanghaiDay(issuedAt).slice(0, 4)}1100${seq % 10}00` : null,
    invoice_no: issuedAt ? invoiceNumberOf(10_000_001 + seq) : null,
    issued_at: issuedAt,
    ...({ void_state: null, void_reason: null, void_approval_id: null, void_at: null } as Record<string, unknown>),
    ...({ red_state: null, red_reason: null, red_approval_id: null, red_at: null, red_invoice_no: null } as Record<string, unknown>),
    applicant_id: s.adminId,
    created_at: at,
    updated_at: issuedAt ?? at,
  };
}

/** A void or red-flush of an issued invoice, approved: the columns it sets on the invoice. */
function reversal(s: Setting, out: Out, p: InvoicePlan, row: ReturnType<typeof invoiceRow>, payload: Record<string, unknown>, seq: number) {
  const kind = p.void ? 'void' : 'red';
  const reqAt = new Date(row.issued_at!.getTime() + (kind === 'void' ? 2 : 40) * 3600_000);
  const reason = p.void ?? p.red;
  const reqId = request(
    s,
    out,
    kind === 'void' ? 'invoice_void' : 'invoice_red_flush',
    row.id,
    { ...payload, invoice_no: row.invoice_no, reason },
    reqAt,
    'approved',
  );
  const at = new Date(reqAt.getTime() + 20 * 3600_000);
  return kind === 'void'
    ? { void_state: 'succeeded', void_reason: reason, void_approval_id: reqId, void_at: at }
    : { red_state: 'succeeded', red_reason: reason, red_approval_id: reqId, red_at: at, red_invoice_no: invoiceNumberOf(20_000_001 + seq + 1) };
}

/** One planned invoice: its application (and reversal), its AR document, and the state it leaves its bills in. */
function plannedInvoice(s: Setting, out: Out, p: InvoicePlan, seq: number) {
  const ms = p.months.map((i) => s.months[i]!);
  const id = newId();
  // The one still waiting was asked yesterday (within its level's 72 hours: nothing escalates on start).
  const at = p.outcome === 'goa_pending' ? new Date(s.now.getTime() - 30 * 3600_000) : monthEnd(ms[ms.length - 1]!, 3 + (seq % 3));
  const row = invoiceRow(s, p, ms, id, at, seq);
  const payload = { invoice_id: id, business_no: row.business_no, amount_fen: row.amount_fen, months: ms, company: INFOS[0]!.company_name };
  const decided: Decision = p.outcome === 'goa_pending' ? null : p.outcome === 'issued' ? 'approved' : 'rejected';
  row.approval_id = request(s, out, 'invoice_apply', id, payload, at, decided, p.rejectReason);
  let billState = p.outcome === 'issued' ? 'invoiced' : p.outcome === 'goa_pending' ? 'invoice_applied' : 'confirmed';
  if (row.issued_at && (p.void || p.red)) {
    Object.assign(row, reversal(s, out, p, row, payload, seq));
    billState = 'confirmed';
  }
  if (row.issued_at) out.ars.push(arRow(s, p, row));
  out.invoices.push(row as never);
  for (const mo of ms) s.state.set(mo, billState);
}

function arRow(s: Setting, p: InvoicePlan, row: ReturnType<typeof invoiceRow>) {
  const issuedAt = row.issued_at!;
  return {
    id: newId(),
    tenant_id: s.t,
    invoice_id: row.id,
    doc_no: `AR${compact(issuedAt)}${row.id.slice(0, 6).toUpperCase()}`,
    amount_fen: row.amount_fen,
    received_fen: p.paid ? row.amount_fen : 0,
    state: p.void || p.red ? 'cancelled' : p.paid ? 'settled' : 'open',
    due_date: shanghaiDay(new Date(issuedAt.getTime() + 30 * DAY)),
    created_at: issuedAt,
    updated_at: issuedAt,
  };
}

function billCheckRows(s: Setting) {
  return s.months.map((mo) => {
    const open = s.state.get(mo) === 'unconfirmed';
    return {
      id: s.checkIds.get(mo)!,
      tenant_id: s.t,
      month: mo,
      state: s.state.get(mo)!,
      confirmed_at: open ? null : monthEnd(mo, 1),
      confirmed_by: open ? null : s.adminId,
      submitted_at: null,
      submitted_by: null,
      created_at: monthEnd(mo, 0),
    };
  });
}

function contractRows(s: Setting) {
  const day = (d: number) => new Date(s.now.getTime() + d * DAY);
  return CONTRACTS.map((c, i) => {
    const id = newId();
    const start = day(c.start);
    const pdf = c.pdf ? demoPdf(`Yunshu cloud service agreement ${i + 1}`) : null;
    return {
      id,
      tenant_id: s.t,
      contract_no: `HT${compact(start)}${id.slice(0, 6).toUpperCase()}`,
      party_name: c.party,
      signing_period: c.period,
      bill_month: shanghaiDay(start).slice(0, 7),
      start_at: start,
      end_at: day(c.end),
      status: c.status,
      contact: c.contact,
      phone: c.phone,
      address: ADDRESS,
      email: `finance${i + 1}@huadong-mfg.cn`,
      protocol_name: pdf ? `云服务协议-${shanghaiDay(start).slice(0, 4)}.pdf` : null,
      protocol_pdf: pdf,
      protocol_size: pdf?.length ?? null,
      protocol_uploaded_at: pdf ? new Date(start.getTime() + DAY) : null,
      created_by: s.adminId,
      created_at: new Date(start.getTime() - 5 * DAY),
      updated_at: new Date(start.getTime() - 5 * DAY),
    };
  });
}

/** A year of finished months with their amounts; the last one is still unconfirmed. */
async function billYear(db: Db, t: string, now: Date) {
  const current = monthIndex(shanghaiDay(now).slice(0, 7));
  const months = monthsBetween(monthOf(current - 12), monthOf(current - 1));
  const bills = billService(db);
  const [y, m] = months[months.length - 1]!.split('-').map(Number) as [number, number];
  const last = `${months[months.length - 1]}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`;
  const all = await bills.lines({ tenantId: t, projectId: null }, `${months[0]}-01`, last, now);
  const state = new Map<string, string>(months.map((mo) => [mo, 'confirmed']));
  state.set(months[months.length - 1]!, 'unconfirmed');
  return { months, sums: new Map(bills.group(all, 'month').map((r) => [r.key, r.amount_fen])), state, checkIds: new Map(months.map((mo) => [mo, newId()])) };
}

/** The tenant-wide rows: invoice information, the pool and the tenant's GOA process for invoices (finance approval by 审批员). */
function tenantRows(s: Setting): Pick<SeedRows, 'infos' | 'pool' | 'process'> {
  const at = new Date(s.now.getTime() - 400 * DAY);
  const made = { tenant_id: s.t, created_by: s.adminId, created_at: at };
  return {
    infos: INFOS.map((info, i) => ({ ...info, ...made, id: i === 0 ? s.infoId : newId(), updated_at: at })),
    pool: { id: s.poolId, tenant_id: s.t, project_id: s.projectId, name: POOL_NAME, info_id: s.infoId, created_at: at },
    process: {
      ...made,
      id: s.processId,
      project_id: null,
      name: '发票 GOA 审批',
      description: '开票、作废与红冲申请由财务审批',
      request_types: JSON.stringify(INVOICE_REQUEST_TYPES),
      levels: JSON.stringify(s.levels),
      production: false,
      enabled: true,
      updated_at: at,
    },
  };
}

export async function seedInvoices(db: Db, now = new Date()): Promise<void> {
  if (await anyInvoiceInfo(db)) return;
  const { tenant, project, users } = await seedAnchors(db, TENANT, PROJECT, ['tenant_admin', 'approver']);
  const admin = users.find((u) => u.account === 'tenant_admin');
  const approver = users.find((u) => u.account === 'approver');
  if (!tenant || !project || !admin || !approver) return;
  const levels = [{ name: '财务 GOA 审批', approver_ids: [approver.id], escalate_after_hours: 72 }];
  const ids = { processId: newId(), poolId: newId(), infoId: newId() };
  const s: Setting = {
    now,
    t: tenant.id,
    projectId: project.id,
    adminId: admin.id,
    approverId: approver.id,
    levels,
    ...ids,
    ...(await billYear(db, tenant.id, now)),
  };
  const out: Out = { requests: [], actions: [], invoices: [], ars: [] };
  INVOICES.forEach((p, seq) => plannedInvoice(s, out, p, seq));
  await insertSeedRows(db, { ...tenantRows(s), checks: billCheckRows(s), ...out, contracts: contractRows(s) });
}
