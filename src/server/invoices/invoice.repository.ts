// The SQL of invoices and contracts (issue 13, ADR 0025): invoice information, pools, invoices and
// the bills they hold, AR documents, the GOA records of invoice requests, contracts, and the demo
// seed's inserts. Every function takes the executor first (the app's Kysely or an open
// transaction) and binds its rows to one tenant wherever the caller names one.
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { INVOICE_REQUEST_TYPES } from '../../domain/approvals/approval-status.ts';

export type Exec = Kysely<Database>;
type Row<T extends keyof Database> = Insertable<Database[T]>;

export const LIVE_STATES = ['goa_pending', 'goa_approved', 'issued'];

/** An invoice still holding its bills: under approval or issued, and not voided or red-flushed. */
const liveWhere = (eb: any) =>
  eb.and([
    eb('invoices.state', 'in', LIVE_STATES),
    eb.or([eb('invoices.void_state', 'is', null), eb('invoices.void_state', '!=', 'succeeded')]),
    eb.or([eb('invoices.red_state', 'is', null), eb('invoices.red_state', '!=', 'succeeded')]),
  ]);

// ── invoice information ─────────────────────────────────────────────────────────────────────
export function infosOf(ex: Exec, tenantId: string) {
  return ex.selectFrom('invoice_infos').selectAll().where('tenant_id', '=', tenantId).orderBy('is_default', 'desc').orderBy('created_at', 'desc').execute();
}

