// Invoices (issue 13, second part; ADR 0025): the tenant's invoice information and pools, invoice
// applications over monthly bills, their GOA approval through the approvals engine (request types
// invoice_apply / invoice_void / invoice_red_flush, effects below), issuing (the simulated tax
// system issues at once once approved: bills → 已开票, an AR document opens), void and red-flush,
// and the bills' invoicing history. Every query is bound to one tenant: another tenant's id is 404.
import { sql, type SqlBool } from 'kysely';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { monthsBetween, monthOf, monthIndex, shanghaiDay } from '../../domain/billing/billing.ts';
import { invoiceNumberOf, reversalRefusal, type ApplyInput, type InvoiceInfoInput, type Reversal } from '../../domain/billing/invoices.ts';
import type { ApprovalEffect, ApprovalEffects, DecisionContext } from '../approvals/approval-effects.ts';
import { runAfterCommit, submitRequest } from '../approvals/approval.service.ts';
import { publish, type PendingEvent } from '../approvals/approval-events.ts';
import type { EventBus } from '../events/bus.ts';
import type { Db } from '../db/database.ts';
import type { BillService } from '../billing/bill.service.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';

const LIVE_STATES = ['goa_pending', 'goa_approved', 'issued'];
const dayCompact = (at: Date) => shanghaiDay(at).replaceAll('-', '');
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** An invoice still holding its bills: under approval or issued, and not voided or red-flushed. */
const liveWhere = (eb: any) =>
  eb.and([
    eb('invoices.state', 'in', LIVE_STATES),
    eb.or([eb('invoices.void_state', 'is', null), eb('invoices.void_state', '!=', 'succeeded')]),
    eb.or([eb('invoices.red_state', 'is', null), eb('invoices.red_state', '!=', 'succeeded')]),
  ]);

export interface InvoiceDeps {
  db: Db;
  bills: BillService;
  bus?: EventBus;
  notify?: NotifyPort;
}

export interface Who {
  tenantId: string;
  user: { id: string; nickname: string };
}

