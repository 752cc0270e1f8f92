// Feedback of the service desk (/api/v1/opinions): filed by a tenant's user, answered once by the
// operations side, closed by either. Module functions over the slice's dependencies (deskService
// binds them); the SQL is in desk.repository.ts.
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { feedbackCreateSchema, replySchema } from '../../domain/desk-schemas.ts';
import type { Db } from '../platform/db/database.ts';
import {
  type FeedbackWithTenant,
  answerFeedback,
  closeFeedback as closeFeedbackRow,
  feedbackById,
  feedbackWithTenant,
  insertFeedback,
  listFeedback as listFeedbackRows,
} from './desk.repository.ts';
import type { DeskCaller, DeskDeps, TenantCaller } from './desk-deps.ts';

function feedbackView(r: FeedbackWithTenant) {
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_name ?? null,
    name: r.name,
    phone: r.phone,
    email: r.email,
    type: r.type,
    content: r.content,
    status: r.status,
    reply: r.reply,
    replied_at: r.replied_at ? new Date(r.replied_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function createFeedback(deps: DeskDeps, caller: TenantCaller, body: unknown) {
  const input = feedbackCreateSchema.parse(body);
  const now = new Date();
  const id = newId();
  await insertFeedback(deps.db, {
    id,
    tenant_id: caller.tenantId,
    project_id: caller.projectId,
    creator_id: caller.userId,
    ...input,
    status: 'submitted',
    reply: null,
    replier_id: null,
    replied_at: null,
    created_at: now,
    updated_at: now,
  });
  return getFeedback(deps, caller, id);
}

export async function listFeedback(deps: DeskDeps, caller: DeskCaller, query: unknown) {
  return listFeedbackRows(deps.db, caller, query, feedbackView);
}

export async function getFeedback(deps: DeskDeps, caller: DeskCaller, id: string) {
  const row = await feedbackWithTenant(deps.db, caller, id);
  if (!row) throw notFound();
  return { ...feedbackView(row), can: { reply: caller.ops && row.status === 'submitted', close: row.status !== 'closed' } };
}

/** The operations side answers feedback once (已提交 → 已回复). */
export async function replyFeedback(deps: DeskDeps, caller: DeskCaller, id: string, body: unknown) {
  if (!caller.ops) throw new AppError(403, 'no_permission');
  const input = replySchema.parse(body);
  await deps.db.transaction().execute(async (trx) => {
    const fb = await feedbackById(trx, caller, id);
    if (!fb) throw notFound();
    if (!(await answerFeedback(trx, id, caller.userId, input.content, new Date()))) throw conflict('feedback_state');
    await deps.notify.notify(
      {
        tenantId: fb.tenant_id,
        projectId: null,
        userIds: [fb.creator_id],
        category: 'workorder',
        messageKey: 'desk:messages.feedback_replied',
        params: { content: fb.content.slice(0, 20) },
        link: `/opinionDetail/${id}`,
        refId: id,
      },
      trx as Db,
    );
  });
  return getFeedback(deps, caller, id);
}

/** Either side closes feedback (已提交 or 已回复 → 已关闭). */
export async function closeFeedback(deps: DeskDeps, caller: DeskCaller, id: string) {
  const fb = await getFeedback(deps, caller, id);
  if (!(await closeFeedbackRow(deps.db, fb.id))) throw conflict('feedback_state');
  return getFeedback(deps, caller, id);
}
