// Every query of the notification slice (issue 26): per-user settings, devices (Web Push
// subscriptions), a project's team-chat robots, the delivery queue and the VAPID key pair. Each
// function takes the executor first (the app's Kysely or the caller's transaction) so a delivery is
// written in the transaction of the change it tells about.
import { sql, type Insertable } from 'kysely';
import type { NotifyChannelsTable, NotifyDeliveriesTable, PushSubscriptionsTable } from '../platform/db/tables.ts';
import type { Exec } from '../engine/engine.repository.ts';
import { chunks } from '../platform/lib/chunks.ts';

// ---- settings ----

export async function settingsOfUsers(ex: Exec, userIds: string[], category: string) {
  return ex.selectFrom('notify_settings').selectAll().where('user_id', 'in', userIds).where('category', '=', category).execute();
}

export async function settingsOfUser(ex: Exec, userId: string) {
  return ex.selectFrom('notify_settings').selectAll().where('user_id', '=', userId).execute();
}

export async function saveSetting(ex: Exec, userId: string, s: { category: string; site: boolean; email: boolean; push: boolean; chat: boolean }) {
  await ex
    .insertInto('notify_settings')
    .values({ user_id: userId, ...s })
    .onConflict((oc) => oc.columns(['user_id', 'category']).doUpdateSet({ site: s.site, email: s.email, push: s.push, chat: s.chat }))
    .execute();
}

// ---- people ----

export async function userEmail(ex: Exec, userId: string) {
  return ex.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

/** Which of the users have an e-mail address. */
export async function usersWithEmail(ex: Exec, userIds: string[]) {
  return ex.selectFrom('users').select('id').where('id', 'in', userIds).where('email', 'is not', null).where('email', '!=', '').execute();
}

// ---- devices ----

export async function subscriptionKeys(ex: Exec, id: string) {
  return ex.selectFrom('push_subscriptions').select(['endpoint', 'sealed_keys']).where('id', '=', id).executeTakeFirst();
}

export async function subscriptionsOfUsers(ex: Exec, userIds: string[]) {
  return ex.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();
}

export async function markSubscription(ex: Exec, id: string, ok: boolean, now: Date) {
  await ex
    .updateTable('push_subscriptions')
    .set({ last_status: ok ? 'ok' : 'failed', ...(ok ? {} : { last_error_at: now }) })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubscription(ex: Exec, id: string) {
  await ex.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** One row per endpoint: a device signed in as someone else now belongs to them. Answers the row's id. */
export async function upsertSubscription(ex: Exec, row: Insertable<PushSubscriptionsTable>) {
  await ex
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: row.user_id, sealed_keys: row.sealed_keys, last_status: null, last_error_at: null }))
    .execute();
  return ex.selectFrom('push_subscriptions').select('id').where('endpoint', '=', row.endpoint).executeTakeFirstOrThrow();
}

/** Answers how many rows went (0 or 1). */
export async function deleteUserSubscription(ex: Exec, userId: string, endpoint: string) {
  const res = await ex.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function devicesOf(ex: Exec, userId: string) {
  return ex.selectFrom('push_subscriptions').select(['id', 'user_agent', 'last_status', 'last_error_at', 'created_at']).where('user_id', '=', userId).execute();
}

// ---- robots ----

const CHANNEL_COLUMNS = [
  'id',
  'type',
  'name',
  'url_masked',
  'enabled',
  'last_status',
  'last_error',
  'last_error_at',
  'last_success_at',
  'created_at',
  'sealed',
] as const;

export async function channelSecret(ex: Exec, id: string) {
  return ex.selectFrom('notify_channels').select(['type', 'sealed', 'enabled']).where('id', '=', id).executeTakeFirst();
}

export async function markChannel(ex: Exec, id: string, ok: boolean, error: string | null, now: Date) {
  await ex
    .updateTable('notify_channels')
    .set(ok ? { last_status: 'ok', last_success_at: now } : { last_status: 'failed', last_error: error?.slice(0, 200) ?? null, last_error_at: now })
    .where('id', '=', id)
    .execute();
}

export async function enabledRobots(ex: Exec, projectIds: string[]) {
  return ex.selectFrom('notify_channels').select(['id', 'type', 'project_id']).where('project_id', 'in', projectIds).where('enabled', '=', true).execute();
}

export async function channelOfProject(ex: Exec, tenantId: string, projectId: string, id: string) {
  return ex
    .selectFrom('notify_channels')
    .select([...CHANNEL_COLUMNS])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export type ChannelRow = NonNullable<Awaited<ReturnType<typeof channelOfProject>>>;

export async function channelsOfProject(ex: Exec, tenantId: string, projectId: string) {
  return ex
    .selectFrom('notify_channels')
    .select([...CHANNEL_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countChannels(ex: Exec, projectId: string) {
  const { n } = await ex
    .selectFrom('notify_channels')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertChannel(ex: Exec, row: Insertable<NotifyChannelsTable>) {
  await ex.insertInto('notify_channels').values(row).execute();
}

export async function updateChannel(ex: Exec, id: string, values: Record<string, unknown>) {
  await ex.updateTable('notify_channels').set(values).where('id', '=', id).execute();
}

/** The robot and what it has not sent yet. */
export async function deleteChannel(ex: Exec, id: string) {
  await ex.deleteFrom('notify_deliveries').where('target_id', '=', id).where('state', '!=', 'sent').execute();
  await ex.deleteFrom('notify_channels').where('id', '=', id).execute();
}

// ---- deliveries ----

export async function insertDeliveries(ex: Exec, rows: Insertable<NotifyDeliveriesTable>[]) {
  for (const part of chunks(rows)) await ex.insertInto('notify_deliveries').values(part).execute();
}

/** Due deliveries, locked SKIP LOCKED and leased until `leaseUntil` (a crashed sender's come back then). */
export async function claimDueDeliveries(ex: Exec, now: Date, max: number, leaseUntil: Date) {
  const due = await ex
    .selectFrom('notify_deliveries')
    .select(['id', 'channel', 'target_id', 'user_id', 'message', 'attempts'])
    .where('state', 'in', ['queued', 'sending'])
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(max)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length)
    await ex
      .updateTable('notify_deliveries')
      .set({ state: 'sending', attempts: sql`attempts + 1`, next_at: leaseUntil })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .execute();
  return due;
}

export async function markDelivery(ex: Exec, id: string, values: { state: string; sent_at?: Date; last_error: string | null; next_at?: Date }) {
  await ex.updateTable('notify_deliveries').set(values).where('id', '=', id).execute();
}

// ---- the VAPID key pair ----

/** Keeps `value` under `name` unless a key of that name is stored already; answers the stored one. */
export async function keepServerKey(ex: Exec, name: string, value: string) {
  await ex
    .insertInto('server_keys')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await ex.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
