// Work orders of the service desk: filing one (with the caller's uploads), the list and the detail
// with what the caller may do now, the reply thread, state changes and the rating. Module functions
// over the slice's dependencies (deskService binds them); the SQL is in desk.repository.ts.
import type { Kysely } from 'kysely';
import { AppError, badRequest, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Language } from '../../domain/errors.ts';
import {
  UPLOAD_LIMITS,
  canRate,
  nextStatus,
  repliesOpen,
  slaDeadline,
  WORKORDER_TRANSITIONS,
  type Urgency,
  type WorkorderAction,
  type WorkorderStatus,
} from '../../domain/desk.ts';
import { ratingSchema, replySchema, workorderCreateSchema } from '../../domain/desk-schemas.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database, LocalText } from '../platform/db/tables.ts';
import {
  type Exec,
  type WorkorderWithNames,
  attachToWorkorder,
  insertReply,
  insertWorkorder,
  listWorkorders as listWorkorderRows,
  lockAttachments,
  moveWorkorder,
  opsUserIds,
  questionById,
  rateWorkorder,
  touchWorkorder,
  workorderAttachments,
  workorderById,
  workorderReplies,
  workorderTypeById,
  workorderWithNames,
} from './desk.repository.ts';
import type { DeskCaller, DeskDeps, TenantCaller } from './desk-deps.ts';

/** A catalogue text in the caller's language (Simplified Chinese when it has none). */
export const local = (text: LocalText, lang: Language) => text[lang] ?? text['zh-CN'] ?? '';

type WorkorderInput = ReturnType<typeof workorderCreateSchema.parse>;

function workorderNumber(id: string, now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .replaceAll('-', '');
  return `GD${day}${id.slice(0, 6).toUpperCase()}`;
}

/** A work order the caller may see, or 404 (another tenant's id reveals nothing). */
export async function workorderOr404(ex: Exec, caller: DeskCaller, id: string) {
  const row = await workorderById(ex, caller, id);
  if (!row) throw notFound();
  return row;
}

