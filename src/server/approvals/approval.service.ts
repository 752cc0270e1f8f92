// Approval requests: submission, the approver's inbox, decisions (one at a time, under a row
// lock), escalation and deferred issuing. Every function takes `now`, so tests inject the clock.
// The domain decides the statuses (src/domain/approvals); this module stores them.
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { AppError, forbidden, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { entityOfKind } from '../../domain/kinds/registry.ts';
import { splitMulti } from '../../domain/list-query.ts';
import {
  APPROVAL_STATUSES,
  DECIDED_STATUSES,
  OPEN_STATUSES,
  afterApprove,
  afterReject,
  canTransition,
  escalation,
  initialStatus,
  isOpen,
  isRuleRequest,
  type ApprovalStatus,
  type RequestType,
} from '../../domain/approvals/approval-status.ts';
import { approvalListQuerySchema, type CreateRequestInput } from '../../domain/approvals/approval.schema.ts';
import { requestTitle } from '../../domain/approvals/approval-summary.ts';
import { isFinanceTenant, plannedEffectiveAt } from '../../domain/approvals/effective-time.ts';
import type { Database, ApprovalLevelSnapshot } from '../db/tables.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import type { AuthUser } from '../plugins/auth.plugin.ts';
import type { Scope } from '../plugins/scope.ts';
import { accessOf, canSeeProject, rolesIn, type Access } from '../repositories/tenancy.repository.ts';
import { runList, type ListSpec } from '../lib/list.ts';
import { effectEnv, effectOf, type ApprovalEffects, type DecisionContext } from './approval-effects.ts';
import { APPROVAL_EVENTS, publish, type ApprovalEvent, type PendingEvent } from './approval-events.ts';
import { sendSiteMessages, type NewMessage } from './site-message.service.ts';

export interface UserRef {
  id: string;
  account: string;
  nickname: string;
}

/** The state an offline client shows when its decision arrives too late. */
export interface CurrentState {
  id: string;
  status: string;
  current_level: number;
  level_count: number;
  decided_at: Date | null;
  decided_by: UserRef | null;
  decided_on_behalf_of: UserRef | null;
  reject_reason: string | null;
  current_approvers: UserRef[];
  updated_at: Date;
}

/** 409: the request is no longer open, or the caller is not (or no longer) its approver. */
export class ApprovalConflict extends AppError {
  readonly current: CurrentState;
  constructor(key: string, current: CurrentState) {
    super(409, key);
    this.current = current;
  }
}

export interface Delegator {
  tenant_id: string;
  delegator_id: string;
}

type RequestRow = Awaited<ReturnType<typeof loadRow>>;
type Row = NonNullable<RequestRow>;

async function loadRow(db: Db, id: string, lock = false) {
  let qb = db.selectFrom('approval_requests').selectAll().where('id', '=', id);
  if (lock) qb = qb.forUpdate();
  return qb.executeTakeFirst();
}

const jsonHas = (column: string, id: string) => sql<SqlBool>`${sql.ref(column)} @> ${JSON.stringify([id])}::jsonb`;
const unique = (ids: Iterable<string>) => [...new Set(ids)];
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : 0);

export async function loadUsers(db: Db, ids: Iterable<string | null | undefined>): Promise<Map<string, UserRef>> {
  const list = unique([...ids].filter((x): x is string => !!x));
  const map = new Map<string, UserRef>();
  if (list.length === 0) return map;
  const rows = await db.selectFrom('users').select(['id', 'account', 'nickname']).where('id', 'in', list).execute();
  for (const r of rows) map.set(r.id, r);
  return map;
}

/** The delegations that let `userId` act for someone right now. */
export async function activeDelegators(db: Db, userId: string, now: Date): Promise<Delegator[]> {
  return db
    .selectFrom('approval_delegations')
    .select(['tenant_id', 'delegator_id'])
    .where('delegate_id', '=', userId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
}

/** Who acts: the caller as a current approver, or as the deputy of one (on_behalf_of). */
export function actingFor(userId: string, delegators: Delegator[], row: Pick<Row, 'tenant_id' | 'current_approver_ids'>): { onBehalfOf: string | null } | null {
  const current = row.current_approver_ids ?? [];
  if (current.includes(userId)) return { onBehalfOf: null };
  const d = delegators.find((x) => x.tenant_id === row.tenant_id && current.includes(x.delegator_id));
  return d ? { onBehalfOf: d.delegator_id } : null;
}

function canSeeRow(user: AuthUser, access: Access, delegators: Delegator[], row: Row): boolean {
  if (canSeeProject(access, row.tenant_id, row.project_id)) return true;
  if ((row.participant_ids ?? []).includes(user.id) || row.requester_id === user.id) return true;
  return actingFor(user.id, delegators, row) !== null;
}

function visibleWhere(eb: ExpressionBuilder<Database, 'approval_requests'>, user: AuthUser, access: Access, delegators: Delegator[]): Expression<SqlBool> {
  if (access.allTenants) return sql<SqlBool>`true`;
  const ors: Expression<SqlBool>[] = [jsonHas('approval_requests.participant_ids', user.id), eb('approval_requests.requester_id', '=', user.id)];
  const whole = [...access.wholeTenants];
  if (whole.length) ors.push(eb('approval_requests.tenant_id', 'in', whole));
  const projects = [...access.projects.values()].flatMap((s) => [...s]);
  if (projects.length) ors.push(eb('approval_requests.project_id', 'in', projects));
  for (const d of delegators)
    ors.push(eb.and([eb('approval_requests.tenant_id', '=', d.tenant_id), jsonHas('approval_requests.current_approver_ids', d.delegator_id)]));
  return eb.or(ors);
}

/** What the caller may decide now: open, at a level they (or whom they stand in for) approve, not their own request unless its process allows it. */
function mineOpenWhere(eb: ExpressionBuilder<Database, 'approval_requests'>, userId: string, delegators: Delegator[]): Expression<SqlBool> {
  const ors: Expression<SqlBool>[] = [jsonHas('approval_requests.current_approver_ids', userId)];
  for (const d of delegators)
    ors.push(eb.and([eb('approval_requests.tenant_id', '=', d.tenant_id), jsonHas('approval_requests.current_approver_ids', d.delegator_id)]));
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
  return eb.and([eb('approval_requests.status', 'in', [...OPEN_STATUSES]), eb.or(ors), notOwn]);
}

/** Separation of duties: nobody decides their own request unless its process explicitly allows it. */
async function selfDecisionAllowed(db: Db, row: Pick<Row, 'requester_id' | 'process_id'>, userId: string): Promise<boolean> {
  if (row.requester_id !== userId) return true;
  if (!row.process_id) return false;
  const p = await db.selectFrom('approval_processes').select('allow_self_approval').where('id', '=', row.process_id).executeTakeFirst();
  return p?.allow_self_approval === true;
}

/** The processes among `ids` that let requesters decide their own requests. */
async function selfApprovingProcesses(db: Db, ids: (string | null)[]): Promise<Set<string>> {
  const list = unique(ids.filter((x): x is string => !!x));
  if (!list.length) return new Set();
  const rows = await db.selectFrom('approval_processes').select('id').where('id', 'in', list).where('allow_self_approval', '=', true).execute();
  return new Set(rows.map((r) => r.id));
}

function mineDecidedWhere(eb: ExpressionBuilder<Database, 'approval_requests'>, userId: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('approval_actions')
      .select(sql`1`.as('one'))
      .whereRef('approval_actions.request_id', '=', 'approval_requests.id')
      .where('approval_actions.actor_id', '=', userId)
      .where('approval_actions.action', 'in', ['approved', 'rejected']),
  );
}

