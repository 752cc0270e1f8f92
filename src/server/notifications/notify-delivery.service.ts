// Deliveries (ARCHITECTURE "Notifications"). Each receiver gets, per their settings for the
// message's category (notify_settings, all on by default): a site message with its event-stream push
// at once; a Web Push to every device they subscribed; an e-mail when SMTP_URL is set and they have
// an address; and the project's team-chat robots hear it once when at least one receiver keeps
// 群机器人 on. Every outside delivery is a row in notify_deliveries, written in the caller's
// transaction (a rolled-back change tells no one) and sent by the engine's scheduler: claimed with
// FOR UPDATE SKIP LOCKED (several processes), retried with doubling back-off, its last outcome kept
// on the channel or subscription so a failing one shows as 发送失败.
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { DEFAULT_SETTING, type ChannelSwitches, type ChatType } from '../../domain/notify.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyDeliveriesTable } from '../platform/db/tables.ts';
import { sendSiteMessagesMany } from '../approvals/site-message.service.ts';
import { publish } from '../approvals/approval-events.ts';
import { siteMessageOf, type NotifyInput } from './notify-port.ts';
import { buildMessage, type OutboundMessage } from './message.ts';
import { sendToRobot } from './chat-robots.ts';
import { GoneError, sendPush } from './outside-channels.ts';
import * as repo from './notification.repository.ts';
import { LANG, LEASE_MS, MAX_ATTEMPTS, type NotifyDeps } from './notify-deps.ts';

type Channel = 'push' | 'email' | ChatType;
type Target = { channel: Channel; target_id: string | null; user_id: string | null };
interface Item {
  input: NotifyInput;
  site: string[];
  push: string[];
  email: string[];
  robots: boolean;
}

async function settingsOf(trx: Db, userIds: string[], category: string): Promise<Map<string, ChannelSwitches>> {
  const out = new Map<string, ChannelSwitches>(userIds.map((u) => [u, { ...DEFAULT_SETTING }]));
  if (!userIds.length) return out;
  for (const r of await repo.settingsOfUsers(trx, userIds, category)) out.set(r.user_id, { site: r.site, email: r.email, push: r.push, chat: r.chat });
  return out;
}

/** Sends one delivery now; throws with a short reason on failure. */
export async function deliver(deps: NotifyDeps, d: { channel: string; target_id: string | null; user_id: string | null; message: OutboundMessage }) {
  const { db, secrets } = deps;
  if (d.channel === 'push') {
    const sub = await repo.subscriptionKeys(db, d.target_id!);
    if (!sub) throw new GoneError('subscription removed');
    const k = secrets.open(sub.sealed_keys) as { p256dh: string; auth: string };
    await sendPush(await deps.keys(), `mailto:${deps.senderEmail}`, { endpoint: sub.endpoint, p256dh: k.p256dh, auth: k.auth }, d.message);
    return;
  }
  if (d.channel === 'email') {
    if (!deps.mail) throw new Error('SMTP_URL not set');
    const user = await repo.userEmail(db, d.user_id!);
    if (!user?.email) throw new GoneError('no e-mail address');
    await deps.mail.send(user.email, d.message);
    return;
  }
  const ch = await repo.channelSecret(db, d.target_id!);
  if (!ch) throw new GoneError('channel removed');
  const open = secrets.open(ch.sealed) as { url: string; secret: string | null };
  await sendToRobot({ type: ch.type as ChatType, url: open.url, secret: open.secret }, d.message);
}

/** The outcome on the channel / subscription (what the channel page shows). */
export async function recordTarget(deps: NotifyDeps, channel: string, targetId: string | null, ok: boolean, error: string | null, now: Date) {
  if (!targetId) return;
  if (channel === 'push') await repo.markSubscription(deps.db, targetId, ok, now);
  else if (channel !== 'email') await repo.markChannel(deps.db, targetId, ok, error, now);
}

/** Who hears each notification on which channel, per the receivers' settings of its category. */
async function itemsOf(q: Db, inputs: NotifyInput[]): Promise<Item[]> {
  const settingsBy = new Map<string, Map<string, ChannelSwitches>>();
  for (const category of new Set(inputs.map((i) => i.category))) {
    const users = [...new Set(inputs.filter((i) => i.category === category).flatMap((i) => i.userIds))];
    settingsBy.set(category, await settingsOf(q, users, category));
  }
  return inputs.map((input) => {
    const users = [...new Set(input.userIds)];
    const settings = settingsBy.get(input.category)!;
    const wants = (channel: keyof ChannelSwitches) => users.filter((u) => settings.get(u)![channel]);
    // A robot speaks to the whole group: once per message, when someone concerned wants it.
    const robots = !!input.projectId && (users.length === 0 || wants('chat').length > 0);
    return { input, site: wants('site'), push: wants('push'), email: wants('email'), robots };
  });
}

