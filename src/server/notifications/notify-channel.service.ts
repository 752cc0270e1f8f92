// A project's team-chat robots: listed, added (at most 20), changed, removed and tested. The
// address and signing secret are kept sealed; only a masked address is shown.
import { AppError, notFound, type Language } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { channelCreateSchema, channelUpdateSchema } from '../../domain/notify-schemas.ts';
import { buildMessage } from './message.ts';
import { maskUrl } from './chat-robots.ts';
import * as repo from './notification.repository.ts';
import type { NotifyDeps } from './notify-deps.ts';
import { deliver, recordTarget } from './notify-delivery.service.ts';

function present(deps: NotifyDeps, r: repo.ChannelRow) {
  const open = deps.secrets.open(r.sealed) as { secret: string | null };
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

async function channelOf(deps: NotifyDeps, tenantId: string, projectId: string, id: string) {
  const r = await repo.channelOfProject(deps.db, tenantId, projectId, id);
  if (!r) throw notFound();
  return r;
}

export async function listChannels(deps: NotifyDeps, tenantId: string, projectId: string) {
  const rows = await repo.channelsOfProject(deps.db, tenantId, projectId);
  return { count: rows.length, data: rows.map((r) => present(deps, r)) };
}

export async function createChannel(deps: NotifyDeps, tenantId: string, projectId: string, userId: string, body: unknown) {
  const v = channelCreateSchema.parse(body ?? {});
  if ((await repo.countChannels(deps.db, projectId)) >= 20) throw new AppError(409, 'notify_channel_limit');
  const now = new Date();
  const id = newId();
  await repo.insertChannel(deps.db, {
    id,
    tenant_id: tenantId,
    project_id: projectId,
    type: v.type,
    name: v.name,
    sealed: deps.secrets.seal({ url: v.url, secret: v.secret || null }),
    url_masked: maskUrl(v.url),
    enabled: v.enabled ?? true,
    last_status: null,
    last_error: null,
    last_error_at: null,
    last_success_at: null,
    created_by: userId,
    created_at: now,
    updated_at: now,
  });
  return present(deps, await channelOf(deps, tenantId, projectId, id));
}

export async function updateChannel(deps: NotifyDeps, tenantId: string, projectId: string, id: string, body: unknown) {
  const row = await channelOf(deps, tenantId, projectId, id);
  const v = channelUpdateSchema.parse(body ?? {});
  const open = deps.secrets.open(row.sealed) as { url: string; secret: string | null };
  const url = v.url ?? open.url;
  const secret = v.secret === undefined ? open.secret : v.secret || null;
  await repo.updateChannel(deps.db, id, {
    ...(v.name !== undefined ? { name: v.name } : {}),
    ...(v.enabled !== undefined ? { enabled: v.enabled } : {}),
    sealed: deps.secrets.seal({ url, secret }),
    url_masked: maskUrl(url),
    // a new address has not failed yet
    ...(v.url !== undefined || v.secret !== undefined ? { last_status: null, last_error: null, last_error_at: null } : {}),
    updated_at: new Date(),
  });
  return present(deps, await channelOf(deps, tenantId, projectId, id));
}

export async function deleteChannel(deps: NotifyDeps, tenantId: string, projectId: string, id: string) {
  await channelOf(deps, tenantId, projectId, id);
  await repo.deleteChannel(deps.db, id);
  return { id };
}

/** 发送测试消息: sent now (not queued), recorded as a delivery with its outcome. */
export async function testChannel(deps: NotifyDeps, tenantId: string, projectId: string, id: string, lang: Language, user: { nickname: string }) {
  const row = await channelOf(deps, tenantId, projectId, id);
  const message = buildMessage(
    { category: 'system', messageKey: 'notify:message.test', params: { name: row.name, user: user.nickname }, link: '/notifyChannels', actions: [] },
    deps.publicUrl,
    lang,
  );
  const now = new Date();
  let error: string | null = null;
  try {
    await deliver(deps, { channel: row.type, target_id: id, user_id: null, message });
  } catch (err) {
    error = (err as Error).message.slice(0, 200) || 'failed';
  }
  const at = new Date();
  await repo.insertDeliveries(deps.db, [
    {
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
    },
  ]);
  await recordTarget(deps, row.type, id, !error, error, at);
  return { ok: !error, error, channel: present(deps, await channelOf(deps, tenantId, projectId, id)) };
}
