// All SQL of site messages (站内信): one row per recipient, read and deleted only by their user.
// Every function takes the executor first, so a decision's messages commit with the decision.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { chunks } from '../platform/lib/chunks.ts';

type Exec = Kysely<Database>;
export type MessageInsert = Insertable<Database['site_messages']>;

export interface MessageRow {
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

const MESSAGE_LIST: ListSpec = {
  sortable: { created_at: 'site_messages.created_at' },
  filters: { category: 'site_messages.category', tenant_id: 'site_messages.tenant_id' },
  defaultOrder: '-created_at',
  idColumn: 'site_messages.id',
};

/** Inserts the rows, 500 to a statement. */
export async function insertMessages(db: Exec, rows: MessageInsert[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('site_messages').values(part).execute();
}

/** One page of a user's messages (`status`: unread, read or both), each mapped by `map`. */
export async function listMessages<T>(db: Exec, userId: string, query: Record<string, unknown>, map: (r: MessageRow) => T) {
  let base = db.selectFrom('site_messages').where('site_messages.user_id', '=', userId);
  if (query.status === 'unread') base = base.where('site_messages.read_at', 'is', null);
  else if (query.status === 'read') base = base.where('site_messages.read_at', 'is not', null);
  return runList(base, (qb) => qb.select([...COLUMNS]), query, MESSAGE_LIST, map);
}

export async function unreadCount(db: Exec, userId: string): Promise<number> {
  const row = await db
    .selectFrom('site_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function unreadByCategory(db: Exec, userId: string): Promise<{ category: string; n: number }[]> {
  return db
    .selectFrom('site_messages')
    .select(['category', sql<number>`count(*)::int`.as('n')])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .groupBy('category')
    .execute();
}

export async function messageById(db: Exec, userId: string, id: string): Promise<MessageRow | undefined> {
  const r = await db
    .selectFrom('site_messages')
    .select([...COLUMNS])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r as MessageRow | undefined;
}

export async function isOwnMessage(db: Exec, userId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('site_messages').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst());
}

export async function markMessageRead(db: Exec, id: string, now: Date): Promise<void> {
  await db.updateTable('site_messages').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
}

/** Answers how many of the user's messages were marked read. */
export async function markAllMessagesRead(db: Exec, userId: string, now: Date): Promise<number> {
  const res = await db.updateTable('site_messages').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the user's messages among `ids`; answers how many went. */
export async function deleteMessages(db: Exec, userId: string, ids: string[]): Promise<number> {
  const res = await db.deleteFrom('site_messages').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The type, payload and title of requests some messages refer to (messages written before they carried the request's values). */
export async function requestsByIds(db: Exec, ids: string[]): Promise<{ id: string; type: string; payload: unknown; title: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom('approval_requests').select(['id', 'type', 'payload', 'title']).where('id', 'in', ids).execute();
}
