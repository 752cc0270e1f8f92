// Site messages (站内信): one row per recipient. Texts are stored as a key and parameters and
// rendered in the reader's language, so zh-CN and zh-TW readers see their own wording.
import { sql } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { t } from '../platform/lib/i18n.ts';
import { APPROVAL_EVENTS, type PendingEvent } from './approval-events.ts';
import { chunks } from '../platform/lib/chunks.ts';

export interface NewMessage {
  tenantId: string | null;
  category: string;
  /** a key under approvals:messages.* with `title` and `content` */
  messageKey: string;
  params: Record<string, string | number>;
  link: string | null;
  refId: string | null;
}

/** Writes one message per user (bulk) and answers the events to publish after commit. */
export async function sendSiteMessages(trx: Db, userIds: string[], msg: NewMessage, now: Date): Promise<PendingEvent[]> {
  return sendSiteMessagesMany(trx, [{ userIds, msg }], now);
}

/** Several messages, each to its users, in as few statements as the rows allow (500 rows each). */
export async function sendSiteMessagesMany(trx: Db, items: { userIds: string[]; msg: NewMessage }[], now: Date): Promise<PendingEvent[]> {
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
  for (const part of chunks(rows)) await trx.insertInto('site_messages').values(part).execute();
  return rows.map((r) => ({ name: APPROVAL_EVENTS.message, payload: { user_id: r.user_id, message_id: r.id, tenant_id: r.tenant_id } }));
}

const MESSAGE_LIST: ListSpec = {
  sortable: { created_at: 'site_messages.created_at' },
  filters: { category: 'site_messages.category', tenant_id: 'site_messages.tenant_id' },
  defaultOrder: '-created_at',
  idColumn: 'site_messages.id',
};

/** Parameters named `type` / `status` are codes rendered through the approvals labels. */
export function renderParams(lang: Language, params: Record<string, string | number>) {
  const out: Record<string, string | number> = { ...params };
  if (typeof params.type === 'string') out.type = t(lang, `approvals:type.${params.type}`);
  if (typeof params.status === 'string') out.status = t(lang, `approvals:status.${params.status}`);
  return out;
}

interface MessageRow {
  id: string;
  tenant_id: string | null;
  category: string;
  message_key: string;
  params: Record<string, string | number> | null;
  link: string | null;
  ref_id: string | null;
  read_at: Date | null;
  created_at: Date;
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

const COLUMNS = [
  'site_messages.id',
  'site_messages.tenant_id',
  'site_messages.category',
  'site_messages.message_key',
  'site_messages.params',
  'site_messages.link',
  'site_messages.ref_id',
  'site_messages.read_at',
  'site_messages.created_at',
] as const;

export function siteMessageService(db: Db) {
  return {
    async list(userId: string, query: Record<string, unknown>, lang: Language) {
      let base = db.selectFrom('site_messages').where('site_messages.user_id', '=', userId);
      if (query.status === 'unread') base = base.where('site_messages.read_at', 'is', null);
      else if (query.status === 'read') base = base.where('site_messages.read_at', 'is not', null);
      return runList(
        base,
        (qb) => qb.select([...COLUMNS]),
        query,
        MESSAGE_LIST,
        (r) => present(lang, r),
      );
    },
    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('site_messages')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** Marks one message read; false when it is not the caller's. */
    async markRead(userId: string, id: string, now: Date): Promise<boolean> {
      const own = await db.selectFrom('site_messages').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!own) return false;
      await db.updateTable('site_messages').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
      return true;
    },
    /** One of the caller's messages, or undefined. */
    async get(userId: string, id: string, lang: Language) {
      const r = await db
        .selectFrom('site_messages')
        .select([...COLUMNS])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r ? present(lang, r as MessageRow) : undefined;
    },
    /** Unread messages per category (the message centre's tabs). */
    async unreadByCategory(userId: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('site_messages')
        .select(['category', sql<number>`count(*)::int`.as('n')])
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .groupBy('category')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    },
    /** Deletes the caller's messages among `ids`; answers how many went. */
    async remove(userId: string, ids: string[]): Promise<number> {
      if (!ids.length) return 0;
      const res = await db.deleteFrom('site_messages').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    async markAllRead(userId: string, now: Date): Promise<number> {
      const res = await db.updateTable('site_messages').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}
export type SiteMessageService = ReturnType<typeof siteMessageService>;
