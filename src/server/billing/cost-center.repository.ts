// The cost centre's SQL: the tenant's account row, its paid recharges and warning flag, and the
// tenant administrators it tells. Every function takes the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';

export type Exec = Kysely<Database>;

/** The tenant's account, opened on first sight. */
export async function accountRow(ex: Exec, tenantId: string) {
  await ex
    .insertInto('cost_accounts')
    .values({ tenant_id: tenantId, opened_at: new Date(), updated_at: new Date() })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  return ex.selectFrom('cost_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

export async function paidSum(ex: Exec, tenantId: string) {
  const paid = await ex
    .selectFrom('recharges')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('sum'))
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(paid.sum);
}

/** Sets the warned flag if it was the other way; true when this call flipped it. */
export async function flipWarned(ex: Exec, tenantId: string, warned: boolean) {
  const r = await ex
    .updateTable('cost_accounts')
    .set({ warned, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('warned', '=', !warned)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function tenantAdmins(ex: Exec, tenantId: string) {
  const rows = await ex.selectFrom('memberships').select('user_id').where('tenant_id', '=', tenantId).where('role', '=', 'tenant_admin').execute();
  return rows.map((m) => m.user_id);
}

/** A new threshold, which re-arms the warning. */
export async function saveThreshold(ex: Exec, tenantId: string, fen: number | null) {
  await ex.updateTable('cost_accounts').set({ warn_threshold_fen: fen, warned: false, updated_at: new Date() }).where('tenant_id', '=', tenantId).execute();
}

/** Marks a pending recharge of that amount paid; its tenant when it was still pending. */
export async function markPaid(ex: Exec, n: { trade_id: string; amount_fen: number; gateway_trade_no: string; paid_at: Date }) {
  const row = await ex
    .updateTable('recharges')
    .set({ state: 'paid', gateway_trade_no: n.gateway_trade_no, paid_at: n.paid_at })
    .where('id', '=', n.trade_id)
    .where('amount_fen', '=', n.amount_fen)
    .where('state', '=', 'pending')
    .returning(['tenant_id'])
    .executeTakeFirst();
  return row?.tenant_id;
}

export async function insertRecharge(ex: Exec, r: { id: string; tenant_id: string; user_id: string; amount_fen: number; created_at: Date }) {
  await ex
    .insertInto('recharges')
    .values({ ...r, state: 'pending' })
    .execute();
}

export function rechargesOf(ex: Exec, tenantId: string, limit: number, offset: number) {
  return ex.selectFrom('recharges').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').limit(limit).offset(offset).execute();
}

export function rechargeById(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('recharges').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
