// The cost centre (issue 13): a tenant's balance is its opening balance plus paid recharges minus
// what its bills consumed since the account opened (rated like every bill); available = balance +
// credit. Recharges go through the payment gateway and count once its signed notice arrives
// (replays change nothing). When the available amount falls below the warning threshold, the
// tenant admins are told once (site message through the notify port) until it rises above again.
import { AppError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { fenToYuan } from '../../domain/pricing.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { BillService } from './bill.service.ts';
import type { PaymentGateway, PaymentNotice } from './payment-gateway.ts';
import * as repo from './cost-center.repository.ts';

export interface CostCenterDeps {
  db: Db;
  bills: BillService;
  gateway: PaymentGateway;
  notify: NotifyPort;
  log: { error: (o: object, m: string) => void };
}

export async function account(deps: CostCenterDeps, tenantId: string, now = new Date()) {
  const row = await repo.accountRow(deps.db, tenantId);
  const paid = await repo.paidSum(deps.db, tenantId);
  const consumed = deps.bills.total(await deps.bills.lines({ tenantId, projectId: null }, shanghaiDay(row.opened_at), shanghaiDay(now), now)).amount_fen;
  const balance = Number(row.opening_fen) + paid - consumed;
  const credit = Number(row.credit_fen);
  return {
    balance_fen: balance,
    credit_fen: credit,
    available_fen: balance + credit,
    consumed_fen: consumed,
    recharged_fen: paid,
    warn_threshold_fen: row.warn_threshold_fen === null ? null : Number(row.warn_threshold_fen),
    warned: row.warned,
    opened_at: row.opened_at,
  };
}

type Account = Awaited<ReturnType<typeof account>>;

/** Flips the warned flag and, when it turns on, tells the tenant admins: one transaction. */
async function flipAndTell(deps: CostCenterDeps, tenantId: string, a: Account, below: boolean) {
  // The flip and the message are one transaction: a concurrent check (a payment notice arriving
  // while the threshold is saved) waits on the row and finds the message already written.
  await deps.db.transaction().execute(async (trx) => {
    const flipped = await repo.flipWarned(trx, tenantId, below);
    if (!below || !flipped) return;
    const admins = await repo.tenantAdmins(trx, tenantId);
    await deps.notify.notify(
      {
        tenantId,
        projectId: null,
        userIds: admins,
        category: 'billing',
        messageKey: 'billing:messages.low_balance',
        params: { available: fenToYuan(a.available_fen), threshold: fenToYuan(a.warn_threshold_fen!) },
        link: '/costCenter',
        refId: tenantId,
      },
      trx,
    );
  });
}

/** Tells the tenant admins once when the available amount is below the threshold; re-arms above it. */
export async function checkThreshold(deps: CostCenterDeps, tenantId: string) {
  const a = await account(deps, tenantId);
  if (a.warn_threshold_fen === null) return a;
  const below = a.available_fen < a.warn_threshold_fen;
  if (below === a.warned) return a;
  await flipAndTell(deps, tenantId, a, below);
  return { ...a, warned: below };
}

export async function setThreshold(deps: CostCenterDeps, tenantId: string, fen: number | null) {
  const row = await repo.accountRow(deps.db, tenantId);
  // A new threshold re-arms the warning; saving the same one again does not tell anyone twice.
  const same = (row.warn_threshold_fen === null ? null : Number(row.warn_threshold_fen)) === fen;
  if (!same) await repo.saveThreshold(deps.db, tenantId, fen);
  return checkThreshold(deps, tenantId);
}

/** A paid notice from the gateway: verified, then counted once. */
export async function settle(deps: CostCenterDeps, n: PaymentNotice) {
  if (!deps.gateway.verify(n)) throw new AppError(400, 'billing.bad_signature');
  const tenantId = await repo.markPaid(deps.db, { ...n, paid_at: new Date(n.paid_at) });
  if (tenantId) await checkThreshold(deps, tenantId);
  return { ok: true };
}

export async function recharge(deps: CostCenterDeps, tenantId: string, userId: string, amountFen: number) {
  await repo.accountRow(deps.db, tenantId);
  const id = newId();
  const created_at = new Date();
  await repo.insertRecharge(deps.db, { id, tenant_id: tenantId, user_id: userId, amount_fen: amountFen, created_at });
  deps.gateway.pay(id, amountFen, async (n) => {
    try {
      await settle(deps, n);
    } catch (err) {
      deps.log.error({ err, recharge: id }, 'payment notice failed');
    }
  });
  return { id, amount_fen: amountFen, state: 'pending', created_at };
}

export function costCenterService(deps: CostCenterDeps) {
  return {
    account: (tenantId: string, now?: Date) => account(deps, tenantId, now),
    checkThreshold: (tenantId: string) => checkThreshold(deps, tenantId),
    setThreshold: (tenantId: string, fen: number | null) => setThreshold(deps, tenantId, fen),
    recharge: (tenantId: string, userId: string, amountFen: number) => recharge(deps, tenantId, userId, amountFen),
    settle: (n: PaymentNotice) => settle(deps, n),
    recharges: (tenantId: string, limit: number, offset: number) => repo.rechargesOf(deps.db, tenantId, limit, offset),
    rechargeById: (tenantId: string, id: string) => repo.rechargeById(deps.db, tenantId, id),
  };
}
export type CostCenterService = ReturnType<typeof costCenterService>;
