// All SQL of the approvals slice: requests and their actions, processes, delegations, the users
// they name. Every function takes the executor first (the app's Kysely or an open transaction), so
// a decision's reads and writes commit together. Services decide; this module only reads and writes.
import { sql, type QueryCreator, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Updateable, type Insertable } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { OPEN_STATUSES, type RequestType } from '../../domain/approvals/approval-status.ts';
import type { Access } from '../platform/auth/tenancy.repository.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';

export type Exec = Kysely<Database>;

export interface UserRef {
  id: string;
  account: string;
  nickname: string;
}

export interface Delegator {
  tenant_id: string;
  delegator_id: string;
}

type RequestTable = Database['approval_requests'];
type ActionTable = Database['approval_actions'];

const jsonHas = (column: string, id: string) => sql<SqlBool>`${sql.ref(column)} @> ${JSON.stringify([id])}::jsonb`;
const unique = (ids: Iterable<string>) => [...new Set(ids)];

// ── requests ──────────────────────────────────────────────────────────────────────────────────

/** One request, locked FOR UPDATE when `lock`. */
export async function requestById(db: Exec, id: string, lock = false) {
  let qb = db.selectFrom('approval_requests').selectAll().where('id', '=', id);
  if (lock) qb = qb.forUpdate();
  return qb.executeTakeFirst();
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestById>>>;

/** Several requests; with `lock`, locked FOR UPDATE in id order (two batches over the same requests cannot deadlock). */
export async function requestsByIds(db: Exec, ids: string[], lock = false): Promise<RequestRow[]> {
  if (!ids.length) return [];
  let qb = db.selectFrom('approval_requests').selectAll().where('id', 'in', unique(ids));
  if (lock) qb = qb.orderBy('id').forUpdate();
  return qb.execute();
}

export async function insertRequest(db: Exec, row: Insertable<RequestTable>): Promise<void> {
  await db.insertInto('approval_requests').values(row).execute();
}

export async function updateRequest(db: Exec, id: string, set: Updateable<RequestTable>): Promise<void> {
  await db.updateTable('approval_requests').set(set).where('id', '=', id).execute();
}

export async function insertActions(db: Exec, rows: Insertable<ActionTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('approval_actions').values(rows).execute();
}

const MESSAGES_INLINE = 200;

/**
 * What one decision writes, in ONE statement: its history rows and site messages (data-modifying
 * WITHs) and the request's new state. `messages` beyond one statement's share go in their own.
 */
export async function writeDecision(
  db: Exec,
  requestId: string,
  set: Updateable<RequestTable>,
  actions: Insertable<ActionTable>[],
  messages: Insertable<Database['site_messages']>[],
): Promise<void> {
  // A long list of recipients (an escalation to a large tenant's admins) keeps its own statements.
  const inline = messages.length <= MESSAGES_INLINE ? messages : [];
  for (let i = 0; i < messages.length && !inline.length; i += MESSAGES_INLINE)
    await db
      .insertInto('site_messages')
      .values(messages.slice(i, i + MESSAGES_INLINE))
      .execute();
  // The WITHs widen the builder's tables; the UPDATE names only the base table.
  let qc = db as QueryCreator<Database>;
  if (actions.length) qc = qc.with('decision_actions', (d) => d.insertInto('approval_actions').values(actions)) as unknown as QueryCreator<Database>;
  if (inline.length) qc = qc.with('decision_messages', (d) => d.insertInto('site_messages').values(inline)) as unknown as QueryCreator<Database>;
  await qc.updateTable('approval_requests').set(set).where('id', '=', requestId).execute();
}

export async function actionsOf(db: Exec, requestId: string) {
  return db.selectFrom('approval_actions').selectAll().where('request_id', '=', requestId).orderBy('created_at').orderBy('id').execute();
}

/** Open requests waiting at their level longer than its limit, oldest first. */
export async function overdueRequestIds(db: Exec, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('approval_requests')
    .select('id')
    .where('status', 'in', [...OPEN_STATUSES])
    .where('escalated_to_admins', '=', false)
    .where('escalate_after_hours', 'is not', null)
    .where(sql<SqlBool>`level_entered_at + escalate_after_hours * interval '1 hour' <= ${now}`)
    .orderBy('level_entered_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Requests whose deferred effect is due, soonest first. */
export async function dueIssuingIds(db: Exec, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('approval_requests')
    .select('id')
    .where('status', '=', 'issuing')
    .where('effective_at', '<=', now)
    .orderBy('effective_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The row locked for this process, or undefined when another holds it (SKIP LOCKED) or, with `status`, it moved on. */
export async function lockRequestSkipping(db: Exec, id: string, status?: string) {
  let qb = db.selectFrom('approval_requests').selectAll().where('id', '=', id);
  if (status) qb = qb.where('status', '=', status);
  return qb.forUpdate().skipLocked().executeTakeFirst();
}

// ── who sees and decides ──────────────────────────────────────────────────────────────────────

/** The delegations of `userId` as a deputy, active at `now` (a column of `requestForCaller`). */
const delegatorsColumn = (userId: string, now: Date) =>
  sql<
    Delegator[]
  >`coalesce((select json_agg(json_build_object('tenant_id', d.tenant_id, 'delegator_id', d.delegator_id)) from approval_delegations d where d.delegate_id = ${userId} and d.starts_at <= ${now} and d.ends_at > ${now}), '[]'::json)`;
/** The active deputies of the request's current approvers (a column of `requestForCaller`). */
const deputiesColumn = (now: Date) =>
  sql<
    string[]
  >`coalesce((select json_agg(d.delegate_id order by d.id) from approval_delegations d where d.tenant_id = approval_requests.tenant_id and approval_requests.current_approver_ids @> jsonb_build_array(d.delegator_id) and d.starts_at <= ${now} and d.ends_at > ${now}), '[]'::json)`;

/** The active deputies of the approvers of the request's next level (a column of `requestForCaller`; levels count from 1, the array from 0). */
const nextDeputiesColumn = (now: Date) =>
  sql<
    string[]
  >`coalesce((select json_agg(d.delegate_id order by d.id) from approval_delegations d where d.tenant_id = approval_requests.tenant_id and (approval_requests.levels -> approval_requests.current_level -> 'approver_ids') @> jsonb_build_array(d.delegator_id) and d.starts_at <= ${now} and d.ends_at > ${now}), '[]'::json)`;

/**
 * A request as its caller meets it, in ONE statement: the row (locked FOR UPDATE when `lock`), the
 * delegations that let the caller act for someone now, the active deputies of its current
 * approvers and of its next level's, its requester's name, and the names of its project and
 * tenant. Undefined when there is no such request.
 */
export async function requestForCaller(db: Exec, id: string, userId: string, now: Date, lock = false) {
  let qb = db
    .selectFrom('approval_requests')
    .selectAll()
    .select([
      sql<string>`(select p.name from projects p where p.id = approval_requests.project_id)`.as('__project_name'),
      sql<string | null>`(select p.name_zh from projects p where p.id = approval_requests.project_id)`.as('__project_name_zh'),
      sql<string>`(select t.name from tenants t where t.id = approval_requests.tenant_id)`.as('__tenant_name'),
      sql<string>`(select t.business_type from tenants t where t.id = approval_requests.tenant_id)`.as('__business_type'),
      delegatorsColumn(userId, now).as('__delegators'),
      deputiesColumn(now).as('__deputies'),
      nextDeputiesColumn(now).as('__next_deputies'),
      sql<string | null>`(select u.nickname from users u where u.id = approval_requests.requester_id)`.as('__requester_nickname'),
    ])
    .where('id', '=', id);
  if (lock) qb = qb.forUpdate();
  const r = await qb.executeTakeFirst();
  if (!r) return undefined;
  const { __project_name, __project_name_zh, __tenant_name, __business_type, __delegators, __deputies, __next_deputies, __requester_nickname, ...row } = r;
  const approvers = row.current_approver_ids ?? [];
  const nextApprovers = (row.levels as { approver_ids: string[] }[])[row.current_level]?.approver_ids ?? [];
  return {
    row: row as RequestRow,
    delegators: __delegators,
    deputies: unique(__deputies).filter((d) => !approvers.includes(d)),
    nextDeputies: unique(__next_deputies).filter((d) => !nextApprovers.includes(d)),
    requesterNickname: __requester_nickname,
    project: { name: __project_name, name_zh: __project_name_zh },
    tenant: { name: __tenant_name, business_type: __business_type },
  };
}

/** The delegations that let `userId` act for someone right now. */
export async function activeDelegators(db: Exec, userId: string, now: Date): Promise<Delegator[]> {
  return db
    .selectFrom('approval_delegations')
    .select(['tenant_id', 'delegator_id'])
    .where('delegate_id', '=', userId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
}

/** The active deputies of the given approvers in a tenant (the approvers themselves left out). */
export async function deputiesOf(db: Exec, tenantId: string, approverIds: string[], now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('approval_delegations')
    .select('delegate_id')
    .where('tenant_id', '=', tenantId)
    .where('delegator_id', 'in', approverIds)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
  return unique(rows.map((r) => r.delegate_id)).filter((id) => !approverIds.includes(id));
}

/** Whether the process lets requesters decide their own requests. */
export async function processAllowsSelf(db: Exec, processId: string): Promise<boolean> {
  const p = await db.selectFrom('approval_processes').select('allow_self_approval').where('id', '=', processId).executeTakeFirst();
  return p?.allow_self_approval === true;
}

/** The processes among `ids` that let requesters decide their own requests. */
export async function selfApprovingProcesses(db: Exec, ids: (string | null)[]): Promise<Set<string>> {
  const list = unique(ids.filter((x): x is string => !!x));
  if (!list.length) return new Set();
  const rows = await db.selectFrom('approval_processes').select('id').where('id', 'in', list).where('allow_self_approval', '=', true).execute();
  return new Set(rows.map((r) => r.id));
}

export async function usersByIds(db: Exec, ids: Iterable<string | null | undefined>): Promise<Map<string, UserRef>> {
  const list = unique([...ids].filter((x): x is string => !!x));
  const map = new Map<string, UserRef>();
  if (list.length === 0) return map;
  const rows = await db.selectFrom('users').select(['id', 'account', 'nickname']).where('id', 'in', list).execute();
  for (const r of rows) map.set(r.id, r);
  return map;
}

/** The tenant's admins (escalation past the last level). */
export async function tenantAdminIds(db: Exec, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('project_id', 'is', null)
    .where('role', '=', 'tenant_admin')
    .execute();
  return rows.map((r) => r.user_id);
}

// ── processes ─────────────────────────────────────────────────────────────────────────────────

/** The enabled process of a project (or the tenant's default) that covers `type`, if any. */
export async function findApprovalProcess(db: Exec, tenantId: string, projectId: string, type: RequestType) {
  return db
    .selectFrom('approval_processes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]))
    .where(sql<SqlBool>`request_types @> ${JSON.stringify([type])}::jsonb`)
    .orderBy(sql`project_id is null`)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ── what a request names ──────────────────────────────────────────────────────────────────────

/** The tenant's business type (a finance tenant's production rules are issued at 18:00). */
export async function tenantBusinessType(db: Exec, tenantId: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('business_type').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return row.business_type;
}

export async function projectTenant(db: Exec, projectId: string) {
  return db.selectFrom('projects').select(['id', 'tenant_id']).where('id', '=', projectId).executeTakeFirst();
}
/** The resource a request targets (a rule, a purchase, an expansion), within its tenant. */
export async function targetResource(db: Exec, id: string, tenantId: string) {
  return db
    .selectFrom('resources')
    .select(['id', 'kind', 'name', 'status', 'spec', 'vendor', 'region_id', 'az_id'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

// ── savepoints of the decision batch ──────────────────────────────────────────────────────────

export async function savepoint(trx: Exec): Promise<void> {
  await sql`savepoint decision`.execute(trx);
}
export async function rollbackToSavepoint(trx: Exec): Promise<void> {
  await sql`rollback to savepoint decision`.execute(trx);
}

// ── the list ──────────────────────────────────────────────────────────────────────────────────

const LIST_COLUMNS = [
  'approval_requests.id',
  'approval_requests.type',
  'approval_requests.status',
  'approval_requests.title',
  'approval_requests.payload',
  'approval_requests.tenant_id',
  'tenants.name as tenant_name',
  'approval_requests.project_id',
  'projects.name as project_name',
  'projects.name_zh as project_name_zh',
  'approval_requests.requester_id',
  'requester.account as requester_account',
  'requester.nickname as requester_nickname',
  'approval_requests.estimated_cost_fen',
  'approval_requests.current_level',
  'approval_requests.level_count',
  'approval_requests.current_approver_ids',
  'approval_requests.production',
  'approval_requests.level_entered_at',
  'approval_requests.effective_at',
  'approval_requests.decided_at',
  'approval_requests.created_at',
  'approval_requests.updated_at',
  'approval_requests.process_id',
] as const;

type ListEb = ExpressionBuilder<Database, 'approval_requests'>;

function actingForWhere(eb: ListEb, userId: string, delegators: Delegator[]): Expression<SqlBool>[] {
  const ors: Expression<SqlBool>[] = [jsonHas('approval_requests.current_approver_ids', userId)];
  for (const d of delegators)
    ors.push(eb.and([eb('approval_requests.tenant_id', '=', d.tenant_id), jsonHas('approval_requests.current_approver_ids', d.delegator_id)]));
  return ors;
}

function visibleWhere(eb: ListEb, userId: string, access: Access, delegators: Delegator[]): Expression<SqlBool> {
  if (access.allTenants) return sql<SqlBool>`true`;
  const ors: Expression<SqlBool>[] = [jsonHas('approval_requests.participant_ids', userId), eb('approval_requests.requester_id', '=', userId)];
  const whole = [...access.wholeTenants];
  if (whole.length) ors.push(eb('approval_requests.tenant_id', 'in', whole));
  const projects = [...access.projects.values()].flatMap((s) => [...s]);
  if (projects.length) ors.push(eb('approval_requests.project_id', 'in', projects));
  for (const d of delegators)
    ors.push(eb.and([eb('approval_requests.tenant_id', '=', d.tenant_id), jsonHas('approval_requests.current_approver_ids', d.delegator_id)]));
  return eb.or(ors);
}

/** What the caller may decide now: open, at a level they (or whom they stand in for) approve, not their own request unless its process allows it. */
function mineOpenWhere(eb: ListEb, userId: string, delegators: Delegator[]): Expression<SqlBool> {
  const notOwn = eb.or([
    eb('approval_requests.requester_id', '!=', userId),
    eb.exists(
      eb
        .selectFrom('approval_processes')
        .select(sql`1`.as('one'))
        .whereRef('approval_processes.id', '=', 'approval_requests.process_id')
        .where('approval_processes.allow_self_approval', '=', true),
    ),
  ]);
  return eb.and([eb('approval_requests.status', 'in', [...OPEN_STATUSES]), eb.or(actingForWhere(eb, userId, delegators)), notOwn]);
}

function mineDecidedWhere(eb: ListEb, userId: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('approval_actions')
      .select(sql`1`.as('one'))
      .whereRef('approval_actions.request_id', '=', 'approval_requests.id')
      .where('approval_actions.actor_id', '=', userId)
      .where('approval_actions.action', 'in', ['approved', 'rejected']),
  );
}

/** Which requests a list shows: the caller's inbox (`mine`) or the tenants' requests, always only what they may see. */
export interface RequestFilter {
  userId: string;
  access: Access;
  delegators: Delegator[];
  /** the inbox: open ones the caller may decide, ones they decided, or either */
  mine?: 'open' | 'decided' | 'both';
  statuses?: string[] | null;
  tenantIds?: string[];
  tenantId?: string;
}

/** A row of the list, as LIST_COLUMNS selects it. */
export interface ListedRequest {
  id: string;
  type: string;
  status: string;
  title: string;
  payload: Record<string, unknown>;
  tenant_id: string;
  tenant_name: string;
  project_id: string;
  project_name: string;
  project_name_zh: string | null;
  requester_id: string;
  requester_account: string;
  requester_nickname: string;
  estimated_cost_fen: number | string;
  current_level: number;
  level_count: number;
  current_approver_ids: string[];
  production: boolean;
  level_entered_at: Date;
  effective_at: Date | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
  process_id: string | null;
}

/** One page of requests (lib/list.ts: sort, filters, paging), each mapped by `map`. */
export async function listRequests<T>(db: Exec, f: RequestFilter, query: unknown, spec: ListSpec, map: (r: ListedRequest) => T) {
  let base = db
    .selectFrom('approval_requests')
    .innerJoin('users as requester', 'requester.id', 'approval_requests.requester_id')
    .innerJoin('projects', 'projects.id', 'approval_requests.project_id')
    .innerJoin('tenants', 'tenants.id', 'approval_requests.tenant_id');
  if (f.mine === 'open') base = base.where((eb) => mineOpenWhere(eb, f.userId, f.delegators));
  else if (f.mine === 'decided') base = base.where((eb) => mineDecidedWhere(eb, f.userId));
  else if (f.mine === 'both') base = base.where((eb) => eb.or([mineOpenWhere(eb, f.userId, f.delegators), mineDecidedWhere(eb, f.userId)]));
  if (f.tenantIds) base = base.where('approval_requests.tenant_id', 'in', f.tenantIds);
  if (f.statuses) base = base.where('approval_requests.status', 'in', f.statuses);
  base = base.where((eb) => visibleWhere(eb, f.userId, f.access, f.delegators));
  if (f.tenantId) base = base.where('approval_requests.tenant_id', '=', f.tenantId);
  return runList(base, (qb) => qb.select([...LIST_COLUMNS]), query, spec, map);
}

// ── processes and delegations (their admin screens) ───────────────────────────────────────────

/** Users of these accounts who belong to the tenant (or hold a platform role). */
export async function membersByAccount(db: Exec, tenantId: string, accounts: string[]): Promise<{ found: Map<string, UserRef>; unknown: string[] }> {
  const found = new Map<string, UserRef>();
  if (accounts.length) {
    const rows = await db
      .selectFrom('users')
      .select(['users.id', 'users.account', 'users.nickname'])
      .where('users.account', 'in', accounts)
      .where('users.locked', '=', false)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships')
            .select(sql`1`.as('one'))
            .whereRef('memberships.user_id', '=', 'users.id')
            .where((m) =>
              m.or([
                m('memberships.tenant_id', '=', tenantId),
                m.and([m('memberships.tenant_id', 'is', null), m('memberships.role', 'in', ['super_admin', 'ops_admin'])]),
              ]),
            ),
        ),
      )
      .execute();
    for (const r of rows) found.set(r.account, r);
  }
  return { found, unknown: accounts.filter((a) => !found.has(a)) };
}

const PROCESS_LIST: ListSpec = {
  sortable: { name: 'approval_processes.name', created_at: 'approval_processes.created_at', updated_at: 'approval_processes.updated_at' },
  filters: { project_id: 'approval_processes.project_id', id: 'approval_processes.id' },
  booleanFilters: { enabled: 'approval_processes.enabled', production: 'approval_processes.production' },
  defaultOrder: '-created_at',
  idColumn: 'approval_processes.id',
  search: { param: 'name', columns: ['approval_processes.name'] },
};

const PROCESS_COLUMNS = [
  'approval_processes.id',
  'approval_processes.tenant_id',
  'approval_processes.project_id',
  'projects.name as project_name',
  'projects.name_zh as project_name_zh',
  'approval_processes.name',
  'approval_processes.description',
  'approval_processes.request_types',
  'approval_processes.production',
  'approval_processes.enabled',
  'approval_processes.allow_self_approval',
  'approval_processes.levels',
  'approval_processes.created_at',
  'approval_processes.updated_at',
] as const;

const processesOf = (db: Exec, tenantId: string) =>
  db.selectFrom('approval_processes').leftJoin('projects', 'projects.id', 'approval_processes.project_id').where('approval_processes.tenant_id', '=', tenantId);

export function processById(db: Exec, tenantId: string, id: string) {
  return processesOf(db, tenantId)
    .select([...PROCESS_COLUMNS])
    .where('approval_processes.id', '=', id)
    .executeTakeFirst();
}
export type ProcessRow = NonNullable<Awaited<ReturnType<typeof processById>>>;

export async function listProcesses(db: Exec, tenantId: string, query: unknown) {
  return runList(
    processesOf(db, tenantId),
    (qb) => qb.select([...PROCESS_COLUMNS]),
    query,
    PROCESS_LIST,
    (r: ProcessRow) => r,
  );
}

/** The request types the tenant's processes of this project (or the default) already cover. */
export async function processTypesTaken(db: Exec, tenantId: string, projectId: string | null, exceptId: string | null): Promise<string[]> {
  let qb = db.selectFrom('approval_processes').select(['id', 'request_types']).where('tenant_id', '=', tenantId);
  qb = projectId ? qb.where('project_id', '=', projectId) : qb.where('project_id', 'is', null);
  if (exceptId) qb = qb.where('id', '!=', exceptId);
  return (await qb.execute()).flatMap((r) => r.request_types);
}

export async function processExists(db: Exec, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('approval_processes').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst());
}
export async function insertProcess(db: Exec, row: Insertable<Database['approval_processes']>): Promise<void> {
  await db.insertInto('approval_processes').values(row).execute();
}
export async function updateProcess(db: Exec, id: string, set: Updateable<Database['approval_processes']>): Promise<void> {
  await db.updateTable('approval_processes').set(set).where('id', '=', id).execute();
}
/** False when the tenant has no such process. */
export async function deleteProcess(db: Exec, tenantId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('approval_processes').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function delegationOverlaps(db: Exec, tenantId: string, delegatorId: string, startsAt: Date, endsAt: Date): Promise<boolean> {
  const overlap = await db
    .selectFrom('approval_delegations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('delegator_id', '=', delegatorId)
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt)
    .executeTakeFirst();
  return !!overlap;
}
export async function insertDelegation(db: Exec, row: Insertable<Database['approval_delegations']>): Promise<void> {
  await db.insertInto('approval_delegations').values(row).execute();
}
/** The caller's delegations (as delegator, delegate or either), newest first, at most 200. */
export async function delegationsOf(db: Exec, userId: string, query: Record<string, unknown>, now: Date) {
  let qb = db.selectFrom('approval_delegations').selectAll();
  if (query.role === 'delegator') qb = qb.where('delegator_id', '=', userId);
  else if (query.role === 'delegate') qb = qb.where('delegate_id', '=', userId);
  else qb = qb.where((eb) => eb.or([eb('delegator_id', '=', userId), eb('delegate_id', '=', userId)]));
  if (query.active === 'true') qb = qb.where('ends_at', '>', now).where(sql<SqlBool>`starts_at <= ${now}`);
  if (typeof query.tenant_id === 'string') qb = qb.where('tenant_id', '=', query.tenant_id);
  return qb.orderBy('starts_at', 'desc').orderBy('id').limit(200).execute();
}
/** False when the caller has no such delegation. */
export async function deleteDelegation(db: Exec, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('approval_delegations').where('id', '=', id).where('delegator_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
