// The cost centre (issue 13): a tenant's balance is its opening balance plus paid recharges minus
// what its bills consumed since the account opened (rated like every bill); available = balance +
// credit. Recharges go through the payment gateway and count once its signed notice arrives
// (replays change nothing). When the available amount falls below the warning threshold, the
// tenant admins are told once (site message through the notify port) until it rises above again.
import { AppError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { fenToYuan } from '../../domain/pricing.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import type { Db } from '../db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { BillService } from './bill.service.ts';
import type { PaymentGateway, PaymentNotice } from './payment-gateway.ts';

export function costCenterService(deps: {
  db: Db;
  bills: BillService;
  gateway: PaymentGateway;
  notify: NotifyPort;
  log: { error: (o: object, m: string) => void };
}) {
  const { db, bills, gateway } = deps;

  async function accountRow(tenantId: string) {
    await db
      .insertInto('cost_accounts')
      .values({ tenant_id: tenantId, opened_at: new Date(), updated_at: new Date() })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
    return db.selectFrom('cost_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  }

  async function account(tenantId: string, now = new Date()) {
    const row = await accountRow(tenantId);
    const paid = await db
      .selectFrom('recharges')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('sum'))
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'paid')
      .executeTakeFirstOrThrow();
    const consumed = bills.total(await bills.lines({ tenantId, projectId: null }, shanghaiDay(row.opened_at), shanghaiDay(now), now)).amount_fen;
    const balance = Number(row.opening_fen) + Number(paid.sum) - consumed;
    const credit = Number(row.credit_fen);
    return {
      balance_fen: balance,
      credit_fen: credit,
      available_fen: balance + credit,
      consumed_fen: consumed,
      recharged_fen: Number(paid.sum),
      warn_threshold_fen: row.warn_threshold_fen === null ? null : Number(row.warn_threshold_fen),
      warned: row.warned,
      opened_at: row.opened_at,
    };
  }

  /** Tells the tenant admins once when the available amount is below the threshold; re-arms above it. */
  async function checkThreshold(tenantId: string) {
    const a = await account(tenantId);
    if (a.warn_threshold_fen === null) return a;
    const below = a.available_fen < a.warn_threshold_fen;
    if (below === a.warned) return a;
    // The flip and the message are one transaction: a concurrent check (a payment notice arriving
    // while the threshold is saved) waits on the row and finds the message already written.
    await db.transaction().execute(async (trx) => {
      const flipped = await trx
        .updateTable('cost_accounts')
        .set({ warned: below, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('warned', '=', !below)
        .executeTakeFirst();
      if (!below || Number(flipped.numUpdatedRows) !== 1) return;
      const admins = await trx.selectFrom('memberships').select('user_id').where('tenant_id', '=', tenantId).where('role', '=', 'tenant_admin').execute();
      await deps.notify.notify(
        {
          tenantId,
          projectId: null,
          userIds: admins.map((m) => m.user_id),
          category: 'billing',
          messageKey: 'billing:messages.low_balance',
          params: { available: fenToYuan(a.available_fen), threshold: fenToYuan(a.warn_threshold_fen!) },
          link: '/costCenter',
          refId: tenantId,
        },
        trx,
      );
    });
    return { ...a, warned: below };
  }

  async function setThreshold(tenantId: string, fen: number | null) {
    const row = await accountRow(tenantId);
    // A new threshold re-arms the warning; saving the same one again does not tell anyone twice.
    const same = (row.warn_threshold_fen === null ? null : Number(row.warn_threshold_fen)) === fen;
    if (!same)
      await db.updateTable('cost_accounts').set({ warn_threshold_fen: fen, warned: false, updated_at: new Date() }).where('tenant_id', '=', tenantId).execute();
    return checkThreshold(tenantId);
  }

  /** A paid notice from the gateway: verified, then counted once. */
  async function settle(n: PaymentNotice) {
    if (!gateway.verify(n)) throw new AppError(400, 'billing.bad_signature');
    const row = await db
      .updateTable('recharges')
      .set({ state: 'paid', gateway_trade_no: n.gateway_trade_no, paid_at: new Date(n.paid_at) })
      .where('id', '=', n.trade_id)
      .where('amount_fen', '=', n.amount_fen)
      .where('state', '=', 'pending')
      .returning(['tenant_id'])
      .executeTakeFirst();
    if (row) await checkThreshold(row.tenant_id);
    return { ok: true };
  }

  async function recharge(tenantId: string, userId: string, amountFen: number) {
    await accountRow(tenantId);
    const id = newId();
    const created_at = new Date();
    await db.insertInto('recharges').values({ id, tenant_id: tenantId, user_id: userId, amount_fen: amountFen, state: 'pending', created_at }).execute();
    gateway.pay(id, amountFen, async (n) => {
      try {
        await settle(n);
      } catch (err) {
        deps.log.error({ err, recharge: id }, 'payment notice failed');
      }
    });
    return { id, amount_fen: amountFen, state: 'pending', created_at };
  }

  const recharges = (tenantId: string, limit: number, offset: number) =>
    db.selectFrom('recharges').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').limit(limit).offset(offset).execute();
  const rechargeById = (tenantId: string, id: string) =>
    db.selectFrom('recharges').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();

  return { account, checkThreshold, setThreshold, recharge, settle, recharges, rechargeById };
}
export type CostCenterService = ReturnType<typeof costCenterService>;
