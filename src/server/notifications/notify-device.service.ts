// The caller's own side of notifications: the devices that receive Web Push and the per-category
// settings of each channel.
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { DEFAULT_SETTING, NOTIFY_CATEGORIES, type CategorySetting } from '../../domain/notify.ts';
import { pushSubscriptionSchema, settingsSchema } from '../../domain/notify-schemas.ts';
import { t } from '../platform/lib/i18n.ts';
import * as repo from './notification.repository.ts';
import { LANG, type NotifyDeps } from './notify-deps.ts';

export async function hasEmail(deps: NotifyDeps, userId: string) {
  const u = await repo.userEmail(deps.db, userId);
  return !!u?.email;
}

export async function subscribe(deps: NotifyDeps, userId: string, body: unknown, userAgent: string | undefined) {
  const v = pushSubscriptionSchema.parse(body ?? {});
  const sealed = deps.secrets.seal({ p256dh: v.keys.p256dh, auth: v.keys.auth });
  // One row per endpoint: a device signed in as someone else now belongs to them.
  const row = await repo.upsertSubscription(deps.db, {
    id: newId(),
    user_id: userId,
    endpoint: v.endpoint,
    sealed_keys: sealed,
    user_agent: userAgent?.slice(0, 200) ?? null,
    last_status: null,
    last_error_at: null,
    created_at: new Date(),
  });
  return { id: row.id };
}

export async function unsubscribe(deps: NotifyDeps, userId: string, endpoint: unknown) {
  if (typeof endpoint !== 'string' || !endpoint) throw new AppError(400, 'validation', { field: 'endpoint', rule: t(LANG, 'errors:rules.required') });
  if (!(await repo.deleteUserSubscription(deps.db, userId, endpoint))) throw notFound();
  return { ok: true };
}

export async function devices(deps: NotifyDeps, userId: string) {
  const rows = await repo.devicesOf(deps.db, userId);
  return rows.map((r) => ({
    id: r.id,
    user_agent: r.user_agent,
    state: r.last_status === 'failed' ? 'failed' : 'ok',
    last_error_at: r.last_error_at,
    created_at: r.created_at,
  }));
}

export async function settings(deps: NotifyDeps, userId: string): Promise<CategorySetting[]> {
  const rows = await repo.settingsOfUser(deps.db, userId);
  return NOTIFY_CATEGORIES.map((category) => {
    const r = rows.find((x) => x.category === category);
    return { category, ...(r ? { site: r.site, email: r.email, push: r.push, chat: r.chat } : DEFAULT_SETTING) };
  });
}

export async function saveSettings(deps: NotifyDeps, userId: string, body: unknown) {
  const v = settingsSchema.parse(body ?? {});
  for (const s of v.settings) await repo.saveSetting(deps.db, userId, s);
  return settings(deps, userId);
}