/** Every outside target of the items: the receivers' devices and addresses, the projects' robots (each read once). */
async function targetsOf(deps: NotifyDeps, q: Db, items: Item[]): Promise<Target[][]> {
  const pushUsers = [...new Set(items.flatMap((i) => i.push))];
  const subsOf = new Map<string, string[]>();
  if (pushUsers.length) for (const s of await repo.subscriptionsOfUsers(q, pushUsers)) subsOf.set(s.user_id, [...(subsOf.get(s.user_id) ?? []), s.id]);
  const mailUsers = [...new Set(items.flatMap((i) => i.email))];
  const addressed = new Set<string>();
  if (deps.mail && mailUsers.length) for (const u of await repo.usersWithEmail(q, mailUsers)) addressed.add(u.id);
  const robotProjects = [...new Set(items.filter((i) => i.robots).map((i) => i.input.projectId!))];
  const robotsOf = new Map<string, { id: string; type: string }[]>();
  if (robotProjects.length) for (const r of await repo.enabledRobots(q, robotProjects)) robotsOf.set(r.project_id, [...(robotsOf.get(r.project_id) ?? []), r]);
  return items.map(({ input, push, email, robots }) => {
    const targets: Target[] = [];
    for (const u of push) for (const id of subsOf.get(u) ?? []) targets.push({ channel: 'push', target_id: id, user_id: u });
    for (const u of email) if (addressed.has(u)) targets.push({ channel: 'email', target_id: null, user_id: u });
    if (robots) for (const r of robotsOf.get(input.projectId!) ?? []) targets.push({ channel: r.type as ChatType, target_id: r.id, user_id: null });
    return targets;
  });
}

function deliveryRows(deps: NotifyDeps, input: NotifyInput, targets: Target[], now: Date): Insertable<NotifyDeliveriesTable>[] {
  if (!targets.length) return [];
  const message = JSON.stringify(buildMessage(input, deps.publicUrl, LANG));
  return targets.map((t) => ({
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
  }));
}

/**
 * Every notification as `notify` describes it, in a fixed number of statements however many there
 * are: the settings per category, the site messages, the receivers' devices, addresses and the
 * projects' robots are each read or written once (in chunks of 500 rows).
 */
export async function notifyMany(deps: NotifyDeps, inputs: NotifyInput[], trx?: Db): Promise<void> {
  if (!inputs.length) return;
  const q = trx ?? deps.db;
  const now = new Date();
  const items = await itemsOf(q, inputs);
  const events = await sendSiteMessagesMany(
    q,
    items.map((i) => ({ userIds: i.site, msg: siteMessageOf(i.input) })),
    now,
  );
  const targets = await targetsOf(deps, q, items);
  await repo.insertDeliveries(
    q,
    items.flatMap((item, i) => deliveryRows(deps, item.input, targets[i]!, now)),
  );
  publish(deps.bus, deps.db, events);
}

type Claimed = Awaited<ReturnType<typeof repo.claimDueDeliveries>>[number];

/** Sends one claimed delivery; a failure is queued again with back-off, or given up. */
async function sendClaimed(deps: NotifyDeps, d: Claimed) {
  const attempt = d.attempts + 1;
  const message = (typeof d.message === 'string' ? JSON.parse(d.message) : d.message) as OutboundMessage;
  try {
    await deliver(deps, { channel: d.channel, target_id: d.target_id, user_id: d.user_id, message });
    const at = new Date();
    await repo.markDelivery(deps.db, d.id, { state: 'sent', sent_at: at, last_error: null });
    await recordTarget(deps, d.channel, d.target_id, true, null, at);
  } catch (err) {
    const at = new Date();
    const reason = (err as Error).message.slice(0, 200) || 'failed';
    const gone = err instanceof GoneError;
    const final = gone || attempt >= MAX_ATTEMPTS;
    const nextAt = new Date(at.getTime() + deps.retryMs * 2 ** (attempt - 1));
    await repo.markDelivery(deps.db, d.id, { state: final ? 'failed' : 'queued', last_error: reason, next_at: nextAt });
    await recordTarget(deps, d.channel, d.target_id, false, reason, at);
    if (gone && d.channel === 'push' && d.target_id) await repo.deleteSubscription(deps.db, d.target_id);
    deps.log.warn({ delivery: d.id, channel: d.channel, attempt, reason }, 'notification delivery failed');
  }
}

/** Scheduler worker: sends due deliveries (claimed SKIP LOCKED), retrying failures with back-off. */
export async function runDue(deps: NotifyDeps, max = 20): Promise<number> {
  const now = new Date();
  const claimed = await deps.db.transaction().execute((trx) => repo.claimDueDeliveries(trx, now, max, new Date(now.getTime() + LEASE_MS)));
  for (const d of claimed) await sendClaimed(deps, d);
  return claimed.length;
}