function assertTransition(from: string, to: ApprovalStatus) {
  if (from !== to && !canTransition(from as ApprovalStatus, to)) throw new Error(`approval transition ${from} → ${to} is not allowed`);
}

function eventOf(
  row: Pick<Row, 'id' | 'tenant_id' | 'project_id' | 'type' | 'requester_id'>,
  status: string,
  level: number,
  approverIds: string[],
): ApprovalEvent {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    project_id: row.project_id,
    type: row.type,
    status,
    current_level: level,
    approver_ids: approverIds,
    requester_id: row.requester_id,
  };
}

/** Per transaction of `decideMany`: the deputies looked up once per (tenant, approvers) — no decision writes delegations. */
const deputiesMemo = new WeakMap<object, Map<string, Promise<string[]>>>();

/** Active deputies of the given approvers in a tenant: they see and decide for them, so they get the events too. */
export async function delegatesOf(db: Db, tenantId: string, approverIds: string[], now: Date): Promise<string[]> {
  if (approverIds.length === 0) return [];
  const memo = deputiesMemo.get(db);
  if (!memo) return lookUpDelegates(db, tenantId, approverIds, now);
  const key = `${tenantId}|${approverIds.join(',')}|${now.getTime()}`;
  if (!memo.has(key)) memo.set(key, lookUpDelegates(db, tenantId, approverIds, now));
  return [...(await memo.get(key)!)];
}

