// SQL of the service desk (issue 12): the catalogue, attachments, work orders with their thread, and
// feedback. Every function takes the executor first (the app's Kysely or an open transaction). Reads
// of work orders and feedback go through `visible`, so another tenant's id finds nothing.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';

export type Exec = Kysely<Database>;

/** Whose items a caller sees: the operations side every tenant's; anyone else one tenant's (and project's). */
export interface DeskVisibility {
  ops: boolean;
  tenantId: string | null;
  onlyProject: string | null;
}

const WORKORDER_LIST: ListSpec = {
  sortable: { created_at: 'workorders.created_at', updated_at: 'workorders.updated_at' },
  filters: { status: 'workorders.status', urgency: 'workorders.urgency', workorder_type_id: 'workorders.type_id' },
  defaultOrder: '-created_at',
  idColumn: 'workorders.id',
  search: { param: 'title', columns: ['workorders.title', 'workorders.number'] },
};

const FEEDBACK_LIST: ListSpec = {
  sortable: { created_at: 'feedbacks.created_at' },
  filters: { status: 'feedbacks.status', type: 'feedbacks.type' },
  defaultOrder: '-created_at',
  idColumn: 'feedbacks.id',
};

/** Narrows a query to the items the caller may see (another tenant's id reveals nothing). */
function visible<T extends { where: (...a: any[]) => T }>(qb: T, who: DeskVisibility, table: 'workorders' | 'feedbacks'): T {
  if (who.ops) return qb;
  let out = qb.where(`${table}.tenant_id`, '=', who.tenantId);
  if (who.onlyProject) out = out.where(`${table}.project_id`, '=', who.onlyProject);
  return out;
}

/** The platform's operations people, who hear of new work orders and users' replies. */
export async function opsUserIds(ex: Exec): Promise<string[]> {
  const rows = await ex.selectFrom('memberships').select('user_id').where('tenant_id', 'is', null).where('role', 'in', ['ops_admin', 'super_admin']).execute();
  return rows.map((r) => r.user_id);
}

// ── The catalogue ──

export async function workorderTypes(ex: Exec) {
  return ex.selectFrom('workorder_types').selectAll().orderBy('sort').execute();
}

export async function workorderQuestions(ex: Exec, typeId: string | null) {
  let qb = ex.selectFrom('workorder_questions').selectAll().orderBy('sort');
  if (typeId) qb = qb.where('type_id', '=', typeId);
  return qb.execute();
}

export async function workorderTemplates(ex: Exec, typeId: string | null) {
  let qb = ex.selectFrom('workorder_templates').selectAll().orderBy('sort');
  if (typeId) qb = qb.where('type_id', '=', typeId);
  return qb.execute();
}

export async function workorderTypeById(ex: Exec, id: string) {
  return ex.selectFrom('workorder_types').select('id').where('id', '=', id).executeTakeFirst();
}

export async function questionById(ex: Exec, id: string) {
  return ex.selectFrom('workorder_questions').select(['type_id', 'name']).where('id', '=', id).executeTakeFirst();
}

// ── Attachments ──

export async function insertAttachments(ex: Exec, rows: Insertable<Database['workorder_attachments']>[]) {
  await ex.insertInto('workorder_attachments').values(rows).execute();
}

