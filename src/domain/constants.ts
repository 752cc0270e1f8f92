// Business constants and limits of seed 000 §9 that both sides use.
export const TIMEOUT_MS = { request: 30_000, list: 120_000, export: 600_000, upload: 60_000 } as const;
export const UNREAD_CAP = 99;
export const NOTICE = { errorSeconds: 20, updateSeconds: 5, noticeTop: 70, messageTop: 50, defaultSeconds: 3 } as const;
export const AI_PANEL = { width: 375, wideWidth: 450, bottom: 20, hiddenOffset: -450 } as const;
export const COOKIE_LIFETIME_HOURS = 12;
export const TEXT_SHORTEN = 20;
export const MULTI_FILTER_LABEL_MAX = 60;
export const FILTER_DEBOUNCE_MS = 300;
export const OPTION_LIMIT = 1000;
export const EXPORT_DEFAULT_ROWS = 20_000;
export const SMS_COUNTDOWN_SECONDS = 60;
export const DELETE_RETENTION = { min: 7, max: 60, default: 60 } as const;
export const RECENT_RESOURCES_CAP = 200;
export const BREAKPOINTS = { tablet: 768, desktop: 1200 } as const;

/** Unread message count rules: +1 / −1 / set, kept within 0–99. */
export function clampUnread(n: number): number {
  return Math.max(0, Math.min(UNREAD_CAP, Math.trunc(n)));
}

/** Mask a phone (country 86): first 3 and last 4 digits shown. */
export function maskPhone(phone: string): string {
  return phone.length < 8 ? phone : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Mask a value except its first four characters. */
export function maskAfterFour(value: string): string {
  return value.length <= 4 ? value : value.slice(0, 4) + '*'.repeat(value.length - 4);
}

/** Text shortening: default 20 characters plus an ellipsis. */
export function shorten(text: string, max = TEXT_SHORTEN): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}

/** Money is integer fen, shown as yuan with two decimals. */
export function fenToYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** An export writes at most this many rows; a longer list is cut and its task says so (truncated). */
export const EXPORT_MAX_ROWS = 20_000;

/** Page sizes a list offers (seed 000 §3). Here, not in list-query.ts, so the shell's session module stays free of zod. */
export const PAGE_SIZES = [10, 20, 30, 40] as const;
