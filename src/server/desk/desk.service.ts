// The service desk (issue 12): work orders (types, questions, templates, attachments, a reply thread
// both ways, states, rating) and feedback. Tenants see only their own tenant's (and, when the scope
// names one, their project's) items; the operations side (platform roles: `oncall`, `admin`) sees
// every tenant's and answers. People hear of replies and state changes through the NotifyPort.
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import { AppError, badRequest, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Language } from '../../domain/errors.ts';
import {
  DOCUMENT_MIMES,
  IMAGE_MIMES,
  UPLOAD_LIMITS,
  canRate,
  nameMatchesType,
  feedbackCreateSchema,
  nextStatus,
  ratingSchema,
  replySchema,
  repliesOpen,
  slaDeadline,
  workorderCreateSchema,
  WORKORDER_TRANSITIONS,
  type Urgency,
  type WorkorderAction,
  type WorkorderStatus,
} from '../../domain/desk.ts';
import type { Db } from '../db/database.ts';
import type { Database, LocalText } from '../db/tables.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import { runList, type ListSpec } from '../lib/list.ts';

/** Who is asking: the operations side sees every tenant; anyone else one tenant (and project). */
export interface DeskCaller {
  userId: string;
  ops: boolean;
  tenantId: string | null;
  /** the project new items are filed under (the scope's) */
  projectId: string | null;
  /** a caller holding only project roles sees that project's items; a tenant-wide role the tenant's */
  onlyProject: string | null;
}

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

const local = (text: LocalText, lang: Language) => text[lang] ?? text['zh-CN'] ?? '';

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

/** The mime type an upload really has, read from its bytes (never from its name); null if not accepted. */
export async function sniffMime(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return (IMAGE_MIMES as readonly string[]).includes(found.mime) || (DOCUMENT_MIMES as readonly string[]).includes(found.mime) ? found.mime : null;
  // Plain text has no magic number: accept it only when it is valid UTF-8 without control bytes.
  const text = bytes.toString('utf8');
  let control = false;
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20)) control = true;
  return !text.includes('\uFFFD') && !control ? 'text/plain' : null;
}

function workorderNumber(id: string, now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .replaceAll('-', '');
  return `GD${day}${id.slice(0, 6).toUpperCase()}`;
}