async function lookUpDelegates(db: Db, tenantId: string, approverIds: string[], now: Date): Promise<string[]> {
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

/** Tells the approvers of a level, and the deputies acting for them today, by site message. */
async function notifyApprovers(trx: Db, tenantId: string, approverIds: string[], msg: Omit<NewMessage, 'tenantId'>, now: Date): Promise<PendingEvent[]> {
  const deputies = await delegatesOf(trx, tenantId, approverIds, now);
  return sendSiteMessages(trx, [...approverIds, ...deputies], { tenantId, ...msg }, now);
}

async function eventWithDelegates(
  db: Db,
  row: Pick<Row, 'id' | 'tenant_id' | 'project_id' | 'type' | 'requester_id'>,
  status: string,
  level: number,
  approverIds: string[],
  now: Date,
): Promise<ApprovalEvent> {
  return { ...eventOf(row, status, level, approverIds), delegate_ids: await delegatesOf(db, row.tenant_id, approverIds, now) };
}

/** The enabled process of a project (or the tenant's default) that covers `type`, if any. */
export async function findApprovalProcess(trx: Db, tenantId: string, projectId: string, type: RequestType) {
  return trx
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

function decisionContext(trx: Db, row: Row, now: Date, after: (() => Promise<void>)[]): DecisionContext {
  return {
    trx,
    now,
    env: effectEnv(after),
    request: {
      id: row.id,
      type: row.type,
      tenant_id: row.tenant_id,
      project_id: row.project_id,
      payload: row.payload,
      before: row.before,
      target_id: row.target_id,
      production: row.production,
      created_at: row.created_at,
      requester_id: row.requester_id,
    },
  };
}

export interface SubmitArgs {
  user: Pick<AuthUser, 'id' | 'nickname'>;
  tenantId: string;
  projectId: string;
  type: RequestType;
  payload: Record<string, unknown>;
  now: Date;
  /** the app's effects of each request type */
  effects: ApprovalEffects;
  /** filled with the events to publish after commit */
  events: PendingEvent[];
  /** filled with the effects' post-commit work (resource events) */
  after: (() => Promise<void>)[];
}

/**
 * Creates a request inside the caller's transaction (the approvals API, or the resource engine
 * buying or resizing in a project that needs approval). Without a process the request needs no
 * approval and its effect applies at once. The caller publishes `events` and runs `after` once
 * the transaction has committed.
 */
export async function submitRequest(trx: Db, a: SubmitArgs): Promise<{ id: string; status: ApprovalStatus; needsApproval: boolean }> {
  const { tenantId, projectId, type, payload, now, user, events } = a;
  const id = newId();
  const process = await findApprovalProcess(trx, tenantId, projectId, type);
  const levels: ApprovalLevelSnapshot[] = process ? process.levels : [];
  const needsApproval = levels.length > 0;
  const effect = effectOf(a.effects, type);
  const sub = await effect.submit({ trx, now, requestId: id, type, tenantId, projectId, requesterId: user.id, payload, env: effectEnv(a.after) });
  const status = initialStatus(type, needsApproval);
  const first = levels[0];
  const row = {
    id,
    tenant_id: tenantId,
    project_id: projectId,
    type,
    status,
    title: requestTitle(type, payload, { resourceName: sub.resourceName }),
    payload: JSON.stringify(payload),
    before: sub.before ? JSON.stringify(sub.before) : null,
    requester_id: user.id,
    process_id: process?.id ?? null,
    production: process?.production ?? false,
    estimated_cost_fen: sub.estimatedCostFen ?? 0,
    levels: JSON.stringify(levels),
    level_count: levels.length,
    current_level: needsApproval ? 1 : 0,
    current_approver_ids: JSON.stringify(first?.approver_ids ?? []),
    participant_ids: JSON.stringify(unique(levels.flatMap((l) => l.approver_ids))),
    level_entered_at: now,
    escalate_after_hours: first?.escalate_after_hours ?? null,
    target_id: sub.targetId ?? null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('approval_requests').values(row).execute();
  await trx
    .insertInto('approval_actions')
    .values({
      id: newId(),
      request_id: id,
      tenant_id: tenantId,
      level: row.current_level,
      action: 'submitted',
      actor_id: user.id,
      on_behalf_of: null,
      comment: null,
      created_at: now,
    })
    .execute();
  if (needsApproval) {
    events.push({ name: APPROVAL_EVENTS.created, payload: await eventWithDelegates(trx, row, status, 1, first!.approver_ids, now) });
    events.push(
      ...(await notifyApprovers(
        trx,
        tenantId,
        first!.approver_ids,
        {
          category: 'approval',
          messageKey: 'new_request',
          params: { requester: user.nickname, type, title: row.title },
          link: `/selfApprovalDetail/${id}`,
          refId: id,
        },
        now,
      )),
    );
    return { id, status, needsApproval };
  }
  const saved = (await loadRow(trx, id))!;
  const res = await effect.approve(decisionContext(trx, saved, now, a.after));
  const final: ApprovalStatus = res.status === 'approved' ? 'no_approval_needed' : res.status;
  assertTransition(status, final);
  await trx
    .updateTable('approval_requests')
    .set({ status: final, effective_at: res.effectiveAt ?? null, updated_at: now })
    .where('id', '=', id)
    .execute();
  if (res.status === 'dispatch_failed')
    await trx
      .insertInto('approval_actions')
      .values({
        id: newId(),
        request_id: id,
        tenant_id: tenantId,
        level: 0,
        action: 'effect_failed',
        actor_id: null,
        on_behalf_of: null,
        comment: null,
        created_at: now,
      })
      .execute();
  return { id, status: final, needsApproval };
}

/** Runs the effects' post-commit work; a failure there is logged by the caller, never undone. */
export async function runAfterCommit(after: (() => Promise<void>)[]): Promise<void> {
  for (const fn of after.splice(0)) await fn();
}

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

function listSpec(defaultOrder: string): ListSpec {
  return {
    sortable: {
      created_at: 'approval_requests.created_at',
      updated_at: 'approval_requests.updated_at',
      level_entered_at: 'approval_requests.level_entered_at',
      estimated_cost_fen: 'approval_requests.estimated_cost_fen',
    },
    filters: {
      type: 'approval_requests.type',
      project_id: 'approval_requests.project_id',
      tenant_id: 'approval_requests.tenant_id',
      requester_id: 'approval_requests.requester_id',
      id: 'approval_requests.id',
    },
    defaultOrder,
    idColumn: 'approval_requests.id',
    search: { param: 'title', columns: ['approval_requests.title'] },
  };
}

function waitingSeconds(r: { status: string; level_entered_at: Date; created_at: Date; decided_at: Date | null }, now: Date): number {
  const end = isOpen(r.status) ? now.getTime() : ms(r.decided_at ?? now);
  const start = isOpen(r.status) ? ms(r.level_entered_at) : ms(r.created_at);
  return Math.max(0, Math.floor((end - start) / 1000));
}
/** What the approval service is given: the database, the app's event bus (ctx.events) and its effects. */
export interface ApprovalDeps {
  db: Db;
  bus?: EventBus;
  /** the effect of each request type (resource-effects.ts over the engine's port) */
  effects: ApprovalEffects;
}

export async function currentState(trx: Db, row: Row): Promise<CurrentState> {
  const users = await loadUsers(trx, [row.decided_by, row.decided_on_behalf_of, ...(row.current_approver_ids ?? [])]);
  return {
    id: row.id,
    status: row.status,
    current_level: row.current_level,
    level_count: row.level_count,
    decided_at: row.decided_at,
    decided_by: row.decided_by ? (users.get(row.decided_by) ?? null) : null,
    decided_on_behalf_of: row.decided_on_behalf_of ? (users.get(row.decided_on_behalf_of) ?? null) : null,
    reject_reason: row.reject_reason,
    current_approvers: (row.current_approver_ids ?? []).map((id) => users.get(id)).filter((u): u is UserRef => !!u),
    updated_at: row.updated_at,
  };
}

/** Creates a request of any type; without a process it needs no approval and applies at once. */
export async function submit(deps: ApprovalDeps, user: AuthUser, scope: Scope, input: CreateRequestInput, now: Date) {
  const access = accessOf(user);
  const projectId = input.project_id ?? scope.projectId;
  if (!projectId) throw new AppError(400, 'scope_required');
  if (!canSeeProject(access, scope.tenantId, projectId)) throw notFound();
  const project = await deps.db.selectFrom('projects').select(['id', 'tenant_id']).where('id', '=', projectId).executeTakeFirst();
  if (!project || project.tenant_id !== scope.tenantId) throw notFound();
  // a purchase of a kind with its own entity (a cloud account) needs that entity's create permission
  const kind = input.type === 'resource_purchase' ? (input.payload as { kind?: unknown }).kind : undefined;
  const entity = typeof kind === 'string' ? entityOfKind(kind) : 'resource';
  if (!can(rolesIn(user, scope.tenantId, projectId), 'create', entity)) throw forbidden('no_permission');
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const { id } = await deps.db.transaction().execute((trx) =>
    submitRequest(trx, {
      user,
      tenantId: scope.tenantId,
      projectId,
      type: input.type,
      payload: input.payload as Record<string, unknown>,
      now,
      effects: deps.effects,
      events,
      after,
    }),
  );
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return detail(deps, user, id, now);
}

/** GET /api/v1/approvals: the caller's inbox (mine) or the tenant's requests (global). */
/** 404 unless the caller may see the request (checked before a decision body is read). */
export async function assertVisible(deps: ApprovalDeps, user: AuthUser, id: string, now: Date): Promise<void> {
  const row = await loadRow(deps.db, id);
  if (!row || !canSeeRow(user, accessOf(user), await activeDelegators(deps.db, user.id, now), row)) throw notFound();
}

export async function list(deps: ApprovalDeps, user: AuthUser, rawQuery: unknown, now: Date, opts: { tenantId?: string } = {}) {
  const q = approvalListQuerySchema.parse(rawQuery ?? {});
  const access = accessOf(user);
  const delegators = await activeDelegators(deps.db, user.id, now);
  let statuses: string[] | null = null;
  if (q.status === 'pending') statuses = [...OPEN_STATUSES];
  else if (q.status === 'decided') statuses = [...DECIDED_STATUSES];
  else if (q.status) {
    statuses = splitMulti(q.status);
    const bad = statuses.find((s) => !(APPROVAL_STATUSES as readonly string[]).includes(s));
    if (bad) throw new AppError(400, 'validation', { field: 'status', rule: bad });
  }
  let base = deps.db
    .selectFrom('approval_requests')
    .innerJoin('users as requester', 'requester.id', 'approval_requests.requester_id')
    .innerJoin('projects', 'projects.id', 'approval_requests.project_id')
    .innerJoin('tenants', 'tenants.id', 'approval_requests.tenant_id');
  if (q.scope === 'mine') {
    if (q.status === 'pending') base = base.where((eb) => mineOpenWhere(eb, user.id, delegators));
    else if (q.status === 'decided') base = base.where((eb) => mineDecidedWhere(eb, user.id));
    else {
      base = base.where((eb) => eb.or([mineOpenWhere(eb, user.id, delegators), mineDecidedWhere(eb, user.id)]));
      if (statuses) base = base.where('approval_requests.status', 'in', statuses);
    }
  } else {
    if (!access.allTenants) {
      const tenants = [...access.wholeTenants].filter((tid) => can(rolesIn(user, tid, null), 'read', 'approval'));
      if (tenants.length === 0) throw forbidden('no_permission');
      base = base.where('approval_requests.tenant_id', 'in', tenants);
    }
    if (statuses) base = base.where('approval_requests.status', 'in', statuses);
  }
  base = base.where((eb) => visibleWhere(eb, user, access, delegators));
  if (opts.tenantId) base = base.where('approval_requests.tenant_id', '=', opts.tenantId);
  const order = q.status === 'pending' ? 'created_at' : q.status === 'decided' ? '-updated_at' : '-created_at';
  const page = await runList(
    base,
    (qb) => qb.select([...LIST_COLUMNS]),
    q,
    listSpec(order),
    (r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      title: r.title,
      payload: r.payload,
      tenant_id: r.tenant_id,
      tenant_name: r.tenant_name,
      project_id: r.project_id,
      project_name: r.project_name,
      project_name_zh: r.project_name_zh,
      requester: { id: r.requester_id, account: r.requester_account, nickname: r.requester_nickname },
      estimated_cost_fen: Number(r.estimated_cost_fen),
      current_level: r.current_level,
      level_count: r.level_count,
      production: r.production,
      level_entered_at: r.level_entered_at,
      effective_at: r.effective_at,
      decided_at: r.decided_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
      waiting_seconds: waitingSeconds(r, now),
      can_decide: isOpen(r.status) && actingFor(user.id, delegators, r) !== null,
      process_id: r.process_id,
    }),
  );
  // One's own request is not one's to decide (unless the process allows it).
  const selfOk = await selfApprovingProcesses(
    deps.db,
    page.data.filter((r) => r.requester.id === user.id).map((r) => r.process_id),
  );
  const data = page.data.map(({ process_id: processId, ...r }) => ({
    ...r,
    can_decide: r.can_decide && (r.requester.id !== user.id || selfOk.has(processId ?? '')),
  }));
  return { ...page, data };
}

/**
 * GET /api/v1/approvals/details?ids=…: the details of several requests in one answer, in the order
 * asked, each exactly as GET /api/v1/approvals/{id} answers it; a request the caller cannot see (or
 * that does not exist) is left out, as its own GET would answer 404. The inbox keeps the open ones
 * readable offline with one request instead of one per card.
 */
export async function details(deps: ApprovalDeps, user: AuthUser, ids: readonly string[], now: Date) {
  // Who the caller may see and act for is looked up once for the whole list, not once per request.
  const seer: Seer = { access: accessOf(user), delegators: await activeDelegators(deps.db, user.id, now) };
  const out: Awaited<ReturnType<typeof detail>>[] = [];
  for (const id of ids) {
    try {
      out.push(await detail(deps, user, id, now, seer));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  return { data: out };
}

/** GET /api/v1/approvals/{id}: the request, its levels, history and before/after. */
/** What decides which requests a user sees: their access and the users they act for today. */
interface Seer {
  access: ReturnType<typeof accessOf>;
  delegators: Delegator[];
}

export async function detail(deps: ApprovalDeps, user: AuthUser, id: string, now: Date, seer?: Seer) {
  const access = seer?.access ?? accessOf(user);
  const delegators = seer?.delegators ?? (await activeDelegators(deps.db, user.id, now));
  const row = await loadRow(deps.db, id);
  if (!row || !canSeeRow(user, access, delegators, row)) throw notFound();
  const [project, tenant, actions] = await Promise.all([
    deps.db.selectFrom('projects').select(['name', 'name_zh']).where('id', '=', row.project_id).executeTakeFirstOrThrow(),
    deps.db.selectFrom('tenants').select(['name', 'business_type']).where('id', '=', row.tenant_id).executeTakeFirstOrThrow(),
    deps.db.selectFrom('approval_actions').selectAll().where('request_id', '=', id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const users = await loadUsers(deps.db, [
    row.requester_id,
    row.decided_by,
    row.decided_on_behalf_of,
    ...row.levels.flatMap((l) => l.approver_ids),
    ...(row.current_approver_ids ?? []),
    ...actions.flatMap((a) => [a.actor_id, a.on_behalf_of]),
  ]);
  const ref = (uid: string | null) => (uid ? (users.get(uid) ?? null) : null);
  const refs = (ids: string[]) => ids.map((uid) => users.get(uid)).filter((u): u is UserRef => !!u);
  const open = isOpen(row.status);
  const rejected = row.status === 'rejected' || row.status === 'expansion_rejected';
  const levels = row.levels.map((l, i) => {
    const n = i + 1;
    let state: string;
    if (open) state = n < row.current_level ? 'approved' : n === row.current_level ? 'current' : 'waiting';
    else if (rejected) state = n < row.current_level ? 'approved' : n === row.current_level ? 'rejected' : 'skipped';
    else state = row.level_count === 0 ? 'skipped' : 'approved';
    return { level: n, name: l.name, escalate_after_hours: l.escalate_after_hours, approvers: refs(l.approver_ids), state };
  });
  const type = row.type as RequestType;
  const { rule_id: _ruleId, ...after } = row.payload as Record<string, unknown>;
  let rule = null;
  let resource = null;
  let quota = null;
  if (isRuleRequest(type) && row.target_id) {
    // The rule is a resource of its kind (firewall_policy, snat_rule, dnat_rule).
    const r = await deps.db
      .selectFrom('resources')
      .select(['id', 'kind', 'name', 'status', 'spec'])
      .where('id', '=', row.target_id)
      .where('tenant_id', '=', row.tenant_id)
      .executeTakeFirst();
    const financeProduction = row.production && isFinanceTenant(tenant.business_type);
    const issuedAt = (r?.spec as Record<string, unknown> | undefined)?.issued_at;
    rule = {
      id: row.target_id,
      kind: r?.kind ?? type,
      name: r?.name ?? null,
      status: r?.status ?? null,
      effective_at: row.effective_at,
      issued_at: typeof issuedAt === 'string' ? issuedAt : null,
      planned_effective_at: open ? plannedEffectiveAt(type, new Date(row.created_at), financeProduction) : null,
      finance_production: financeProduction,
      before: (row.before?.spec as Record<string, unknown> | undefined) ?? null,
      after,
    };
  } else if ((type === 'resource_purchase' || type === 'resource_expansion') && row.target_id) {
    const r = await deps.db
      .selectFrom('resources')
      .select(['id', 'kind', 'name', 'status', 'spec', 'vendor', 'region_id', 'az_id'])
      .where('id', '=', row.target_id)
      .where('tenant_id', '=', row.tenant_id)
      .executeTakeFirst();
    resource = {
      ...(r ?? { id: row.target_id, status: null }),
      ...(type === 'resource_expansion'
        ? { before: (row.before?.spec as Record<string, unknown> | undefined) ?? null, after: (row.payload as { spec: unknown }).spec }
        : {}),
    };
  } else if (type === 'quota_change') {
    quota = {
      quota_key: (row.payload as { quota_key: string }).quota_key,
      before: (row.before?.value as number | null | undefined) ?? null,
      after: (row.payload as { value: number }).value,
    };
  }
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    payload: row.payload,
    tenant_id: row.tenant_id,
    tenant_name: tenant.name,
    project_id: row.project_id,
    project_name: project.name,
    project_name_zh: project.name_zh,
    requester: ref(row.requester_id),
    estimated_cost_fen: Number(row.estimated_cost_fen),
    production: row.production,
    current_level: row.current_level,
    level_count: row.level_count,
    current_approvers: open ? refs(row.current_approver_ids ?? []) : [],
    escalated_to_admins: row.escalated_to_admins,
    level_entered_at: row.level_entered_at,
    escalate_after_hours: row.escalate_after_hours,
    waiting_seconds: waitingSeconds(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    decided_at: row.decided_at,
    effective_at: row.effective_at,
    decided_by: ref(row.decided_by),
    decided_on_behalf_of: ref(row.decided_on_behalf_of),
    reject_reason: row.reject_reason,
    can_decide: open && actingFor(user.id, delegators, row) !== null && (await selfDecisionAllowed(deps.db, row, user.id)),
    levels,
    history: actions.map((a) => ({
      id: a.id,
      action: a.action,
      level: a.level,
      actor: ref(a.actor_id),
      on_behalf_of: ref(a.on_behalf_of),
      comment: a.comment,
      created_at: a.created_at,
    })),
    rule,
    resource,
    quota,
  };
}

type DecisionRow = NonNullable<Awaited<ReturnType<typeof loadRow>>>;
/** What every step of one decision shares, inside its transaction. */
interface DecisionStep {
  deps: ApprovalDeps;
  trx: Kysely<Database>;
  row: DecisionRow;
  user: AuthUser;
  acting: { onBehalfOf: string | null };
  action: { id: string; request_id: string; tenant_id: string; level: number; actor_id: string; on_behalf_of: string | null; created_at: Date };
  participants: string;
  now: Date;
  events: PendingEvent[];
  after: (() => Promise<void>)[];
  inTransaction?: (trx: Kysely<Database>) => Promise<void>;
}
type DecisionResult = { id: string; status: string; current_level: number };

async function rejectStep(step: DecisionStep, reason: string): Promise<DecisionResult> {
  const { deps, trx, row, user, acting, action, participants, now, events, after, inTransaction } = step;
  const id = row.id;
  const status = afterReject({ type: row.type as RequestType, status: row.status as ApprovalStatus })!;
  assertTransition(row.status, status);
  await effectOf(deps.effects, row.type as RequestType).reject(decisionContext(trx, row, now, after));
  await trx
    .updateTable('approval_requests')
    .set({
      status,
      decided_at: now,
      decided_by: user.id,
      decided_on_behalf_of: acting.onBehalfOf,
      reject_reason: reason,
      current_approver_ids: '[]',
      participant_ids: participants,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('approval_actions')
    .values({ ...action, action: 'rejected', comment: reason })
    .execute();
  events.push({
    name: APPROVAL_EVENTS.decided,
    payload: { ...eventOf(row, status, row.current_level, []), delegate_ids: await delegatesOf(trx, row.tenant_id, row.current_approver_ids ?? [], now) },
  });
  events.push(
    ...(await sendSiteMessages(
      trx,
      [row.requester_id],
      {
        tenantId: row.tenant_id,
        category: 'approval',
        messageKey: 'request_rejected',
        params: { type: row.type, title: row.title, reason: reason, approver: user.nickname },
        link: `/selfApprovalDetail/${id}`,
        refId: id,
      },
      now,
    )),
  );
  await inTransaction?.(trx);
  return { id, status, current_level: row.current_level };
}

async function nextLevelStep(step: DecisionStep, outcome: { status: ApprovalStatus; level: number }): Promise<DecisionResult> {
  const { trx, row, user, now, events, inTransaction } = step;
  const id = row.id;
  assertTransition(row.status, outcome.status);
  const next = row.levels[outcome.level - 1]!;
  await trx
    .updateTable('approval_requests')
    .set({
      status: outcome.status,
      current_level: outcome.level,
      current_approver_ids: JSON.stringify(next.approver_ids),
      participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), user.id, ...next.approver_ids])),
      level_entered_at: now,
      escalate_after_hours: next.escalate_after_hours,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  events.push({ name: APPROVAL_EVENTS.decided, payload: await eventWithDelegates(trx, row, outcome.status, outcome.level, next.approver_ids, now) });
  const requester = await trx.selectFrom('users').select('nickname').where('id', '=', row.requester_id).executeTakeFirst();
  events.push(
    ...(await notifyApprovers(
      trx,
      row.tenant_id,
      next.approver_ids,
      {
        category: 'approval',
        messageKey: 'new_request',
        params: { requester: requester?.nickname ?? '', type: row.type, title: row.title },
        link: `/selfApprovalDetail/${id}`,
        refId: id,
      },
      now,
    )),
  );
  await inTransaction?.(trx);
  return { id, status: outcome.status, current_level: outcome.level };
}

async function approveStep(step: DecisionStep, comment: string | undefined): Promise<DecisionResult> {
  const { deps, trx, row, user, acting, action, participants, now, events, after, inTransaction } = step;
  const id = row.id;

  const outcome = afterApprove({
    type: row.type as RequestType,
    status: row.status as ApprovalStatus,
    currentLevel: row.current_level,
    levelCount: row.level_count,
  })!;
  await trx
    .insertInto('approval_actions')
    .values({ ...action, action: 'approved', comment: comment ?? null })
    .execute();
  if (outcome.kind === 'next_level') return nextLevelStep(step, outcome);
  const res = await effectOf(deps.effects, row.type as RequestType).approve(decisionContext(trx, row, now, after));
  assertTransition(row.status, res.status);
  await trx
    .updateTable('approval_requests')
    .set({
      status: res.status,
      decided_at: now,
      decided_by: user.id,
      decided_on_behalf_of: acting.onBehalfOf,
      effective_at: res.effectiveAt ?? null,
      current_approver_ids: '[]',
      participant_ids: participants,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  if (res.status === 'dispatch_failed') {
    await trx
      .insertInto('approval_actions')
      .values({
        id: newId(),
        request_id: id,
        tenant_id: row.tenant_id,
        level: row.current_level,
        action: 'effect_failed',
        actor_id: null,
        on_behalf_of: null,
        comment: null,
        created_at: now,
      })
      .execute();
  }
  events.push({
    name: APPROVAL_EVENTS.decided,
    payload: { ...eventOf(row, res.status, row.current_level, []), delegate_ids: await delegatesOf(trx, row.tenant_id, row.current_approver_ids ?? [], now) },
  });
  events.push(
    ...(await sendSiteMessages(
      trx,
      [row.requester_id],
      {
        tenantId: row.tenant_id,
        category: 'approval',
        messageKey: 'request_approved',
        params: { type: row.type, title: row.title, approver: user.nickname },
        link: `/selfApprovalDetail/${id}`,
        refId: id,
      },
      now,
    )),
  );
  await inTransaction?.(trx);
  return { id, status: res.status, current_level: row.current_level };
}

export type Decision = ({ action: 'approve'; comment?: string } | { action: 'reject'; reason: string }) & { level?: number };

/**
 * The decision itself, inside the caller's transaction, on the request's row already locked
 * (`row`, read with FOR UPDATE by the caller). Every check of a decision is here, so the lone
 * decision and the batch cannot drift apart. Throws before it writes anything when the request is
 * not the caller's to decide (404, 409 with the current state, 403 for one's own request).
 */
async function decideLocked(
  deps: ApprovalDeps,
  trx: Kysely<Database>,
  user: AuthUser,
  delegators: Delegator[],
  row: Row | undefined,
  decision: Decision,
  now: Date,
  out: { events: PendingEvent[]; after: (() => Promise<void>)[]; inTransaction?: (trx: Kysely<Database>) => Promise<void> },
): Promise<DecisionResult> {
  if (!row || !canSeeRow(user, accessOf(user), delegators, row)) throw notFound();
  if (!isOpen(row.status)) throw new ApprovalConflict('approval_already_decided', await currentState(trx, row));
  const acting = actingFor(user.id, delegators, row);
  if (!acting) throw new ApprovalConflict('approval_not_current_approver', await currentState(trx, row));
  if (!(await selfDecisionAllowed(trx, row, user.id))) throw forbidden('approval_self_decision');
  if (decision.level !== undefined && decision.level !== row.current_level) throw new ApprovalConflict('approval_level_changed', await currentState(trx, row));
  const participants = JSON.stringify(unique([...(row.participant_ids ?? []), user.id]));
  const action = {
    id: newId(),
    request_id: row.id,
    tenant_id: row.tenant_id,
    level: row.current_level,
    actor_id: user.id,
    on_behalf_of: acting.onBehalfOf,
    created_at: now,
  };
  const step: DecisionStep = {
    deps,
    trx,
    row,
    user,
    acting,
    action,
    participants,
    now,
    events: out.events,
    after: out.after,
    inTransaction: out.inTransaction,
  };
  if (decision.action === 'reject') return rejectStep(step, decision.reason);
  return approveStep(step, decision.comment);
}

/**
 * One decision under a row lock (SELECT … FOR UPDATE): two approvers deciding at once get one
 * success and one 409 carrying the winner's decision.
 * `inTransaction` runs inside the decision's transaction (the idempotency key is marked applied with it).
 */
export async function decide(
  deps: ApprovalDeps,
  user: AuthUser,
  id: string,
  decision: Decision,
  now: Date,
  opts: { inTransaction?: (trx: Kysely<Database>) => Promise<void> } = {},
): Promise<{ id: string; status: string; current_level: number }> {
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    const delegators = await activeDelegators(trx, user.id, now);
    const row = await loadRow(trx, id, true);
    return decideLocked(deps, trx, user, delegators, row, decision, now, { events, after, inTransaction: opts.inTransaction });
  });
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return result;
}

/** What became of one item of `decideMany`: decided, or refused by a rule (nothing of it written). */
export type ManyOutcome = { ok: true; result: DecisionResult } | { ok: false; error: AppError };

/**
 * Several decisions of one caller in ONE transaction (the offline outbox's replay, issue 10): the
 * rows are locked up front in id order (two batches over the same requests cannot deadlock), the
 * delegations are read once, and each item runs `decideLocked` — the same rules as a lone
 * decision — inside a savepoint. A refused item (404, 409, 403…) rolls back to its savepoint only;
 * the others stand. `settle` runs inside the item's savepoint with its outcome (the caller stores
 * the idempotency answer there) and may answer false to undo the item and stop; an unexpected
 * error also undoes the item and stops. `finish` runs last in the transaction. Events are
 * published after the commit. Answers the outcomes of the items run (a prefix of `items`).
 */
export async function decideMany(
  deps: ApprovalDeps,
  user: AuthUser,
  items: { id: string; decision: Decision }[],
  now: Date,
  hooks: {
    settle: (trx: Kysely<Database>, index: number, outcome: ManyOutcome) => Promise<boolean>;
    finish?: (trx: Kysely<Database>, count: number) => Promise<void>;
  },
): Promise<{ outcomes: ManyOutcome[]; stoppedBy?: unknown }> {
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const outcomes: ManyOutcome[] = [];
  let stoppedBy: unknown;
  await deps.db.transaction().execute(async (trx) => {
    deputiesMemo.set(trx, new Map());
    const delegators = await activeDelegators(trx, user.id, now);
    const locked = await trx
      .selectFrom('approval_requests')
      .selectAll()
      .where('id', 'in', unique(items.map((i) => i.id)))
      .orderBy('id')
      .forUpdate()
      .execute();
    const rows = new Map(locked.map((r) => [r.id, r]));
    for (const [index, item] of items.entries()) {
      const mine = { events: [] as PendingEvent[], after: [] as (() => Promise<void>)[] };
      await sql`savepoint decision`.execute(trx);
      let outcome: ManyOutcome;
      try {
        outcome = { ok: true, result: await decideLocked(deps, trx, user, delegators, rows.get(item.id), item.decision, now, mine) };
      } catch (err) {
        await sql`rollback to savepoint decision`.execute(trx);
        if (!(err instanceof AppError) || err.status >= 500) {
          stoppedBy = err;
          break;
        }
        mine.events.length = 0;
        mine.after.length = 0;
        outcome = { ok: false, error: err };
      }
      // The row changed: a later item on the same request reads it again (still locked).
      if (outcome.ok && items.slice(index + 1).some((x) => x.id === item.id)) rows.set(item.id, (await loadRow(trx, item.id, true))!);
      let keep: boolean;
      try {
        keep = await hooks.settle(trx, index, outcome);
      } catch (err) {
        stoppedBy = err;
        keep = false;
      }
      if (!keep) {
        await sql`rollback to savepoint decision`.execute(trx);
        stoppedBy ??= 'settle';
        break;
      }
      // Not released: the next item's savepoint nests (at most 25 per run, ADR 0032), one statement less.
      events.push(...mine.events);
      after.push(...mine.after);
      outcomes.push(outcome);
    }
    await hooks.finish?.(trx, outcomes.length);
  });
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return { outcomes, ...(stoppedBy !== undefined ? { stoppedBy } : {}) };
}

/**
 * The requests among `ids` the caller may see, with their costs (the step-up threshold): the
 * batch's pre-check, one statement for all (the decision checks again under its lock).
 */
export async function visibleForDecision(
  deps: ApprovalDeps,
  user: AuthUser,
  ids: string[],
  now: Date,
): Promise<Map<string, { estimated_cost_fen: number; title: string; tenant_id: string; project_id: string }>> {
  const out = new Map<string, { estimated_cost_fen: number; title: string; tenant_id: string; project_id: string }>();
  if (!ids.length) return out;
  const [rows, delegators] = await Promise.all([
    deps.db.selectFrom('approval_requests').selectAll().where('id', 'in', unique(ids)).execute(),
    activeDelegators(deps.db, user.id, now),
  ]);
  const access = accessOf(user);
  for (const row of rows)
    if (canSeeRow(user, access, delegators, row))
      out.set(row.id, { estimated_cost_fen: Number(row.estimated_cost_fen), title: row.title, tenant_id: row.tenant_id, project_id: row.project_id });
  return out;
}

/** Approves each id in turn; one failure does not stop the others. */
export async function batchApprove(deps: ApprovalDeps, user: AuthUser, ids: string[], comment: string | undefined, now: Date) {
  const results: (
    | { id: string; ok: true; status_code: 200; status: string; current_level: number }
    | { id: string; ok: false; status_code: number; key: string; current?: CurrentState }
  )[] = [];
  for (const id of ids) {
    try {
      const r = await decide(deps, user, id, { action: 'approve', comment }, now);
      results.push({ id, ok: true, status_code: 200, status: r.status, current_level: r.current_level });
    } catch (err) {
      if (err instanceof ApprovalConflict) results.push({ id, ok: false, status_code: 409, key: err.key, current: err.current });
      else if (err instanceof AppError && err.status < 500) results.push({ id, ok: false, status_code: err.status, key: err.key });
      else throw err;
    }
  }
  return results;
}

/**
 * The periodic escalation check: an open request waiting at its level longer than the
 * level's limit moves to the next level, or at the last level to the tenant admins.
 * Several processes may run it at once (SKIP LOCKED). Answers how many moved.
 */
export async function escalateOverdue(deps: ApprovalDeps, now: Date, limit = 200): Promise<number> {
  const due = await deps.db
    .selectFrom('approval_requests')
    .select('id')
    .where('status', 'in', [...OPEN_STATUSES])
    .where('escalated_to_admins', '=', false)
    .where('escalate_after_hours', 'is not', null)
    .where(sql<SqlBool>`level_entered_at + escalate_after_hours * interval '1 hour' <= ${now}`)
    .orderBy('level_entered_at')
    .limit(limit)
    .execute();
  let moved = 0;
  for (const { id } of due) {
    const events: PendingEvent[] = [];
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('approval_requests').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return false;
      const outcome = escalation(
        {
          type: row.type as RequestType,
          status: row.status as ApprovalStatus,
          currentLevel: row.current_level,
          levelCount: row.level_count,
          enteredLevelAt: new Date(row.level_entered_at),
          limitHours: row.escalate_after_hours,
          escalatedToAdmins: row.escalated_to_admins,
        },
        now,
      );
      if (outcome.kind === 'none') return false;
      let approvers: string[];
      if (outcome.kind === 'next_level') {
        assertTransition(row.status, outcome.status);
        const next = row.levels[outcome.level - 1]!;
        approvers = next.approver_ids;
        await trx
          .updateTable('approval_requests')
          .set({
            status: outcome.status,
            current_level: outcome.level,
            current_approver_ids: JSON.stringify(approvers),
            participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), ...approvers])),
            level_entered_at: now,
            escalate_after_hours: next.escalate_after_hours,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      } else {
        const admins = await trx
          .selectFrom('memberships')
          .select('user_id')
          .where('tenant_id', '=', row.tenant_id)
          .where('project_id', 'is', null)
          .where('role', '=', 'tenant_admin')
          .execute();
        approvers = unique([...(row.current_approver_ids ?? []), ...admins.map((a) => a.user_id)]);
        await trx
          .updateTable('approval_requests')
          .set({
            current_approver_ids: JSON.stringify(approvers),
            participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), ...approvers])),
            escalated_to_admins: true,
            level_entered_at: now,
            escalate_after_hours: null,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      }
      await trx
        .insertInto('approval_actions')
        .values({
          id: newId(),
          request_id: id,
          tenant_id: row.tenant_id,
          level: row.current_level,
          action: 'escalated',
          actor_id: null,
          on_behalf_of: null,
          comment: outcome.kind === 'next_level' ? `level ${outcome.level}` : 'tenant_admins',
          created_at: now,
        })
        .execute();
      const newcomers = approvers.filter((a) => outcome.kind === 'next_level' || !(row.current_approver_ids ?? []).includes(a));
      const level = outcome.kind === 'next_level' ? outcome.level : row.current_level;
      events.push({
        name: APPROVAL_EVENTS.escalated,
        payload: await eventWithDelegates(trx, row, outcome.kind === 'next_level' ? outcome.status : row.status, level, approvers, now),
      });
      events.push(
        ...(await notifyApprovers(
          trx,
          row.tenant_id,
          newcomers,
          {
            category: 'approval',
            messageKey: 'escalated',
            params: { type: row.type, title: row.title, hours: row.escalate_after_hours ?? 0 },
            link: `/selfApprovalDetail/${id}`,
            refId: id,
          },
          now,
        )),
      );
      return true;
    });
    if (done) moved++;
    publish(deps.bus, deps.db, events);
  }
  return moved;
}

/** Deferred effects whose time has come (rules waiting for 22:00 / 18:00): issue them. */
export async function issueDue(deps: ApprovalDeps, now: Date, limit = 200): Promise<number> {
  const due = await deps.db
    .selectFrom('approval_requests')
    .select('id')
    .where('status', '=', 'issuing')
    .where('effective_at', '<=', now)
    .orderBy('effective_at')
    .limit(limit)
    .execute();
  let issued = 0;
  for (const { id } of due) {
    const events: PendingEvent[] = [];
    const after: (() => Promise<void>)[] = [];
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('approval_requests')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'issuing')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return false;
      const effect = effectOf(deps.effects, row.type as RequestType);
      await effect.issue?.(decisionContext(trx, row, now, after));
      const status: ApprovalStatus = row.decided_by ? 'approved' : 'no_approval_needed';
      await trx.updateTable('approval_requests').set({ status, updated_at: now }).where('id', '=', id).execute();
      await trx
        .insertInto('approval_actions')
        .values({
          id: newId(),
          request_id: id,
          tenant_id: row.tenant_id,
          level: row.current_level,
          action: 'issued',
          actor_id: null,
          on_behalf_of: null,
          comment: null,
          created_at: now,
        })
        .execute();
      events.push({ name: APPROVAL_EVENTS.issued, payload: eventOf(row, status, row.current_level, []) });
      return true;
    });
    if (done) issued++;
    publish(deps.bus, deps.db, events);
    await runAfterCommit(after);
  }
  return issued;
}

/** The approval service of one app: the functions above, bound to its dependencies. */
export function approvalService(deps: ApprovalDeps) {
  const bind =
    <A extends unknown[], R>(fn: (d: ApprovalDeps, ...args: A) => R) =>
    (...args: A) =>
      fn(deps, ...args);
  return {
    submit: bind(submit),
    assertVisible: bind(assertVisible),
    list: bind(list),
    detail: bind(detail),
    details: bind(details),
    decide: bind(decide),
    decideMany: bind(decideMany),
    visibleForDecision: bind(visibleForDecision),
    batchApprove: bind(batchApprove),
    escalateOverdue: bind(escalateOverdue),
    issueDue: bind(issueDue),
  };
}
export type ApprovalService = ReturnType<typeof approvalService>;