export async function attachmentById(ex: Exec, id: string) {
  return ex.selectFrom('workorder_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the named attachments until the transaction ends (one upload goes to one work order). */
export async function lockAttachments(ex: Exec, ids: string[]) {
  return ex.selectFrom('workorder_attachments').select(['id', 'size', 'workorder_id', 'uploader_id']).where('id', 'in', ids).forUpdate().execute();
}

export async function attachToWorkorder(ex: Exec, ids: string[], workorderId: string) {
  await ex.updateTable('workorder_attachments').set({ workorder_id: workorderId }).where('id', 'in', ids).execute();
}

export async function workorderAttachments(ex: Exec, workorderId: string) {
  return ex.selectFrom('workorder_attachments').select(['id', 'name', 'mime', 'size']).where('workorder_id', '=', workorderId).orderBy('created_at').execute();
}

// ── Work orders ──

export async function insertWorkorder(ex: Exec, row: Insertable<Database['workorders']>) {
  await ex.insertInto('workorders').values(row).execute();
}

/** A work order the caller may see (the bare row), or undefined. */
export async function workorderById(ex: Exec, who: DeskVisibility, id: string) {
  return visible(ex.selectFrom('workorders').selectAll(), who, 'workorders').where('id', '=', id).executeTakeFirst();
}

const workorderJoined = (ex: Exec) =>
  ex
    .selectFrom('workorders')
    .innerJoin('workorder_types', 'workorder_types.id', 'workorders.type_id')
    .innerJoin('tenants', 'tenants.id', 'workorders.tenant_id');

/** A work order the caller may see with its type's and tenant's names, or undefined. */
export async function workorderWithNames(ex: Exec, who: DeskVisibility, id: string) {
  const qb = workorderJoined(ex).selectAll('workorders').select(['workorder_types.name as type_name', 'tenants.name as tenant_name']);
  return visible(qb, who, 'workorders').where('workorders.id', '=', id).executeTakeFirst();
}

export type WorkorderWithNames = NonNullable<Awaited<ReturnType<typeof workorderWithNames>>>;

/** One page of the work orders the caller may see (lib/list.ts: sort, filters, search, paging). */
export async function listWorkorders<T>(ex: Exec, who: DeskVisibility, query: unknown, map: (r: WorkorderWithNames) => T) {
  return runList(
    visible(workorderJoined(ex), who, 'workorders'),
    (qb) => qb.selectAll('workorders').select(['workorder_types.name as type_name', 'tenants.name as tenant_name']),
    query,
    WORKORDER_LIST,
    map,
  );
}

export async function workorderReplies(ex: Exec, workorderId: string) {
  return ex
    .selectFrom('workorder_replies')
    .innerJoin('users', 'users.id', 'workorder_replies.author_id')
    .select(['workorder_replies.id', 'workorder_replies.side', 'workorder_replies.content', 'workorder_replies.created_at', 'users.nickname as author'])
    .where('workorder_id', '=', workorderId)
    .orderBy('seq')
    .execute();
}

export async function insertReply(ex: Exec, row: Insertable<Database['workorder_replies']>) {
  await ex.insertInto('workorder_replies').values(row).execute();
}

/** Marks a work order touched, and taken (处理中) when `status` is given. */
export async function touchWorkorder(ex: Exec, id: string, now: Date, status?: string) {
  await ex
    .updateTable('workorders')
    .set({ updated_at: now, ...(status ? { status } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Moves a work order from `from` to `to`; answers false when its status is no longer `from`. */
export async function moveWorkorder(ex: Exec, id: string, from: string, to: string): Promise<boolean> {
  const done = await ex
    .updateTable('workorders')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Rates a resolved, unrated work order; answers false when it is not (any more). */
export async function rateWorkorder(ex: Exec, id: string, score: number, comment: string | null): Promise<boolean> {
  const done = await ex
    .updateTable('workorders')
    .set({ rating: score, rating_comment: comment, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'resolved')
    .where('rating', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

// ── Feedback ──

export async function insertFeedback(ex: Exec, row: Insertable<Database['feedbacks']>) {
  await ex.insertInto('feedbacks').values(row).execute();
}

/** A feedback the caller may see (the bare row), or undefined. */
export async function feedbackById(ex: Exec, who: DeskVisibility, id: string) {
  return visible(ex.selectFrom('feedbacks').selectAll(), who, 'feedbacks').where('id', '=', id).executeTakeFirst();
}

const feedbackJoined = (ex: Exec) => ex.selectFrom('feedbacks').innerJoin('tenants', 'tenants.id', 'feedbacks.tenant_id');

/** A feedback the caller may see with its tenant's name, or undefined. */
export async function feedbackWithTenant(ex: Exec, who: DeskVisibility, id: string) {
  const qb = feedbackJoined(ex).selectAll('feedbacks').select('tenants.name as tenant_name');
  return visible(qb, who, 'feedbacks').where('feedbacks.id', '=', id).executeTakeFirst();
}

export type FeedbackWithTenant = NonNullable<Awaited<ReturnType<typeof feedbackWithTenant>>>;

/** One page of the feedback the caller may see. */
export async function listFeedback<T>(ex: Exec, who: DeskVisibility, query: unknown, map: (r: FeedbackWithTenant) => T) {
  return runList(
    visible(feedbackJoined(ex), who, 'feedbacks'),
    (qb) => qb.selectAll('feedbacks').select('tenants.name as tenant_name'),
    query,
    FEEDBACK_LIST,
    map,
  );
}

/** Answers submitted feedback (已提交 → 已回复); false when it is no longer submitted. */
export async function answerFeedback(ex: Exec, id: string, replierId: string, content: string, now: Date): Promise<boolean> {
  const done = await ex
    .updateTable('feedbacks')
    .set({ status: 'replied', reply: content, replier_id: replierId, replied_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Closes submitted or answered feedback; false when it is already closed. */
export async function closeFeedback(ex: Exec, id: string): Promise<boolean> {
  const done = await ex
    .updateTable('feedbacks')
    .set({ status: 'closed', updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['submitted', 'replied'])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