export function deskService(db: Db, notify: NotifyPort) {
  /** A work order the caller may see, or 404 (another tenant's id reveals nothing). */
  function visible<T extends { where: (...a: any[]) => T }>(qb: T, caller: DeskCaller, table: 'workorders' | 'feedbacks'): T {
    if (caller.ops) return qb;
    let out = qb.where(`${table}.tenant_id`, '=', caller.tenantId);
    if (caller.onlyProject) out = out.where(`${table}.project_id`, '=', caller.onlyProject);
    return out;
  }

  async function opsUserIds(trx: Kysely<Database>): Promise<string[]> {
    const rows = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_id', 'is', null)
      .where('role', 'in', ['ops_admin', 'super_admin'])
      .execute();
    return rows.map((r) => r.user_id);
  }

  async function workorderRow(caller: DeskCaller, id: string, trx: Kysely<Database> = db) {
    const row = await visible(trx.selectFrom('workorders').selectAll(), caller, 'workorders').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  function workorderView(row: Database['workorders'] extends infer _ ? any : never, lang: Language) {
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

  async function tell(trx: Kysely<Database>, userIds: string[], tenantId: string, key: string, wo: { id: string; number: string; title: string }) {
    await notify.notify(
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

  return {
    async types(lang: Language) {
      const rows = await db.selectFrom('workorder_types').selectAll().orderBy('sort').execute();
      return { count: rows.length, data: rows.map((r) => ({ id: r.id, name: local(r.name, lang), description: local(r.description, lang) })) };
    },

    async questions(lang: Language, typeId: unknown) {
      let qb = db.selectFrom('workorder_questions').selectAll().orderBy('sort');
      if (typeof typeId === 'string' && typeId) qb = qb.where('type_id', '=', typeId);
      const rows = await qb.execute();
      return { count: rows.length, data: rows.map((r) => ({ id: r.id, workorder_type_id: r.type_id, name: local(r.name, lang) })) };
    },

    async templates(lang: Language, typeId: unknown) {
      let qb = db.selectFrom('workorder_templates').selectAll().orderBy('sort');
      if (typeof typeId === 'string' && typeId) qb = qb.where('type_id', '=', typeId);
      const rows = await qb.execute();
      return {
        count: rows.length,
        data: rows.map((r) => ({ id: r.id, workorder_type_id: r.type_id, name: local(r.name, lang), content: local(r.content, lang) })),
      };
    },

    /**
     * Stores uploaded files after checking each by its content: an accepted type, images (jpg/png)
     * at most 2 MB, any file at most 10 MB, all of one request at most 20 MB. Nothing is stored
     * unless every file passes.
     */
    async upload(caller: DeskCaller & { tenantId: string }, files: UploadedFile[]) {
      if (files.length === 0) throw badRequest('upload_empty');
      if (files.length > UPLOAD_LIMITS.maxFiles) throw badRequest('upload_too_many', { max: UPLOAD_LIMITS.maxFiles });
      let total = 0;
      const checked: { name: string; mime: string; bytes: Buffer }[] = [];
      for (const f of files) {
        total += f.bytes.length;
        if (f.bytes.length > UPLOAD_LIMITS.fileBytes) throw new AppError(413, 'upload_file_too_large', { name: `「${f.filename}」`, max: '10 MB' });
        if (total > UPLOAD_LIMITS.totalBytes) throw new AppError(413, 'upload_total_too_large', { max: '20 MB' });
        const mime = await sniffMime(f.bytes);
        if (!mime || !nameMatchesType(f.filename, mime)) throw new AppError(415, 'upload_type', { name: f.filename });
        if ((IMAGE_MIMES as readonly string[]).includes(mime) && f.bytes.length > UPLOAD_LIMITS.imageBytes)
          throw new AppError(413, 'upload_image_too_large', { name: `「${f.filename}」`, max: '2 MB' });
        checked.push({ name: f.filename.slice(0, 120) || 'file', mime, bytes: f.bytes });
      }
      const now = new Date();
      const rows = checked.map((c) => ({
        id: newId(),
        tenant_id: caller.tenantId,
        uploader_id: caller.userId,
        workorder_id: null,
        name: c.name,
        mime: c.mime,
        size: c.bytes.length,
        data: c.bytes,
        created_at: now,
      }));
      await db.insertInto('workorder_attachments').values(rows).execute();
      return { count: rows.length, data: rows.map((r) => ({ id: r.id, name: r.name, mime: r.mime, size: r.size })) };
    },

    async attachment(caller: DeskCaller, id: string) {
      const row = await db.selectFrom('workorder_attachments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      // An attachment not yet on a work order is its uploader's; one on a work order follows it.
      if (row.workorder_id) await workorderRow(caller, row.workorder_id);
      else if (row.uploader_id !== caller.userId) throw notFound();
      return row;
    },

    async createWorkorder(caller: DeskCaller & { tenantId: string }, body: unknown, lang: Language, onWrite?: (trx: Kysely<Database>) => Promise<void>) {
      const input = workorderCreateSchema.parse(body);
      const type = await db.selectFrom('workorder_types').select('id').where('id', '=', input.workorder_type_id).executeTakeFirst();
      if (!type) throw badRequest('workorder_type_unknown');
      if (input.question_id) {
        const q = await db.selectFrom('workorder_questions').select('type_id').where('id', '=', input.question_id).executeTakeFirst();
        if (!q || q.type_id !== input.workorder_type_id) throw badRequest('workorder_question_unknown');
      }
      const id = newId();
      const now = new Date();
      const number = workorderNumber(id, now);
      await db.transaction().execute(async (trx) => {
        if (input.attachment_ids.length) {
          const atts = await trx
            .selectFrom('workorder_attachments')
            .select(['id', 'size', 'workorder_id', 'uploader_id'])
            .where('id', 'in', input.attachment_ids)
            .forUpdate()
            .execute();
          const usable = atts.filter((a) => a.uploader_id === caller.userId && a.workorder_id === null);
          if (usable.length !== new Set(input.attachment_ids).size) throw badRequest('attachment_unknown');
          if (usable.reduce((s, a) => s + a.size, 0) > UPLOAD_LIMITS.totalBytes) throw new AppError(413, 'upload_total_too_large', { max: '20 MB' });
        }
        await trx
          .insertInto('workorders')
          .values({
            id,
            number,
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
          })
          .execute();
        if (input.attachment_ids.length)
          await trx.updateTable('workorder_attachments').set({ workorder_id: id }).where('id', 'in', input.attachment_ids).execute();
        await tell(trx, await opsUserIds(trx), caller.tenantId, 'workorder_created', { id, number, title: input.title });
        await onWrite?.(trx);
      });
      return this.getWorkorder(caller, id, lang);
    },

    async listWorkorders(caller: DeskCaller, query: unknown, lang: Language) {
      const base = visible(
        db
          .selectFrom('workorders')
          .innerJoin('workorder_types', 'workorder_types.id', 'workorders.type_id')
          .innerJoin('tenants', 'tenants.id', 'workorders.tenant_id'),
        caller,
        'workorders',
      );
      return runList(
        base,
        (qb) => qb.selectAll('workorders').select(['workorder_types.name as type_name', 'tenants.name as tenant_name']),
        query,
        WORKORDER_LIST,
        (r) => workorderView(r, lang),
      );
    },

    async getWorkorder(caller: DeskCaller, id: string, lang: Language) {
      const row = await visible(
        db
          .selectFrom('workorders')
          .innerJoin('workorder_types', 'workorder_types.id', 'workorders.type_id')
          .innerJoin('tenants', 'tenants.id', 'workorders.tenant_id')
          .selectAll('workorders')
          .select(['workorder_types.name as type_name', 'tenants.name as tenant_name']),
        caller,
        'workorders',
      )
        .where('workorders.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const [replies, attachments, question] = await Promise.all([
        db
          .selectFrom('workorder_replies')
          .innerJoin('users', 'users.id', 'workorder_replies.author_id')
          .select(['workorder_replies.id', 'workorder_replies.side', 'workorder_replies.content', 'workorder_replies.created_at', 'users.nickname as author'])
          .where('workorder_id', '=', id)
          .orderBy('seq')
          .execute(),
        db.selectFrom('workorder_attachments').select(['id', 'name', 'mime', 'size']).where('workorder_id', '=', id).orderBy('created_at').execute(),
        row.question_id ? db.selectFrom('workorder_questions').select('name').where('id', '=', row.question_id).executeTakeFirst() : undefined,
      ]);
      return {
        ...workorderView(row, lang),
        question_name: question ? local(question.name, lang) : null,
        replies: replies.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
        attachments,
        viewer_side: caller.ops ? 'ops' : 'user',
        // What this caller may do now (the screen offers exactly these).
        can: {
          reply: repliesOpen(row.status as WorkorderStatus),
          ...Object.fromEntries(
            (Object.keys(WORKORDER_TRANSITIONS) as WorkorderAction[]).map((a) => [
              a,
              (WORKORDER_TRANSITIONS[a].side === 'ops') === caller.ops && nextStatus(a, row.status as WorkorderStatus) !== null,
            ]),
          ),
          rate: !caller.ops && canRate(row.status as WorkorderStatus, row.rating !== null),
        },
      };
    },

    /** A reply in the thread. The operations side's first reply to a submitted work order takes it (处理中). */
    async reply(caller: DeskCaller, id: string, body: unknown, lang: Language) {
      const input = replySchema.parse(body);
      await db.transaction().execute(async (trx) => {
        const wo = await workorderRow(caller, id, trx);
        if (!repliesOpen(wo.status as WorkorderStatus)) throw conflict('workorder_closed');
        const now = new Date();
        await trx
          .insertInto('workorder_replies')
          .values({ id: newId(), workorder_id: id, author_id: caller.userId, side: caller.ops ? 'ops' : 'user', content: input.content, created_at: now })
          .execute();
        const taken = caller.ops && wo.status === 'submitted';
        await trx
          .updateTable('workorders')
          .set({ updated_at: now, ...(taken ? { status: 'processing' } : {}) })
          .where('id', '=', id)
          .execute();
        if (caller.ops) await tell(trx, [wo.creator_id], wo.tenant_id, 'workorder_replied', wo);
        else await tell(trx, await opsUserIds(trx), wo.tenant_id, 'workorder_user_replied', wo);
      });
      return this.getWorkorder(caller, id, lang);
    },

    async transition(caller: DeskCaller, id: string, action: WorkorderAction, lang: Language) {
      const rule = WORKORDER_TRANSITIONS[action];
      if ((rule.side === 'ops') !== caller.ops) throw new AppError(403, 'no_permission');
      await db.transaction().execute(async (trx) => {
        const wo = await workorderRow(caller, id, trx);
        const to = nextStatus(action, wo.status as WorkorderStatus);
        if (!to) throw conflict('workorder_state');
        // The status read above is the one changed: a concurrent change makes this update miss.
        const done = await trx
          .updateTable('workorders')
          .set({ status: to, updated_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', wo.status)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw conflict('workorder_state');
        if (caller.ops) await tell(trx, [wo.creator_id], wo.tenant_id, `workorder_${to}`, wo);
        else await tell(trx, await opsUserIds(trx), wo.tenant_id, `workorder_${to}`, wo);
      });
      return this.getWorkorder(caller, id, lang);
    },

    async rate(caller: DeskCaller, id: string, body: unknown, lang: Language) {
      const input = ratingSchema.parse(body);
      if (caller.ops) throw new AppError(403, 'no_permission');
      const wo = await workorderRow(caller, id);
      if (!canRate(wo.status as WorkorderStatus, wo.rating !== null)) throw conflict('workorder_rating');
      const done = await db
        .updateTable('workorders')
        .set({ rating: input.score, rating_comment: input.comment || null, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'resolved')
        .where('rating', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw conflict('workorder_rating');
      return this.getWorkorder(caller, id, lang);
    },

    async createFeedback(caller: DeskCaller & { tenantId: string }, body: unknown) {
      const input = feedbackCreateSchema.parse(body);
      const now = new Date();
      const id = newId();
      await db
        .insertInto('feedbacks')
        .values({
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
        })
        .execute();
      return this.getFeedback(caller, id);
    },

    async listFeedback(caller: DeskCaller, query: unknown) {
      const base = visible(db.selectFrom('feedbacks').innerJoin('tenants', 'tenants.id', 'feedbacks.tenant_id'), caller, 'feedbacks');
      return runList(base, (qb) => qb.selectAll('feedbacks').select('tenants.name as tenant_name'), query, FEEDBACK_LIST, feedbackView);
    },

    async getFeedback(caller: DeskCaller, id: string) {
      const row = await visible(
        db.selectFrom('feedbacks').innerJoin('tenants', 'tenants.id', 'feedbacks.tenant_id').selectAll('feedbacks').select('tenants.name as tenant_name'),
        caller,
        'feedbacks',
      )
        .where('feedbacks.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return { ...feedbackView(row), can: { reply: caller.ops && row.status === 'submitted', close: row.status !== 'closed' } };
    },

    /** The operations side answers feedback once (已提交 → 已回复). */
    async replyFeedback(caller: DeskCaller, id: string, body: unknown) {
      if (!caller.ops) throw new AppError(403, 'no_permission');
      const input = replySchema.parse(body);
      await db.transaction().execute(async (trx) => {
        const fb = await visible(trx.selectFrom('feedbacks').selectAll(), caller, 'feedbacks').where('id', '=', id).executeTakeFirst();
        if (!fb) throw notFound();
        const now = new Date();
        const done = await trx
          .updateTable('feedbacks')
          .set({ status: 'replied', reply: input.content, replier_id: caller.userId, replied_at: now, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', 'submitted')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw conflict('feedback_state');
        await notify.notify(
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
      return this.getFeedback(caller, id);
    },

    /** Either side closes feedback (已提交 or 已回复 → 已关闭). */
    async closeFeedback(caller: DeskCaller, id: string) {
      const fb = await this.getFeedback(caller, id);
      const done = await db
        .updateTable('feedbacks')
        .set({ status: 'closed', updated_at: new Date() })
        .where('id', '=', fb.id)
        .where('status', 'in', ['submitted', 'replied'])
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw conflict('feedback_state');
      return this.getFeedback(caller, id);
    },
  };
}

function feedbackView(r: any) {
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

export type DeskService = ReturnType<typeof deskService>;
