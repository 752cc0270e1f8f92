// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// cdn-task.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

import type { CDN_TASK_TYPES } from './cdn-task.kind.ts';

export const CDN_DAILY_LIMITS: Readonly<Record<(typeof CDN_TASK_TYPES)[number], number>> = { url_refresh: 2000, warmup: 500, dir_refresh: 100 };

export const MAX_URLS_PER_TASK = 100;

export function splitUrls(v: unknown): string[] {
  return String(v ?? '')
    .split(/[\s,，]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The problem of one URL for a task type, or null: http(s), a host, a directory ends with `/`. */
export function taskUrlProblem(type: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'task_url';
  }
  if (!['http:', 'https:'].includes(u.protocol) || !u.hostname.includes('.')) return 'task_url';
  if (type === 'dir_refresh' && !u.pathname.endsWith('/')) return 'task_dir_slash';
  return null;
}
