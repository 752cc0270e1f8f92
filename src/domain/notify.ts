// Notifications (issues 11 and 12): the message categories, the per-category channel settings and
// the team-chat robot channels, shared by the server's checks and the web forms.
// Zod-free (the message centre's pages read it): the request schemas are in notify-schemas.ts.

export const NOTIFY_CATEGORIES = ['approval', 'alarm', 'workorder', 'billing', 'system'] as const;
export type NotifyCategoryCode = (typeof NOTIFY_CATEGORIES)[number];

export const CHAT_TYPES = ['wecom', 'dingtalk', 'feishu'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** The channels a user turns on or off per category; all on unless the user said otherwise. */
export const SETTING_CHANNELS = ['site', 'email', 'push', 'chat'] as const;
export type ChannelSwitches = Record<(typeof SETTING_CHANNELS)[number], boolean>;
export type CategorySetting = { category: NotifyCategoryCode } & ChannelSwitches;
export const DEFAULT_SETTING: Readonly<ChannelSwitches> = { site: true, email: true, push: true, chat: true };

/**
 * A webhook or push endpoint: https, or plain http only to this machine (loopback relays in
 * development and the tests' stand-in receivers); never credentials in the URL.
 */
export function endpointUrlAllowed(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

/** `2026-11-23 14:05` on the Asia/Shanghai clock (UTC+8, no daylight saving); '' for no time. */
export function shanghaiTime(at: string | number | Date | null | undefined, seconds = false): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + 8 * 3600_000)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');
}