function workorderView(row: WorkorderWithNames, lang: Language) {
  const deadline = slaDeadline(row.created_at, row.urgency as Urgency);
  return {
    id: row.id,
    number: row.number,
    tenant_id: row.tenant_id,
    tenant_name: row.tenant_name ?? null,
    project_id: row.project_id,
    workorder_type_id: row.type_id,
    type_name: row.type_name ? local(row.type_name, lang) : null,
    question_id: row.question_id,
    title: row.title,
    contact: row.contact,
    phone: row.phone,
    email: row.email,
    urgency: row.urgency,
    contact_time: row.contact_time,
    description: row.description,
    resource_ids: row.resource_ids,
    status: row.status,
    rating: row.rating,
    rating_comment: row.rating_comment,
    sla_deadline: deadline.toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What this caller may do now (the screen offers exactly these). */
function allowed(caller: DeskCaller, status: WorkorderStatus, rated: boolean) {
  return {
    reply: repliesOpen(status),
    ...Object.fromEntries(
      (Object.keys(WORKORDER_TRANSITIONS) as WorkorderAction[]).map((a) => [
        a,
        (WORKORDER_TRANSITIONS[a].side === 'ops') === caller.ops && nextStatus(a, status) !== null,
      ]),
    ),
    rate: !caller.ops && canRate(status, rated),
  };
}

/** Tells people of a work order's news, in the writing transaction. */
async function tell(deps: DeskDeps, trx: Exec, userIds: string[], tenantId: string, key: string, wo: { id: string; number: string; title: string }) {
  await deps.notify.notify(
    {
      tenantId,
      projectId: null,
      userIds,
      category: 'workorder',
      messageKey: `desk:messages.${key}`,
      params: { number: wo.number, title: wo.title },
      link: `/workorderDetail/${wo.id}`,
      refId: wo.id,
    },
    trx as Db,
  );
}

/** The type, and the question when named, must exist and belong together. */
async function checkCatalogue(ex: Exec, input: WorkorderInput) {
  if (!(await workorderTypeById(ex, input.workorder_type_id))) throw badRequest('workorder_type_unknown');
  if (input.question_id) {
    const q = await questionById(ex, input.question_id);
    if (!q || q.type_id !== input.workorder_type_id) throw badRequest('workorder_question_unknown');
  }
}

/** The named attachments must be the caller's own uploads on no work order yet, together within the request limit. */
async function claimAttachments(trx: Exec, caller: DeskCaller, ids: string[]) {
  if (!ids.length) return;
  const atts = await lockAttachments(trx, ids);
  const usable = atts.filter((a) => a.uploader_id === caller.userId && a.workorder_id === null);
  if (usable.length !== new Set(ids).size) throw badRequest('attachment_unknown');
  if (usable.reduce((s, a) => s + a.size, 0) > UPLOAD_LIMITS.totalBytes) throw new AppError(413, 'upload_total_too_large', { max: '20 MB' });
}

function newWorkorderRow(caller: TenantCaller, input: WorkorderInput, id: string, now: Date) {
  return {
    id,
    number: workorderNumber(id, now),
    tenant_id: caller.tenantId,
    project_id: caller.projectId,
    creator_id: caller.userId,
    type_id: input.workorder_type_id,
    question_id: input.question_id ?? null,
    title: input.title,
    contact: input.contact,
    phone: input.phone,
    email: input.email,
    urgency: input.urgency,
    contact_time: input.contact_time,
    description: input.description,
    resource_ids: JSON.stringify(input.resource_ids),
    status: 'submitted',
    rating: null,
    rating_comment: null,
    created_at: now,
    updated_at: now,
  };
}

export async function createWorkorder(deps: DeskDeps, caller: TenantCaller, body: unknown, lang: Language, onWrite?: (trx: Kysely<Database>) => Promise<void>) {
  const input = workorderCreateSchema.parse(body);
  await checkCatalogue(deps.db, input);
  const row = newWorkorderRow(caller, input, newId(), new Date());
  await deps.db.transaction().execute(async (trx) => {
    await claimAttachments(trx, caller, input.attachment_ids);
    await insertWorkorder(trx, row);
    if (input.attachment_ids.length) await attachToWorkorder(trx, input.attachment_ids, row.id);
    await tell(deps, trx, await opsUserIds(trx), caller.tenantId, 'workorder_created', row);
    await onWrite?.(trx);
  });
  return getWorkorder(deps, caller, row.id, lang);
}

export async function listWorkorders(deps: DeskDeps, caller: DeskCaller, query: unknown, lang: Language) {
  return listWorkorderRows(deps.db, caller, query, (r) => workorderView(r, lang));
}

export async function getWorkorder(deps: DeskDeps, caller: DeskCaller, id: string, lang: Language) {
  const row = await workorderWithNames(deps.db, caller, id);
  if (!row) throw notFound();
  const [replies, attachments, question] = await Promise.all([
    workorderReplies(deps.db, id),
    workorderAttachments(deps.db, id),
    row.question_id ? questionById(deps.db, row.question_id) : undefined,
  ]);
  return {
    ...workorderView(row, lang),
    question_name: question ? local(question.name, lang) : null,
    replies: replies.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    attachments,
    viewer_side: caller.ops ? 'ops' : 'user',
    can: allowed(caller, row.status as WorkorderStatus, row.rating !== null),
  };
}

/** A reply in the thread. The operations side's first reply to a submitted work order takes it (处理中). */
export async function reply(deps: DeskDeps, caller: DeskCaller, id: string, body: unknown, lang: Language) {
  const input = replySchema.parse(body);
  await deps.db.transaction().execute(async (trx) => {
    const wo = await workorderOr404(trx, caller, id);
    if (!repliesOpen(wo.status as WorkorderStatus)) throw conflict('workorder_closed');
    const now = new Date();
    await insertReply(trx, {
      id: newId(),
      workorder_id: id,
      author_id: caller.userId,
      side: caller.ops ? 'ops' : 'user',
      content: input.content,
      created_at: now,
    });
    const taken = caller.ops && wo.status === 'submitted';
    await touchWorkorder(trx, id, now, taken ? 'processing' : undefined);
    if (caller.ops) await tell(deps, trx, [wo.creator_id], wo.tenant_id, 'workorder_replied', wo);
    else await tell(deps, trx, await opsUserIds(trx), wo.tenant_id, 'workorder_user_replied', wo);
  });
  return getWorkorder(deps, caller, id, lang);
}

export async function transition(deps: DeskDeps, caller: DeskCaller, id: string, action: WorkorderAction, lang: Language) {
  const rule = WORKORDER_TRANSITIONS[action];
  if ((rule.side === 'ops') !== caller.ops) throw new AppError(403, 'no_permission');
  await deps.db.transaction().execute(async (trx) => {
    const wo = await workorderOr404(trx, caller, id);
    const to = nextStatus(action, wo.status as WorkorderStatus);
    if (!to) throw conflict('workorder_state');
    // The status read above is the one changed: a concurrent change makes this update miss.
    if (!(await moveWorkorder(trx, id, wo.status, to))) throw conflict('workorder_state');
    if (caller.ops) await tell(deps, trx, [wo.creator_id], wo.tenant_id, `workorder_${to}`, wo);
    else await tell(deps, trx, await opsUserIds(trx), wo.tenant_id, `workorder_${to}`, wo);
  });
  return getWorkorder(deps, caller, id, lang);
}

export async function rate(deps: DeskDeps, caller: DeskCaller, id: string, body: unknown, lang: Language) {
  const input = ratingSchema.parse(body);
  if (caller.ops) throw new AppError(403, 'no_permission');
  const wo = await workorderOr404(deps.db, caller, id);
  if (!canRate(wo.status as WorkorderStatus, wo.rating !== null)) throw conflict('workorder_rating');
  if (!(await rateWorkorder(deps.db, id, input.score, input.comment || null))) throw conflict('workorder_rating');
  return getWorkorder(deps, caller, id, lang);
}
