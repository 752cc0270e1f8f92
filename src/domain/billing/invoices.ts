// Invoices and contracts (issue 13, seed 001 §3 invoice/contract, §4 states, §5 rules, §9 notices):
// the invoice information a tenant keeps (taxpayer number checked by its check character), an
// invoice application over confirmed monthly bills (amount ≠ 0, merging needs two bills at least),
// the states of an application and of its void and red-flush, the contract's date rules and the
// month-end void notice. Pure: the server stores, the web shows.
import { z } from 'zod';
import { monthSchema, shanghaiDay } from './billing.ts';
import { callablePhoneOk } from '../phone.ts';

// ── taxpayer number (统一社会信用代码, GB 32100-2015) ───────────────────────────────────────
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code. */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** True for an 18-character unified social credit code whose last character checks. */
export function isTaxpayerNumber(raw: string): boolean {
  const s = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  return usccCheckChar(s.slice(0, 17)) === s[17];
}

// ── invoice information (receiptInfoManage) ─────────────────────────────────────────────────
export const INVOICE_TYPES = ['vat_special', 'vat_normal'] as const;
export const INVOICE_MEDIA = ['electronic', 'paper'] as const;
export const COMPANY_NATURES = ['state_owned', 'private', 'foreign', 'government', 'other'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const invoiceInfoSchema = z.object({
  company_name: text(100),
  taxpayer_no: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isTaxpayerNumber, { message: 'taxpayer_no' }),
  bank_name: text(100),
  bank_account: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, { message: 'bank_account' }),
  address: text(200),
  phone: z.string().trim().max(32).refine(callablePhoneOk, { message: 'invoice_phone' }),
  extension: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, { message: 'invalid_format' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  terminal_no: optionalText(32),
  contract_no: optionalText(64),
  company_nature: z.enum(COMPANY_NATURES),
  invoice_type: z.enum(INVOICE_TYPES),
  is_default: z.boolean().optional().default(false),
});
export type InvoiceInfoInput = z.infer<typeof invoiceInfoSchema>;

// ── invoice applications (billApply, invoiceManage) ─────────────────────────────────────────
export const applySchema = z
  .object({
    pool_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }),
    info_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }),
    bill_ids: z
      .array(z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }))
      .min(1)
      .max(24),
    merged: z.boolean().default(false),
    invoice_type: z.enum(INVOICE_TYPES),
    medium: z.enum(INVOICE_MEDIA),
    remark: optionalText(200),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.bill_ids).size !== v.bill_ids.length) ctx.addIssue({ code: 'custom', path: ['bill_ids'], message: 'bills_repeated' });
    // 合并开票: two bills at least; a single application covers one bill.
    if (v.merged && v.bill_ids.length < 2) ctx.addIssue({ code: 'custom', path: ['bill_ids'], message: 'merge_two' });
    if (!v.merged && v.bill_ids.length > 1) ctx.addIssue({ code: 'custom', path: ['merged'], message: 'merge_needed' });
  });
export type ApplyInput = z.infer<typeof applySchema>;

/** 等待 GOA 审批, GOA 审批通过, GOA 审批驳回, 已开票, 开票失败 */
export const INVOICE_STATES = ['goa_pending', 'goa_approved', 'goa_rejected', 'issued', 'issue_failed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
/** A void or a red-flush: 申请中, GOA 审批通过, GOA 审批驳回, 成功, 失败 */
export const REVERSAL_STATES = ['applying', 'goa_approved', 'goa_rejected', 'succeeded', 'failed'] as const;
export type ReversalState = (typeof REVERSAL_STATES)[number];
export const REVERSALS = ['void', 'red_flush'] as const;
export type Reversal = (typeof REVERSALS)[number];

export const reversalSchema = z.object({ reason: z.string().trim().min(2).max(200) });

/** The state a list shows: a succeeded void or red-flush wins over 已开票. */
export function shownState(i: { state: string; void_state: string | null; red_state: string | null }): string {
  if (i.void_state === 'succeeded') return 'voided';
  if (i.red_state === 'succeeded') return 'red_flushed';
  if (i.void_state === 'applying') return 'void_applying';
  if (i.red_state === 'applying') return 'red_applying';
  return i.state;
}

/**
 * Whether an invoice may be voided or red-flushed now: only an issued invoice with no reversal
 * under way or done; voiding only in the Asia/Shanghai month it was issued (later it is red-flushed).
 * Answers the error key, or null when allowed.
 */
export function reversalRefusal(
  kind: Reversal,
  i: { state: string; void_state: string | null; red_state: string | null; issued_at: Date | null },
  now: Date,
): string | null {
  if (i.state !== 'issued' || !i.issued_at) return 'invoices.not_issued';
  const busy = (s: string | null) => s === 'applying' || s === 'goa_approved' || s === 'succeeded';
  if (busy(i.void_state) || busy(i.red_state)) return 'invoices.reversal_taken';
  if (kind === 'void' && shanghaiDay(i.issued_at).slice(0, 7) !== shanghaiDay(now).slice(0, 7)) return 'invoices.void_other_month';
  return null;
}

/** 作废应避开每月最后两天 (seed 001 §9): true on the last two Asia/Shanghai days of a month. */
export function inMonthEndWindow(now: Date): boolean {
  const day = shanghaiDay(now);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d >= last - 1;
}

/** Invoice number as the (simulated) tax system issues it: 8 digits. */
export const invoiceNumberOf = (seq: number) => String(seq % 100_000_000).padStart(8, '0');

// ── contracts (contractManage) ──────────────────────────────────────────────────────────────
export const CONTRACT_STATES = ['draft', 'signing', 'active', 'expired', 'terminated'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export const contractSchema = z
  .object({
    party_name: text(100),
    signing_period: z.coerce.number().int().min(1).max(60),
    bill_month: monthSchema,
    start_at: z.iso.datetime({ offset: true }),
    end_at: z.iso.datetime({ offset: true }),
    status: z.enum(CONTRACT_STATES).default('draft'),
    contact: text(40),
    phone: z.string().trim().max(32).refine(callablePhoneOk, { message: 'invoice_phone' }),
    address: optionalText(200),
    email: z
      .string()
      .trim()
      .max(64)
      .email({ message: 'email' })
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.end_at) <= Date.parse(v.start_at)) ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'end_before_start' });
  });
export type ContractInput = z.infer<typeof contractSchema>;

/** 合同开始时间不能晚于当前时间，也不能晚于结束时间 (seed 001 §5): the key of the broken rule, or null. */
export function contractDatesRefusal(startAt: Date, endAt: Date, now: Date): { field: string; rule: string } | null {
  if (startAt.getTime() > now.getTime()) return { field: 'start_at', rule: 'start_after_now' };
  if (startAt.getTime() >= endAt.getTime()) return { field: 'end_at', rule: 'end_before_start' };
  return null;
}

/** A template preview link lives three days. */
export const PREVIEW_LINK_MS = 3 * 86_400_000;
export const PROTOCOL_MAX_BYTES = 10 * 1024 * 1024;
