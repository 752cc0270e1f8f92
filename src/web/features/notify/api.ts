// The message centre, notification channel and operation log calls (one request helper), and the
// shapes of their answers.
import { del, get, getList, post, put } from '../../lib/request.ts';
import type { CategorySetting, ChatType } from '../../../domain/notify.ts';

export interface SiteMessage {
  id: string;
  category: string;
  title: string;
  content: string;
  link: string | null;
  ref_id: string | null;
  status: 'read' | 'unread';
  read_at: string | null;
  created_at: string;
}
export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

const quiet = { isNeedloading: false } as const;

/** A cursor-paged list URL: `__cursor` is sent even when empty (the first page), which the request helper's query builder would drop. */
function cursorUrl(path: string, cursor: string, params: Record<string, string | number>): string {
  const qs = new URLSearchParams({ __cursor: cursor });
  for (const [k, v] of Object.entries(params)) if (v !== '') qs.set(k, String(v));
  return `${path}?${qs.toString()}`;
}

export const listMessages = (status: 'unread' | 'all', category: string, cursor: string, signal?: AbortSignal) =>
  getList<CursorPage<SiteMessage>>(
    cursorUrl('v1/site_messages', cursor, { __limit: 20, ...(status === 'unread' ? { status: 'unread' } : {}), ...(category !== 'all' ? { category } : {}) }),
    undefined,
    { ...quiet, signal },
  );
export const getMessage = (id: string) => get<SiteMessage>(`v1/site_messages/${id}`, undefined, quiet);
export const unreadCounts = () =>
  get<{ count: number; by_category: Record<string, number> }>('v1/site_messages/unread_count', undefined, { ...quiet, notice: false });
export const markRead = (id: string) => post<{ unread_count: number }>(`v1/site_messages/${id}/read`, {}, quiet);
export const markAllRead = () => post<{ count: number }>('v1/site_messages/read_all', {}, quiet);
export const deleteMessages = (ids: string[]) => post<{ count: number; unread_count: number }>('v1/site_messages/delete', { ids });

export interface SettingsAnswer {
  data: CategorySetting[];
  email_enabled: boolean;
  has_email: boolean;
  push_devices: number;
}
export const getSettings = () => get<SettingsAnswer>('v1/site_messages/settings', undefined, quiet);
export const saveSettings = (settings: CategorySetting[]) => put<{ data: CategorySetting[] }>('v1/site_messages/settings', { settings });
export const vapidKey = () => get<{ public_key: string }>('v1/push/vapid-public-key', undefined, quiet);
export const addDevice = (sub: PushSubscriptionJSON) => post<{ id: string }>('v1/push/subscriptions', sub);
export const removeDevice = (endpoint: string) => del<{ ok: boolean }>('v1/push/subscriptions', { endpoint });

export interface NotifyChannel {
  id: string;
  type: ChatType;
  name: string;
  url: string;
  has_secret: boolean;
  enabled: boolean;
  state: 'ok' | 'failed' | 'untested';
  last_error: string | null;
  last_error_at: string | null;
  last_success_at: string | null;
}
export const listChannels = () => get<{ count: number; data: NotifyChannel[]; can_manage: boolean }>('v1/notify-channels', undefined, quiet);
export const createChannel = (body: object) => post<NotifyChannel>('v1/notify-channels', body);
export const updateChannel = (id: string, body: object) => put<NotifyChannel>(`v1/notify-channels/${id}`, body);
export const deleteChannel = (id: string) => del<{ id: string }>(`v1/notify-channels/${id}`);
export const testChannel = (id: string) => post<{ ok: boolean; error: string | null; channel: NotifyChannel }>(`v1/notify-channels/${id}/test`, {});

export interface OplogLine {
  id: string;
  account: string;
  nickname: string;
  action: string;
  action_label: string;
  resource_type_label: string | null;
  resource_id: string | null;
  resource_name: string | null;
  ip: string;
  success: boolean;
  result_label: string;
  error_title: string | null;
  created_at: string;
}
export interface OplogFilters {
  user: string;
  resource: string;
  action: string;
  result: '' | 'true' | 'false';
  from: string;
  to: string;
}
function filterParams(f: OplogFilters) {
  return {
    ...(f.user ? { user: f.user } : {}),
    ...(f.resource ? { resource: f.resource } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.result ? { success: f.result } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}
export const listLogs = (f: OplogFilters, cursor: string, signal?: AbortSignal) =>
  getList<CursorPage<OplogLine>>(cursorUrl('v1/operation-logs', cursor, { __limit: 30, ...filterParams(f) }), undefined, { ...quiet, signal });
export const logActions = () => get<{ data: { code: string; label: string }[] }>('v1/operation-logs/actions', undefined, quiet);
export const exportLogs = (f: OplogFilters) => post<{ id: string; message: string }>('v1/operation-logs/export', filterParams(f));
