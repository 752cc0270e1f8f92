// The notification service behind NotifyPort (ARCHITECTURE "Notifications"). Each receiver gets,
// per their settings for the message's category (notify_settings, all on by default): a site message
// with its event-stream push at once; a Web Push to every device they subscribed; an e-mail when
// SMTP_URL is set and they have an address; and the project's team-chat robots hear it once when
// at least one receiver keeps 群机器人 on. Every outside delivery is a row in notify_deliveries,
// written in the caller's transaction (a rolled-back change tells no one) and sent by the engine's
// scheduler: claimed with FOR UPDATE SKIP LOCKED (several processes), retried with doubling back-off,
// its last outcome kept on the channel or subscription so a failing one shows as 发送失败.
import { sql, type Insertable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import type { Language } from '../../domain/errors.ts';
import {
  DEFAULT_SETTING,
  NOTIFY_CATEGORIES,
  channelCreateSchema,
  channelUpdateSchema,
  pushSubscriptionSchema,
  settingsSchema,
  type CategorySetting,
  type ChannelSwitches,
  type ChatType,
} from '../../domain/notify.ts';
import type { Db } from '../db/database.ts';
import type { NotifyDeliveriesTable } from '../db/tables.ts';
import type { EventBus } from '../events/bus.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { t } from '../lib/i18n.ts';
import { sendSiteMessagesMany } from '../approvals/site-message.service.ts';
import { publish } from '../approvals/approval-events.ts';
import { siteMessageOf, type NotifyPort } from './notify-port.ts';
import { buildMessage, type OutboundMessage } from './message.ts';
import { maskUrl, sendToRobot } from './chat-robots.ts';
import { GoneError, mailer, sendPush, vapidKeys, type Vapid } from './outside-channels.ts';
import { chunks } from '../lib/chunks.ts';

export interface NotificationDeps {
  db: Db;
  bus: EventBus;
  secrets: SecretBox;
  smtpUrl: string | undefined;
  /** absolute base of deep links */
  publicUrl: string;
  /** sender address of e-mails and the VAPID subject */
  senderEmail: string;
  retryMs: number;
  log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}

/** Attempts before a delivery is given up (1 + retries after 1, 2, 4, 8 × NOTIFY_RETRY_MS). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed delivery stays with its process before another may take it over. */
const LEASE_MS = 120_000;
const LANG: Language = 'zh-CN';

type Channel = 'push' | 'email' | ChatType;

export function notificationService(deps: NotificationDeps) {
  const { db, secrets } = deps;
  let vapid: Promise<Vapid> | null = null;
  const keys = () => (vapid ??= vapidKeys(db, secrets));
  const mail = deps.smtpUrl ? mailer(deps.smtpUrl, `云枢 <${deps.senderEmail}>`) : null;

  async function settingsOf(trx: Db, userIds: string[], category: string): Promise<Map<string, ChannelSwitches>> {
    const out = new Map<string, ChannelSwitches>(userIds.map((u) => [u, { ...DEFAULT_SETTING }]));
    if (!userIds.length) return out;
    const rows = await trx.selectFrom('notify_settings').selectAll().where('user_id', 'in', userIds).where('category', '=', category).execute();
    for (const r of rows) out.set(r.user_id, { site: r.site, email: r.email, push: r.push, chat: r.chat });
    return out;
  }

  /** Sends one delivery now; throws with a short reason on failure. */
  async function deliver(d: { channel: string; target_id: string | null; user_id: string | null; message: OutboundMessage }): Promise<void> {
    if (d.channel === 'push') {
      const sub = await db.selectFrom('push_subscriptions').select(['endpoint', 'sealed_keys']).where('id', '=', d.target_id!).executeTakeFirst();
      if (!sub) throw new GoneError('subscription removed');
      const k = secrets.open(sub.sealed_keys) as { p256dh: string; auth: string };
      await sendPush(await keys(), `mailto:${deps.senderEmail}`, { endpoint: sub.endpoint, p256dh: k.p256dh, auth: k.auth }, d.message);
      return;
    }
    if (d.channel === 'email') {
      if (!mail) throw new Error('SMTP_URL not set');
      const user = await db.selectFrom('users').select('email').where('id', '=', d.user_id!).executeTakeFirst();
      if (!user?.email) throw new GoneError('no e-mail address');
      await mail.send(user.email, d.message);
      return;
    }
    const ch = await db.selectFrom('notify_channels').select(['type', 'sealed', 'enabled']).where('id', '=', d.target_id!).executeTakeFirst();
    if (!ch) throw new GoneError('channel removed');
    const open = secrets.open(ch.sealed) as { url: string; secret: string | null };
    await sendToRobot({ type: ch.type as ChatType, url: open.url, secret: open.secret }, d.message);
  }

  /** The outcome on the channel / subscription (what the channel page shows). */
  async function recordTarget(channel: string, targetId: string | null, ok: boolean, error: string | null, now: Date) {
    if (!targetId) return;
    if (channel === 'push') {
      await db
        .updateTable('push_subscriptions')
        .set({ last_status: ok ? 'ok' : 'failed', ...(ok ? {} : { last_error_at: now }) })
        .where('id', '=', targetId)
        .execute();
    } else if (channel !== 'email') {
      await db
        .updateTable('notify_channels')
        .set(ok ? { last_status: 'ok', last_success_at: now } : { last_status: 'failed', last_error: error?.slice(0, 200) ?? null, last_error_at: now })
        .where('id', '=', targetId)
        .execute();
    }
  }

  /**
   * Every notification as `notify` describes it, in a fixed number of statements however many there
   * are: the settings per category, the site messages, the receivers' devices, addresses and the
   * projects' robots are each read or written once (in chunks of 500 rows).
   */
  const notifyMany: NotifyPort['notifyMany'] = async (inputs, trx) => {
    if (!inputs.length) return;
    const q = trx ?? db;
    const now = new Date();
    const settingsBy = new Map<string, Map<string, ChannelSwitches>>();
    for (const category of new Set(inputs.map((i) => i.category))) {
      const users = [...new Set(inputs.filter((i) => i.category === category).flatMap((i) => i.userIds))];
      settingsBy.set(category, await settingsOf(q, users, category));
    }
    const items = inputs.map((input) => {
      const users = [...new Set(input.userIds)];
      const settings = settingsBy.get(input.category)!;
      const wants = (channel: keyof ChannelSwitches) => users.filter((u) => settings.get(u)![channel]);
      // A robot speaks to the whole group: once per message, when someone concerned wants it.
      const robots = !!input.projectId && (users.length === 0 || wants('chat').length > 0);
      return { input, site: wants('site'), push: wants('push'), email: wants('email'), robots };
    });
    const events = await sendSiteMessagesMany(
      q,
      items.map((i) => ({ userIds: i.site, msg: siteMessageOf(i.input) })),
      now,
    );

    const pushUsers = [...new Set(items.flatMap((i) => i.push))];
    const subsOf = new Map<string, string[]>();
    if (pushUsers.length)
      for (const s of await q.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', pushUsers).execute())
        subsOf.set(s.user_id, [...(subsOf.get(s.user_id) ?? []), s.id]);
    const mailUsers = [...new Set(items.flatMap((i) => i.email))];
    const addressed = new Set<string>();
    if (mail && mailUsers.length)
      for (const u of await q.selectFrom('users').select('id').where('id', 'in', mailUsers).where('email', 'is not', null).where('email', '!=', '').execute())
        addressed.add(u.id);
    const robotProjects = [...new Set(items.filter((i) => i.robots).map((i) => i.input.projectId!))];
    const robotsOf = new Map<string, { id: string; type: string }[]>();
    if (robotProjects.length)
      for (const r of await q
        .selectFrom('notify_channels')
        .select(['id', 'type', 'project_id'])
        .where('project_id', 'in', robotProjects)
        .where('enabled', '=', true)
        .execute())
        robotsOf.set(r.project_id, [...(robotsOf.get(r.project_id) ?? []), r]);

    const rows: Insertable<NotifyDeliveriesTable>[] = [];
    for (const { input, push, email, robots } of items) {
      const targets: { channel: Channel; target_id: string | null; user_id: string | null }[] = [];
      for (const u of push) for (const id of subsOf.get(u) ?? []) targets.push({ channel: 'push', target_id: id, user_id: u });
      for (const u of email) if (addressed.has(u)) targets.push({ channel: 'email', target_id: null, user_id: u });
      if (robots) for (const r of robotsOf.get(input.projectId!) ?? []) targets.push({ channel: r.type as ChatType, target_id: r.id, user_id: null });
      if (!targets.length) continue;
      const message = JSON.stringify(buildMessage(input, deps.publicUrl, LANG));
      for (const t of targets)
        rows.push({
          id: newId(),
          tenant_id: input.tenantId,
          project_id: input.projectId,
          user_id: t.user_id,
          channel: t.channel,
          target_id: t.target_id,
          category: input.category,
          message,
          state: 'queued',
          next_at: now,
          last_error: null,
          created_at: now,
          sent_at: null,
        });
    }
    for (const part of chunks(rows)) await q.insertInto('notify_deliveries').values(part).execute();
    publish(deps.bus, db, events);
  };
  const notify: NotifyPort['notify'] = (input, trx) => notifyMany([input], trx);

  /** Scheduler worker: sends due deliveries (claimed SKIP LOCKED), retrying failures with back-off. */
  async function runDue(max = 20): Promise<number> {
    const now = new Date();
    const claimed = await db.transaction().execute(async (trx) => {
      const due = await trx
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
        await trx
          .updateTable('notify_deliveries')
          .set({ state: 'sending', attempts: sql`attempts + 1`, next_at: new Date(now.getTime() + LEASE_MS) })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .execute();
      return due;
    });
    for (const d of claimed) {
      const attempt = d.attempts + 1;
      const message = (typeof d.message === 'string' ? JSON.parse(d.message) : d.message) as OutboundMessage;
      try {
        await deliver({ channel: d.channel, target_id: d.target_id, user_id: d.user_id, message });
        const at = new Date();
        await db.updateTable('notify_deliveries').set({ state: 'sent', sent_at: at, last_error: null }).where('id', '=', d.id).execute();
        await recordTarget(d.channel, d.target_id, true, null, at);
      } catch (err) {
        const at = new Date();
        const reason = (err as Error).message.slice(0, 200) || 'failed';
        const gone = err instanceof GoneError;
        const final = gone || attempt >= MAX_ATTEMPTS;
        await db
          .updateTable('notify_deliveries')
          .set({ state: final ? 'failed' : 'queued', last_error: reason, next_at: new Date(at.getTime() + deps.retryMs * 2 ** (attempt - 1)) })
          .where('id', '=', d.id)
          .execute();
        await recordTarget(d.channel, d.target_id, false, reason, at);
        if (gone && d.channel === 'push' && d.target_id) await db.deleteFrom('push_subscriptions').where('id', '=', d.target_id).execute();
        deps.log.warn({ delivery: d.id, channel: d.channel, attempt, reason }, 'notification delivery failed');
      }
    }
    return claimed.length;
  }

  // ── robots of a project ──────────────────────────────────────────────────────────────────
  function present(r: {
    id: string;
    type: string;
    name: string;
    url_masked: string;
    enabled: boolean;
    last_status: string | null;
    last_error: string | null;
    last_error_at: Date | null;
    last_success_at: Date | null;
    created_at: Date;
    sealed: string;
  }) {
    const open = secrets.open(r.sealed) as { secret: string | null };
    return {
      id: r.id,
      type: r.type,
      name: r.name,
      url: r.url_masked,
      has_secret: !!open.secret,
      enabled: r.enabled,
      state: r.last_status === 'failed' ? 'failed' : r.last_status === 'ok' ? 'ok' : 'untested',
      last_error: r.last_error,
      last_error_at: r.last_error_at,
      last_success_at: r.last_success_at,
      created_at: r.created_at,
    };
  }
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
  async function channelOf(tenantId: string, projectId: string, id: string) {
    const r = await db
      .selectFrom('notify_channels')
      .select([...CHANNEL_COLUMNS])
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!r) throw notFound();
    return r;
  }

  return {
    notify,
    notifyMany,
    runDue,
    vapidPublicKey: async () => (await keys()).publicKey,
    emailEnabled: !!mail,
    async hasEmail(userId: string) {
      const u = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return !!u?.email;
    },

    async listChannels(tenantId: string, projectId: string) {
      const rows = await db
        .selectFrom('notify_channels')
        .select([...CHANNEL_COLUMNS])
        .where('tenant_id', '=', tenantId)
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { count: rows.length, data: rows.map(present) };
    },
    async createChannel(tenantId: string, projectId: string, userId: string, body: unknown) {
      const v = channelCreateSchema.parse(body ?? {});
      const count = await db
        .selectFrom('notify_channels')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= 20) throw new AppError(409, 'notify_channel_limit');
      const now = new Date();
      const id = newId();
      await db
        .insertInto('notify_channels')
        .values({
          id,
          tenant_id: tenantId,
          project_id: projectId,
          type: v.type,
          name: v.name,
          sealed: secrets.seal({ url: v.url, secret: v.secret || null }),
          url_masked: maskUrl(v.url),
          enabled: v.enabled ?? true,
          last_status: null,
          last_error: null,
          last_error_at: null,
          last_success_at: null,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return present(await channelOf(tenantId, projectId, id));
    },
    async updateChannel(tenantId: string, projectId: string, id: string, body: unknown) {
      const row = await channelOf(tenantId, projectId, id);
      const v = channelUpdateSchema.parse(body ?? {});
      const open = secrets.open(row.sealed) as { url: string; secret: string | null };
      const url = v.url ?? open.url;
      const secret = v.secret === undefined ? open.secret : v.secret || null;
      await db
        .updateTable('notify_channels')
        .set({
          ...(v.name !== undefined ? { name: v.name } : {}),
          ...(v.enabled !== undefined ? { enabled: v.enabled } : {}),
          sealed: secrets.seal({ url, secret }),
          url_masked: maskUrl(url),
          // a new address has not failed yet
          ...(v.url !== undefined || v.secret !== undefined ? { last_status: null, last_error: null, last_error_at: null } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return present(await channelOf(tenantId, projectId, id));
    },
    async deleteChannel(tenantId: string, projectId: string, id: string) {
      await channelOf(tenantId, projectId, id);
      await db.deleteFrom('notify_deliveries').where('target_id', '=', id).where('state', '!=', 'sent').execute();
      await db.deleteFrom('notify_channels').where('id', '=', id).execute();
      return { id };
    },
    /** 发送测试消息: sent now (not queued), recorded as a delivery with its outcome. */
    async testChannel(tenantId: string, projectId: string, id: string, lang: Language, user: { nickname: string }) {
      const row = await channelOf(tenantId, projectId, id);
      const message = buildMessage(
        { category: 'system', messageKey: 'notify:message.test', params: { name: row.name, user: user.nickname }, link: '/notifyChannels', actions: [] },
        deps.publicUrl,
        lang,
      );
      const now = new Date();
      let error: string | null = null;
      try {
        await deliver({ channel: row.type, target_id: id, user_id: null, message });
      } catch (err) {
        error = (err as Error).message.slice(0, 200) || 'failed';
      }
      const at = new Date();
      await db
        .insertInto('notify_deliveries')
        .values({
          id: newId(),
          tenant_id: tenantId,
          project_id: projectId,
          user_id: null,
          channel: row.type,
          target_id: id,
          category: 'system',
          message: JSON.stringify(message),
          state: error ? 'failed' : 'sent',
          attempts: 1,
          next_at: now,
          last_error: error,
          created_at: now,
          sent_at: error ? null : at,
        })
        .execute();
      await recordTarget(row.type, id, !error, error, at);
      return { ok: !error, error, channel: present(await channelOf(tenantId, projectId, id)) };
    },

    // ── devices ─────────────────────────────────────────────────────────────────────────────
    async subscribe(userId: string, body: unknown, userAgent: string | undefined) {
      const v = pushSubscriptionSchema.parse(body ?? {});
      const sealed = secrets.seal({ p256dh: v.keys.p256dh, auth: v.keys.auth });
      const id = newId();
      // One row per endpoint: a device signed in as someone else now belongs to them.
      await db
        .insertInto('push_subscriptions')
        .values({
          id,
          user_id: userId,
          endpoint: v.endpoint,
          sealed_keys: sealed,
          user_agent: userAgent?.slice(0, 200) ?? null,
          last_status: null,
          last_error_at: null,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, sealed_keys: sealed, last_status: null, last_error_at: null }))
        .execute();
      const row = await db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', v.endpoint).executeTakeFirstOrThrow();
      return { id: row.id };
    },
    async unsubscribe(userId: string, endpoint: unknown) {
      if (typeof endpoint !== 'string' || !endpoint) throw new AppError(400, 'validation', { field: 'endpoint', rule: t(LANG, 'errors:rules.required') });
      const res = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw notFound();
      return { ok: true };
    },
    async devices(userId: string) {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_agent', 'last_status', 'last_error_at', 'created_at'])
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        user_agent: r.user_agent,
        state: r.last_status === 'failed' ? 'failed' : 'ok',
        last_error_at: r.last_error_at,
        created_at: r.created_at,
      }));
    },

    // ── per-user category settings ─────────────────────────────────────────────────────────
    async settings(userId: string): Promise<CategorySetting[]> {
      const rows = await db.selectFrom('notify_settings').selectAll().where('user_id', '=', userId).execute();
      return NOTIFY_CATEGORIES.map((category) => {
        const r = rows.find((x) => x.category === category);
        return { category, ...(r ? { site: r.site, email: r.email, push: r.push, chat: r.chat } : DEFAULT_SETTING) };
      });
    },
    async saveSettings(userId: string, body: unknown) {
      const v = settingsSchema.parse(body ?? {});
      for (const s of v.settings)
        await db
          .insertInto('notify_settings')
          .values({ user_id: userId, ...s })
          .onConflict((oc) => oc.columns(['user_id', 'category']).doUpdateSet({ site: s.site, email: s.email, push: s.push, chat: s.chat }))
          .execute();
      return this.settings(userId);
    },
    close: () => mail?.close(),
  };
}
export type NotificationService = ReturnType<typeof notificationService>;
