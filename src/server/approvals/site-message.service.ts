// Site messages (站内信): one row per recipient. Texts are stored as a key and parameters and
// rendered in the reader's language, so zh-CN and zh-TW readers see their own wording. All SQL is
// in site-message.repository.ts.
import { newId } from '../../domain/ids.ts';
import type { Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import { sharedT, t } from '../platform/lib/i18n.ts';
import { hasSubject, requestSubject, subjectSummary } from '../../domain/approvals/request-summary.ts';
import { APPROVAL_EVENTS, type PendingEvent } from './approval-events.ts';
import {
  deleteMessages,
  insertMessages,
  isOwnMessage,
  listMessages,
  markAllMessagesRead,
  markMessageRead,
  messageById,
  requestsByIds,
  unreadByCategory as unreadRows,
  unreadCount as countUnread,
  type MessageInsert,
  type MessageRow,
} from './site-message.repository.ts';

export interface NewMessage {
  tenantId: string | null;
  category: string;
  /** a key under approvals:messages.* with `title` and `content` */
  messageKey: string;
  params: Record<string, string | number>;
  link: string | null;
  refId: string | null;
}

/** The rows of several messages, each to its users (once each), and the events to publish after commit. */
export function messageRows(items: { userIds: string[]; msg: NewMessage }[], now: Date): { rows: MessageInsert[]; events: PendingEvent[] } {
  const rows = items.flatMap(({ userIds, msg }) =>
    [...new Set(userIds)].map((userId) => ({
      id: newId(),
      user_id: userId,
      tenant_id: msg.tenantId,
      category: msg.category,
      message_key: msg.messageKey,
      params: JSON.stringify(msg.params),
      link: msg.link,
      ref_id: msg.refId,
      read_at: null,
      created_at: now,
    })),
  );
  const events: PendingEvent[] = rows.map((r) => ({
    name: APPROVAL_EVENTS.message,
    payload: { user_id: r.user_id, message_id: r.id, tenant_id: r.tenant_id },
  }));
  return { rows, events };
}

/** Writes one message per user (bulk) and answers the events to publish after commit. */
export async function sendSiteMessages(trx: Db, userIds: string[], msg: NewMessage, now: Date): Promise<PendingEvent[]> {
  return sendSiteMessagesMany(trx, [{ userIds, msg }], now);
}

/** Several messages, each to its users, in as few statements as the rows allow (500 rows each). */
export async function sendSiteMessagesMany(trx: Db, items: { userIds: string[]; msg: NewMessage }[], now: Date): Promise<PendingEvent[]> {
  const { rows, events } = messageRows(items, now);
  await insertMessages(trx, rows);
  return events;
}

/**
 * Parameters named `type` / `status` are codes rendered through the approvals labels; a request's
 * `title` is the sentence its subject says in the reader's language (request-summary.ts), never the
 * stored language-neutral title.
 */
export function renderParams(lang: Language, params: Record<string, string | number>) {
  const out: Record<string, string | number> = { ...params };
  if (hasSubject(params)) out.title = subjectSummary(sharedT(lang), params);
  if (typeof params.type === 'string') out.type = t(lang, `approvals:type.${params.type}`);
  if (typeof params.status === 'string') out.status = t(lang, `approvals:status.${params.status}`);
  return out;
}

function present(lang: Language, r: MessageRow) {
  const params = renderParams(lang, r.params ?? {});
  // Approval messages keep their short keys; other services store full keys (notify-port.ts).
  const key = r.message_key.includes(':') ? r.message_key : `approvals:messages.${r.message_key}`;
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    category: r.category,
    title: t(lang, `${key}.title`, params),
    content: t(lang, `${key}.content`, params),
    link: r.link,
    ref_id: r.ref_id,
    status: r.read_at ? 'read' : 'unread',
    read_at: r.read_at,
    created_at: r.created_at,
  };
}

/**
 * Approval messages written before they carried their request's values (only its stored title):
 * the values are read from the request they refer to, so they read as a sentence too.
 */
async function withSubjects(db: Db, rows: MessageRow[]): Promise<MessageRow[]> {
  const old = rows.filter((r) => r.category === 'approval' && r.ref_id && !r.message_key.includes(':') && !hasSubject(r.params));
  if (!old.length) return rows;
  const requests = new Map((await requestsByIds(db, [...new Set(old.map((r) => r.ref_id!))])).map((q) => [q.id, q]));
  return rows.map((r) => {
    const q = r.ref_id && old.includes(r) ? requests.get(r.ref_id) : undefined;
    return q ? { ...r, params: { ...requestSubject(q), ...(r.params ?? {}) } } : r;
  });
}

export async function list(db: Db, userId: string, query: Record<string, unknown>, lang: Language) {
  const page = await listMessages(db, userId, query, (r) => r);
  return { ...page, data: (await withSubjects(db, page.data)).map((r) => present(lang, r)) };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return countUnread(db, userId);
}

/** Marks one message read; false when it is not the caller's. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  if (!(await isOwnMessage(db, userId, id))) return false;
  await markMessageRead(db, id, now);
  return true;
}

/** One of the caller's messages, or undefined. */
export async function get(db: Db, userId: string, id: string, lang: Language) {
  const r = await messageById(db, userId, id);
  return r ? present(lang, (await withSubjects(db, [r]))[0]!) : undefined;
}

/** Unread messages per category (the message centre's tabs). */
export async function unreadByCategory(db: Db, userId: string): Promise<Record<string, number>> {
  const rows = await unreadRows(db, userId);
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

/** Deletes the caller's messages among `ids`; answers how many went. */
export async function remove(db: Db, userId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return deleteMessages(db, userId, ids);
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  return markAllMessagesRead(db, userId, now);
}

/** The functions above bound to the app's database (composition.ts; routes call `ctx.siteMessages.…`). */
export function siteMessageService(db: Db) {
  return {
    list: list.bind(null, db),
    unreadCount: unreadCount.bind(null, db),
    markRead: markRead.bind(null, db),
    get: get.bind(null, db),
    unreadByCategory: unreadByCategory.bind(null, db),
    remove: remove.bind(null, db),
    markAllRead: markAllRead.bind(null, db),
  };
}
export type SiteMessageService = ReturnType<typeof siteMessageService>;
