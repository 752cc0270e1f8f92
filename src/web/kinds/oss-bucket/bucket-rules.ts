// The rules the bucket pages check as the user types (the server checks them again): a bucket's
// name, a folder's path, a lifecycle rule's expiry, a backup's time and retention. Each check is a
// rule key (oss:rules.*) with whether the value keeps it, so the page can show every rule ✓ / ✕.
export interface RuleCheck {
  key: string;
  ok: boolean;
  params?: Record<string, number>;
}

export const BUCKET_NAME = { min: 3, max: 63 } as const;
export const FOLDER_PATH = { min: 1, max: 254 } as const;
export const EXPIRE_DAYS = { min: 1, max: 7300 } as const;
export const BACKUP_RETENTION = { min: 1, max: 365 } as const;

const IP_LIKE = /^\d{1,3}(\.\d{1,3}){3}$/;

/** 3–63 of a–z, 0–9, '-' and '.', starting and ending with a letter or digit, no '..', not like an IP address. */
export function bucketNameChecks(name: string): RuleCheck[] {
  return [
    { key: 'name_length', ok: name.length >= BUCKET_NAME.min && name.length <= BUCKET_NAME.max, params: { ...BUCKET_NAME } },
    { key: 'name_chars', ok: name.length > 0 && /^[a-z0-9.-]+$/.test(name) },
    { key: 'name_edges', ok: /^[a-z0-9](.*[a-z0-9])?$/.test(name) && !name.includes('..') },
    { key: 'name_not_ip', ok: name.length > 0 && !IP_LIKE.test(name) },
  ];
}

/** A folder's full path (the current prefix and the new name): 1–254, no leading '/', no '..' or '//'. */
export function folderChecks(prefix: string, name: string): RuleCheck[] {
  const path = `${prefix}${name}`;
  return [
    { key: 'folder_length', ok: name.length > 0 && path.length <= FOLDER_PATH.max, params: { ...FOLDER_PATH } },
    { key: 'folder_no_lead', ok: !name.startsWith('/') },
    { key: 'folder_no_dots', ok: !path.includes('..') && !path.includes('//') },
  ];
}

export const allOk = (checks: readonly RuleCheck[]) => checks.every((c) => c.ok);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** YYYY-MM-DD that names a real day after today (Beijing time). */
export function futureDateOk(value: string, today: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && value > today;
}

/** Today in Beijing time as YYYY-MM-DD. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

export const intIn = (value: string, r: { min: number; max: number }) => /^\d+$/.test(value) && Number(value) >= r.min && Number(value) <= r.max;
export const timeOk = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