export function infoById(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('invoice_infos').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function lockInfo(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('invoice_infos').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function infoCount(ex: Exec, tenantId: string): Promise<number> {
  const row = await ex
    .selectFrom('invoice_infos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearDefaultInfo(ex: Exec, tenantId: string): Promise<void> {
  await ex.updateTable('invoice_infos').set({ is_default: false }).where('tenant_id', '=', tenantId).execute();
}

export function updateInfo(ex: Exec, id: string, set: Updateable<Database['invoice_infos']>) {
  return ex.updateTable('invoice_infos').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function insertInfo(ex: Exec, row: Row<'invoice_infos'>) {
  return ex.insertInto('invoice_infos').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The party a contract template names: the tenant's default invoice information. */
export function defaultParty(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('invoice_infos')
    .select(['company_name', 'taxpayer_no', 'address', 'phone', 'bank_name', 'bank_account'])
    .where('tenant_id', '=', tenantId)
    .orderBy('is_default', 'desc')
    .executeTakeFirst();
}

// ── pools ───────────────────────────────────────────────────────────────────────────────────
export function poolsOf(ex: Exec, tenantId: string) {
  return ex
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
}

/** Per pool: how many live invoices and their amount. */
export function liveSumsByPool(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('invoices')
    .select(['pool_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount_fen').as('amount')])
    .where('tenant_id', '=', tenantId)
    .where((eb) => liveWhere(eb))
    .groupBy('pool_id')
    .execute();
}

export function poolById(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('invoice_pools').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function anyPoolOf(ex: Exec, tenantId: string) {
  return ex.selectFrom('invoice_pools').select('id').where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function poolName(ex: Exec, id: string) {
  return ex.selectFrom('invoice_pools').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function poolProject(ex: Exec, id: string) {
  return ex.selectFrom('invoice_pools').select('project_id').where('id', '=', id).executeTakeFirstOrThrow();
}

// ── invoices ────────────────────────────────────────────────────────────────────────────────
/** Every invoice of the tenant with the bills it names (the bills' invoicing columns). */
export function invoiceHoldings(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('invoices')
    .select(['id', 'bill_ids', 'business_no', 'state', 'void_state', 'red_state', 'invoice_no'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

const withApplicant = (ex: Exec, tenantId: string) =>
  ex
    .selectFrom('invoices')
    .leftJoin('users', 'users.id', 'invoices.applicant_id')
    .selectAll('invoices')
    .select('users.nickname as applicant_name')
    .where('invoices.tenant_id', '=', tenantId);

export function invoicesOf(ex: Exec, tenantId: string, f: { pool_id?: string; state?: string } = {}) {
  let q = withApplicant(ex, tenantId);
  if (f.pool_id) q = q.where('invoices.pool_id', '=', f.pool_id);
  if (f.state) q = q.where('invoices.state', '=', f.state);
  return q.orderBy('invoices.created_at', 'desc').orderBy('invoices.id').execute();
}

export function invoiceWithApplicant(ex: Exec, tenantId: string, id: string) {
  return withApplicant(ex, tenantId).where('invoices.id', '=', id).executeTakeFirst();
}

export function invoiceById(ex: Exec, tenantId: string, id: string, lock = false) {
  const q = ex.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof invoiceById>>>;

export function approvalsOfTarget(ex: Exec, tenantId: string, targetId: string) {
  return ex
    .selectFrom('approval_requests')
    .select(['id', 'type', 'status', 'created_at', 'decided_at', 'reject_reason'])
    .where('tenant_id', '=', tenantId)
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();
}

export function arDocsOfInvoice(ex: Exec, tenantId: string, invoiceId: string) {
  return ex.selectFrom('ar_documents').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', invoiceId).execute();
}

export function billChecksByIds(ex: Exec, tenantId: string, ids: string[]) {
  return ex.selectFrom('bill_checks').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

export function lockBillChecks(ex: Exec, ids: string[]) {
  return ex.selectFrom('bill_checks').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** A live invoice of the tenant that already holds one of the bills. */
export function liveHolderOf(ex: Exec, tenantId: string, billIds: string[]) {
  return ex
    .selectFrom('invoices')
    .select('bill_ids')
    .where('tenant_id', '=', tenantId)
    .where((eb) => liveWhere(eb))
    .where(sql<SqlBool>`bill_ids ?| array[${sql.join(billIds)}]::text[]`)
    .executeTakeFirst();
}

export async function insertInvoice(ex: Exec, row: Row<'invoices'>): Promise<void> {
  await ex.insertInto('invoices').values(row).execute();
}

export async function updateInvoice(ex: Exec, id: string, set: Updateable<Database['invoices']>): Promise<void> {
  await ex.updateTable('invoices').set(set).where('id', '=', id).execute();
}

/** How many invoices have a number (the simulated tax system's sequence). */
export async function issuedCount(ex: Exec): Promise<number> {
  const row = await ex
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invoice_no', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Confirmed bills become "applied for" by the applicant. */
export async function markBillsApplied(ex: Exec, ids: string[], userId: string, now: Date): Promise<void> {
  await ex
    .updateTable('bill_checks')
    .set({ state: 'invoice_applied', submitted_at: now, submitted_by: userId })
    .where('id', 'in', ids)
    .where('state', '=', 'confirmed')
    .execute();
}

/** Sets the tenant's bills' state; with `from`, only those in that state. */
export async function setBillStates(ex: Exec, tenantId: string, ids: string[], state: string, from?: string): Promise<void> {
  let q = ex.updateTable('bill_checks').set({ state }).where('tenant_id', '=', tenantId).where('id', 'in', ids);
  if (from) q = q.where('state', '=', from);
  await q.execute();
}

// ── AR documents and GOA records ────────────────────────────────────────────────────────────
export async function insertArDocument(ex: Exec, row: Row<'ar_documents'>): Promise<void> {
  await ex.insertInto('ar_documents').values(row).execute();
}

export async function cancelArDocuments(ex: Exec, invoiceId: string, now: Date): Promise<void> {
  await ex.updateTable('ar_documents').set({ state: 'cancelled', updated_at: now }).where('invoice_id', '=', invoiceId).execute();
}

export function arDocsOf(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('ar_documents')
    .innerJoin('invoices', 'invoices.id', 'ar_documents.invoice_id')
    .selectAll('ar_documents')
    .select(['invoices.business_no', 'invoices.invoice_no'])
    .where('ar_documents.tenant_id', '=', tenantId)
    .orderBy('ar_documents.created_at', 'desc')
    .execute();
}

/** The tenant's invoice requests (apply, void, red-flush), newest first. */
export function invoiceApprovals(ex: Exec, tenantId: string) {
  return ex
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
    .where('approval_requests.type', 'in', [...INVOICE_REQUEST_TYPES])
    .orderBy('approval_requests.created_at', 'desc')
    .execute();
}

// ── contracts ───────────────────────────────────────────────────────────────────────────────
const CONTRACT_COLUMNS = [
  'id',
  'contract_no',
  'party_name',
  'signing_period',
  'bill_month',
  'start_at',
  'end_at',
  'status',
  'contact',
  'phone',
  'address',
  'email',
  'protocol_name',
  'protocol_size',
  'protocol_uploaded_at',
  'created_at',
  'updated_at',
] as const;

export function contractsOf(ex: Exec, tenantId: string) {
  return ex.selectFrom('contracts').select(CONTRACT_COLUMNS).where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export function contractById(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('contracts').select(CONTRACT_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function insertContract(ex: Exec, row: Row<'contracts'>): Promise<void> {
  await ex.insertInto('contracts').values(row).execute();
}

export async function updateContract(ex: Exec, tenantId: string, id: string, set: Updateable<Database['contracts']>): Promise<void> {
  await ex.updateTable('contracts').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function contractProtocol(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('contracts').select(['protocol_name', 'protocol_pdf']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function tenantName(ex: Exec, tenantId: string) {
  return ex.selectFrom('tenants').select(['name']).where('id', '=', tenantId).executeTakeFirstOrThrow();
}

// ── the demo seed ───────────────────────────────────────────────────────────────────────────
export async function anyInvoiceInfo(ex: Exec): Promise<boolean> {
  return !!(await ex.selectFrom('invoice_infos').select('id').limit(1).executeTakeFirst());
}

/** The demo's tenant, project, administrator and approver the invoices belong to. */
export async function seedAnchors(ex: Exec, tenant: string, project: string, accounts: [string, string]) {
  const t = await ex.selectFrom('tenants').select('id').where('name', '=', tenant).executeTakeFirst();
  const p = await ex.selectFrom('projects').select(['id', 'tenant_id']).where('name', '=', project).executeTakeFirst();
  const users = await ex.selectFrom('users').select(['id', 'account', 'nickname']).where('account', 'in', accounts).execute();
  return { tenant: t, project: p, users };
}

export interface SeedRows {
  infos: Row<'invoice_infos'>[];
  pool: Row<'invoice_pools'>;
  process: Row<'approval_processes'>;
  checks: Row<'bill_checks'>[];
  requests: Row<'approval_requests'>[];
  actions: Row<'approval_actions'>[];
  invoices: Row<'invoices'>[];
  ars: Row<'ar_documents'>[];
  contracts: Row<'contracts'>[];
}

export async function insertSeedRows(ex: Exec, r: SeedRows): Promise<void> {
  await ex.insertInto('invoice_infos').values(r.infos).execute();
  await ex.insertInto('invoice_pools').values(r.pool).execute();
  await ex.insertInto('approval_processes').values(r.process).execute();
  await ex
    .insertInto('bill_checks')
    .values(r.checks)
    .onConflict((oc) => oc.columns(['tenant_id', 'month']).doNothing())
    .execute();
  await ex.insertInto('approval_requests').values(r.requests).execute();
  await ex.insertInto('approval_actions').values(r.actions).execute();
  await ex.insertInto('invoices').values(r.invoices).execute();
  await ex.insertInto('ar_documents').values(r.ars).execute();
  await ex.insertInto('contracts').values(r.contracts).execute();
}