export function invoiceService(deps: InvoiceDeps) {
  const { db, bills } = deps;
  let effects: ApprovalEffects = {};

  // ── invoice information ───────────────────────────────────────────────────────────────────
  const infos = {
    list: (tenantId: string) =>
      db.selectFrom('invoice_infos').selectAll().where('tenant_id', '=', tenantId).orderBy('is_default', 'desc').orderBy('created_at', 'desc').execute(),
    async get(tenantId: string, id: string) {
      const row = await db.selectFrom('invoice_infos').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return row;
    },
    async save(w: Who, input: InvoiceInfoInput, id: string | null, now = new Date()) {
      return db.transaction().execute(async (trx) => {
        if (id) {
          const row = await trx
            .selectFrom('invoice_infos')
            .select('id')
            .where('tenant_id', '=', w.tenantId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!row) throw notFound();
        }
        const count = await trx
          .selectFrom('invoice_infos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', w.tenantId)
          .executeTakeFirstOrThrow();
        const isDefault = input.is_default || Number(count.n) === 0;
        if (isDefault) await trx.updateTable('invoice_infos').set({ is_default: false }).where('tenant_id', '=', w.tenantId).execute();
        const values = { ...input, is_default: isDefault, updated_at: now };
        const saved = id
          ? await trx.updateTable('invoice_infos').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
          : await trx
              .insertInto('invoice_infos')
              .values({ ...values, id: newId(), tenant_id: w.tenantId, created_by: w.user.id, created_at: now })
              .returningAll()
              .executeTakeFirstOrThrow();
        return saved;
      });
    },
  };

  // ── pools ─────────────────────────────────────────────────────────────────────────────────
  const pools = {
    async list(tenantId: string) {
      const rows = await db
        .selectFrom('invoice_pools')
        .leftJoin('invoice_infos', 'invoice_infos.id', 'invoice_pools.info_id')
        .leftJoin('projects', 'projects.id', 'invoice_pools.project_id')
        .select([
          'invoice_pools.id',
          'invoice_pools.name',
          'invoice_pools.info_id',
          'invoice_pools.project_id',
          'invoice_pools.created_at',
          'invoice_infos.company_name',
          'projects.name_zh as project_name',
        ])
        .where('invoice_pools.tenant_id', '=', tenantId)
        .orderBy('invoice_pools.created_at')
        .execute();
      const sums = await db
        .selectFrom('invoices')
        .select(['pool_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount_fen').as('amount')])
        .where('tenant_id', '=', tenantId)
        .where((eb) => liveWhere(eb))
        .groupBy('pool_id')
        .execute();
      const by = new Map(sums.map((s) => [s.pool_id, s]));
      return rows.map((r) => ({ ...r, invoices: Number(by.get(r.id)?.n ?? 0), invoiced_fen: Number(by.get(r.id)?.amount ?? 0) }));
    },
    async get(tenantId: string, id: string) {
      const row = (await pools.list(tenantId)).find((p) => p.id === id);
      if (!row) throw notFound();
      const list = await invoices.list(tenantId, { pool_id: id });
      return { ...row, invoice_list: list };
    },
  };

  // ── bills and their amounts ───────────────────────────────────────────────────────────────
  /** The last 12 finished months' bills (rows made on first sight) with their amounts and invoices. */
  async function billRows(tenantId: string, now = new Date()) {
    const current = monthIndex(shanghaiDay(now).slice(0, 7));
    const months = monthsBetween(monthOf(current - 12), monthOf(current - 1));
    const rows = await bills.checks(tenantId, months);
    const all = await bills.lines({ tenantId, projectId: null }, `${months[0]}-01`, lastDay(months[months.length - 1]!), now);
    const sums = new Map(bills.group(all, 'month').map((r) => [r.key, r.amount_fen]));
    const inv = await db
      .selectFrom('invoices')
      .select(['id', 'bill_ids', 'business_no', 'state', 'void_state', 'red_state', 'invoice_no'])
      .where('tenant_id', '=', tenantId)
      .execute();
    return rows.map((r) => {
      const mine = inv.filter((i) => (i.bill_ids as string[]).includes(r.id));
      const live = mine.find((i) => LIVE_STATES.includes(i.state) && i.void_state !== 'succeeded' && i.red_state !== 'succeeded');
      return { ...r, amount_fen: sums.get(r.month) ?? 0, invoice_id: live?.id ?? null, business_no: live?.business_no ?? null, invoices: mine.length };
    });
  }

  async function monthAmounts(tenantId: string, months: string[]) {
    const sorted = [...months].sort();
    const all = await bills.lines({ tenantId, projectId: null }, `${sorted[0]}-01`, lastDay(sorted[sorted.length - 1]!));
    return new Map(bills.group(all, 'month').map((r) => [r.key, r.amount_fen]));
  }

  // ── invoices ──────────────────────────────────────────────────────────────────────────────
  const invoices = {
    async list(tenantId: string, f: { pool_id?: string; state?: string } = {}) {
      let q = db
        .selectFrom('invoices')
        .leftJoin('users', 'users.id', 'invoices.applicant_id')
        .selectAll('invoices')
        .select('users.nickname as applicant_name')
        .where('invoices.tenant_id', '=', tenantId);
      if (f.pool_id) q = q.where('invoices.pool_id', '=', f.pool_id);
      if (f.state) q = q.where('invoices.state', '=', f.state);
      return q.orderBy('invoices.created_at', 'desc').orderBy('invoices.id').execute();
    },
    async get(tenantId: string, id: string) {
      const row = (await db
        .selectFrom('invoices')
        .leftJoin('users', 'users.id', 'invoices.applicant_id')
        .selectAll('invoices')
        .select('users.nickname as applicant_name')
        .where('invoices.tenant_id', '=', tenantId)
        .where('invoices.id', '=', id)
        .executeTakeFirst())!;
      if (!row) throw notFound();
      const approvals = await db
        .selectFrom('approval_requests')
        .select(['id', 'type', 'status', 'created_at', 'decided_at', 'reject_reason'])
        .where('tenant_id', '=', tenantId)
        .where('target_id', '=', id)
        .orderBy('created_at')
        .execute();
      const ar = await db.selectFrom('ar_documents').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', id).execute();
      const pool = await db.selectFrom('invoice_pools').select(['id', 'name']).where('id', '=', row.pool_id).executeTakeFirst();
      return { ...row, pool_name: pool?.name ?? null, approvals, ar_documents: ar };
    },

    /** 申请开票: checks the pool, the bills (confirmed, not held by another invoice) and the amount, then asks for GOA approval. */
    async apply(w: Who, input: ApplyInput, now = new Date()) {
      const events: PendingEvent[] = [];
      const after: (() => Promise<void>)[] = [];
      const pool = await db.selectFrom('invoice_pools').selectAll().where('tenant_id', '=', w.tenantId).where('id', '=', input.pool_id).executeTakeFirst();
      if (!pool) {
        const any = await db.selectFrom('invoice_pools').select('id').where('tenant_id', '=', w.tenantId).executeTakeFirst();
        throw any ? notFound() : new AppError(409, 'invoices.no_pool');
      }
      const info = await db.selectFrom('invoice_infos').selectAll().where('tenant_id', '=', w.tenantId).where('id', '=', input.info_id).executeTakeFirst();
      if (!info) throw notFound();
      const checks = await db.selectFrom('bill_checks').selectAll().where('tenant_id', '=', w.tenantId).where('id', 'in', input.bill_ids).execute();
      if (checks.length !== input.bill_ids.length) throw notFound();
      // 存在未提交的月度账单时不能申请开票 (seed 001 §5)
      const unconfirmed = checks.find((c) => c.state === 'unconfirmed');
      if (unconfirmed) throw new AppError(409, 'invoices.bill_unconfirmed', { month: unconfirmed.month });
      const done = checks.find((c) => c.state === 'invoiced');
      if (done) throw new AppError(409, 'invoices.bill_taken', { month: done.month });
      const sums = await monthAmounts(
        w.tenantId,
        checks.map((c) => c.month),
      );
      const amount = checks.reduce((s, c) => s + (sums.get(c.month) ?? 0), 0);
      if (amount === 0) throw new AppError(400, 'invoices.amount_zero');
      const id = newId();
      const businessNo = `KP${dayCompact(now)}${id.slice(0, 6).toUpperCase()}`;
      const result = await db.transaction().execute(async (trx) => {
        const locked = await trx.selectFrom('bill_checks').selectAll().where('id', 'in', input.bill_ids).orderBy('id').forUpdate().execute();
        for (const c of locked) {
          if (c.state === 'unconfirmed') throw new AppError(409, 'invoices.bill_unconfirmed', { month: c.month });
          if (c.state === 'invoiced') throw new AppError(409, 'invoices.bill_taken', { month: c.month });
        }
        const held = await trx
          .selectFrom('invoices')
          .select('bill_ids')
          .where('tenant_id', '=', w.tenantId)
          .where((eb) => liveWhere(eb))
          .where(sql<SqlBool>`bill_ids ?| array[${sql.join(input.bill_ids)}]::text[]`)
          .executeTakeFirst();
        if (held) {
          const month = locked.find((c) => (held.bill_ids as string[]).includes(c.id))?.month ?? '';
          throw new AppError(409, 'invoices.bill_taken', { month });
        }
        const { id: _i, tenant_id: _t, created_by: _c, created_at: _a, updated_at: _u, is_default: _d, ...snapshot } = info;
        await trx
          .insertInto('invoices')
          .values({
            id,
            tenant_id: w.tenantId,
            pool_id: pool.id,
            info_id: info.id,
            info: JSON.stringify(snapshot),
            business_no: businessNo,
            bill_ids: JSON.stringify(locked.map((c) => c.id)),
            months: JSON.stringify(locked.map((c) => c.month).sort()),
            merged: input.merged,
            amount_fen: amount,
            invoice_type: input.invoice_type,
            medium: input.medium,
            remark: input.remark,
            state: 'goa_pending',
            applicant_id: w.user.id,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .updateTable('bill_checks')
          .set({ state: 'invoice_applied', submitted_at: now, submitted_by: w.user.id })
          .where('id', 'in', input.bill_ids)
          .where('state', '=', 'confirmed')
          .execute();
        return submitRequest(trx, {
          user: w.user,
          tenantId: w.tenantId,
          projectId: pool.project_id,
          type: 'invoice_apply',
          payload: { invoice_id: id, business_no: businessNo, amount_fen: amount, months: locked.map((c) => c.month).sort(), company: info.company_name },
          now,
          effects,
          events,
          after,
        });
      });
      publish(deps.bus, db, events);
      await runAfterCommit(after);
      return { ...(await invoices.get(w.tenantId, id)), approval_status: result.status };
    },

    /** 作废 / 红冲 with its reason, through GOA approval; `notice` when voiding in a month's last two days. */
    async reverse(w: Who, id: string, kind: Reversal, reason: string, now = new Date()) {
      const events: PendingEvent[] = [];
      const after: (() => Promise<void>)[] = [];
      const res = await db.transaction().execute(async (trx) => {
        const inv = await trx.selectFrom('invoices').selectAll().where('tenant_id', '=', w.tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!inv) throw notFound();
        const refusal = reversalRefusal(kind, inv, now);
        if (refusal) throw new AppError(409, refusal);
        const pool = await trx.selectFrom('invoice_pools').select('project_id').where('id', '=', inv.pool_id).executeTakeFirstOrThrow();
        const set =
          kind === 'void'
            ? { void_state: 'applying', void_reason: reason, void_approval_id: null, updated_at: now }
            : { red_state: 'applying', red_reason: reason, red_approval_id: null, updated_at: now };
        await trx.updateTable('invoices').set(set).where('id', '=', id).execute();
        return submitRequest(trx, {
          user: w.user,
          tenantId: w.tenantId,
          projectId: pool.project_id,
          type: kind === 'void' ? 'invoice_void' : 'invoice_red_flush',
          payload: { invoice_id: id, business_no: inv.business_no, invoice_no: inv.invoice_no, amount_fen: Number(inv.amount_fen), reason },
          now,
          effects,
          events,
          after,
        });
      });
      publish(deps.bus, db, events);
      await runAfterCommit(after);
      return { ...(await invoices.get(w.tenantId, id)), approval_status: res.status };
    },
  };

  // ── GOA approval effects ──────────────────────────────────────────────────────────────────
  async function target(c: { trx: Db; tenantId: string; payload: Record<string, unknown> }) {
    const invoiceId = typeof c.payload.invoice_id === 'string' ? c.payload.invoice_id : '';
    const inv = await c.trx.selectFrom('invoices').selectAll().where('tenant_id', '=', c.tenantId).where('id', '=', invoiceId).executeTakeFirst();
    // Invoice requests are made at /api/v1/invoices, never from a free-form payload.
    if (!inv) throw new AppError(400, 'invoices.request_direct');
    return inv;
  }

  const notifyApplicant = (c: DecisionContext, key: string, invoiceId: string, businessNo: string) => {
    const port = deps.notify;
    if (!port) return;
    c.env.afterCommit(async () => {
      await port.notify({
        tenantId: c.request.tenant_id,
        projectId: null,
        userIds: [c.request.requester_id],
        category: 'billing',
        messageKey: `invoices:notify.${key}`,
        params: { business_no: businessNo },
        link: `/receiptManage/invoiceDetail/${invoiceId}`,
        refId: invoiceId,
      });
    });
  };

  const applyEffect: ApprovalEffect = {
    async submit(c) {
      const inv = await target({ trx: c.trx, tenantId: c.tenantId, payload: c.payload });
      if (inv.state !== 'goa_pending' || inv.approval_id) throw new AppError(400, 'invoices.request_direct');
      await c.trx.updateTable('invoices').set({ approval_id: c.requestId }).where('id', '=', inv.id).execute();
      return { targetId: inv.id, estimatedCostFen: Number(inv.amount_fen), resourceName: inv.business_no };
    },
    async approve(c) {
      const inv = await target({ trx: c.trx, tenantId: c.request.tenant_id, payload: c.request.payload });
      // GOA approved: the (simulated) tax system issues at once.
      const seq = await c.trx
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('invoice_no', 'is not', null)
        .executeTakeFirstOrThrow();
      const no = invoiceNumberOf(Number(seq.n) + 10_000_001);
      await c.trx
        .updateTable('invoices')
        .set({
          state: 'issued',
          invoice_code: `0${shanghaiDay(c.now).slice(0, 4)}11${'00'}${Number(seq.n) % 10}00`,
          invoice_no: no,
          issued_at: c.now,
          updated_at: c.now,
        })
        .where('id', '=', inv.id)
        .execute();
      await c.trx
        .updateTable('bill_checks')
        .set({ state: 'invoiced' })
        .where('tenant_id', '=', inv.tenant_id)
        .where('id', 'in', inv.bill_ids as string[])
        .execute();
      const due = new Date(c.now.getTime() + 30 * 86_400_000);
      await c.trx
        .insertInto('ar_documents')
        .values({
          id: newId(),
          tenant_id: inv.tenant_id,
          invoice_id: inv.id,
          doc_no: `AR${dayCompact(c.now)}${inv.id.slice(0, 6).toUpperCase()}`,
          amount_fen: Number(inv.amount_fen),
          state: 'open',
          due_date: shanghaiDay(due),
          created_at: c.now,
          updated_at: c.now,
        })
        .execute();
      notifyApplicant(c, 'issued', inv.id, inv.business_no);
      return { status: 'approved' };
    },
    async reject(c) {
      const inv = await target({ trx: c.trx, tenantId: c.request.tenant_id, payload: c.request.payload });
      await c.trx.updateTable('invoices').set({ state: 'goa_rejected', updated_at: c.now }).where('id', '=', inv.id).execute();
      await c.trx
        .updateTable('bill_checks')
        .set({ state: 'confirmed' })
        .where('tenant_id', '=', inv.tenant_id)
        .where('id', 'in', inv.bill_ids as string[])
        .where('state', '=', 'invoice_applied')
        .execute();
      notifyApplicant(c, 'rejected', inv.id, inv.business_no);
    },
  };

  const reversalEffect = (kind: Reversal): ApprovalEffect => {
    const col = kind === 'void' ? 'void' : 'red';
    return {
      async submit(c) {
        const inv = await target({ trx: c.trx, tenantId: c.tenantId, payload: c.payload });
        if (inv[`${col}_state`] !== 'applying' || inv[`${col}_approval_id`]) throw new AppError(400, 'invoices.request_direct');
        await c.trx
          .updateTable('invoices')
          .set(kind === 'void' ? { void_approval_id: c.requestId } : { red_approval_id: c.requestId })
          .where('id', '=', inv.id)
          .execute();
        return { targetId: inv.id, estimatedCostFen: Number(inv.amount_fen), resourceName: inv.business_no };
      },
      async approve(c) {
        const inv = await target({ trx: c.trx, tenantId: c.request.tenant_id, payload: c.request.payload });
        await c.trx
          .updateTable('invoices')
          .set(
            kind === 'void'
              ? { void_state: 'succeeded', void_at: c.now, updated_at: c.now }
              : { red_state: 'succeeded', red_at: c.now, red_invoice_no: invoiceNumberOf(Number.parseInt(inv.id.slice(0, 7), 16)), updated_at: c.now },
          )
          .where('id', '=', inv.id)
          .execute();
        // The bills may be invoiced again; the receivable is cancelled.
        await c.trx
          .updateTable('bill_checks')
          .set({ state: 'confirmed' })
          .where('tenant_id', '=', inv.tenant_id)
          .where('id', 'in', inv.bill_ids as string[])
          .execute();
        await c.trx.updateTable('ar_documents').set({ state: 'cancelled', updated_at: c.now }).where('invoice_id', '=', inv.id).execute();
        notifyApplicant(c, `${kind}_done`, inv.id, inv.business_no);
        return { status: 'approved' };
      },
      async reject(c) {
        const inv = await target({ trx: c.trx, tenantId: c.request.tenant_id, payload: c.request.payload });
        await c.trx
          .updateTable('invoices')
          .set(kind === 'void' ? { void_state: 'goa_rejected', updated_at: c.now } : { red_state: 'goa_rejected', updated_at: c.now })
          .where('id', '=', inv.id)
          .execute();
      },
    };
  };

  const ownEffects: ApprovalEffects = { invoice_apply: applyEffect, invoice_void: reversalEffect('void'), invoice_red_flush: reversalEffect('red_flush') };

  // ── history, GOA records, AR documents ────────────────────────────────────────────────────
  async function approvals(tenantId: string) {
    return db
      .selectFrom('approval_requests')
      .innerJoin('users', 'users.id', 'approval_requests.requester_id')
      .leftJoin('users as decider', 'decider.id', 'approval_requests.decided_by')
      .select([
        'approval_requests.id',
        'approval_requests.type',
        'approval_requests.status',
        'approval_requests.title',
        'approval_requests.target_id',
        'approval_requests.estimated_cost_fen as amount_fen',
        'approval_requests.created_at',
        'approval_requests.decided_at',
        'approval_requests.reject_reason',
        'users.nickname as requester_name',
        'decider.nickname as decider_name',
      ])
      .where('approval_requests.tenant_id', '=', tenantId)
      .where('approval_requests.type', 'in', ['invoice_apply', 'invoice_void', 'invoice_red_flush'])
      .orderBy('approval_requests.created_at', 'desc')
      .execute();
  }

  const arDocs = {
    list: (tenantId: string) =>
      db
        .selectFrom('ar_documents')
        .innerJoin('invoices', 'invoices.id', 'ar_documents.invoice_id')
        .selectAll('ar_documents')
        .select(['invoices.business_no', 'invoices.invoice_no'])
        .where('ar_documents.tenant_id', '=', tenantId)
        .orderBy('ar_documents.created_at', 'desc')
        .execute(),
    async get(tenantId: string, id: string) {
      const row = (await arDocs.list(tenantId)).find((r) => r.id === id);
      if (!row) throw notFound();
      return row;
    },
  };

  return {
    infos,
    pools,
    invoices,
    billRows,
    approvals,
    arDocs,
    /** the approval effects of the invoice request types (merged with the engine's in the composition root) */
    effects: ownEffects,
    /** the full effects the approval service uses (set by the composition root, so applications submit through the same registry) */
    useEffects(all: ApprovalEffects) {
      effects = all;
    },
  };
}
export type InvoiceService = ReturnType<typeof invoiceService>;
