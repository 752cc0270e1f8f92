// Object storage (seed 001 §5, §8, §9): bucket names, storage types, ACLs, referer lists, folder
// paths and lifecycle limits, shared by the server (REST, S3 API) and the web. Plain data and pure
// checks (no zod).

export const OSS_STORAGE_TYPES = ['standard', 'infrequent', 'archive'] as const;
export const OSS_ACLS = ['private', 'public-read', 'public-read-write'] as const;
export const OSS_REFERER_TYPES = ['none', 'white', 'black'] as const;
/** Capacity packages are sold in these sizes (GB). */
export const OSS_PACKAGE_SIZES_GB = [100, 500, 1024, 5120, 10240] as const;
/** At most this many referers in a white or black list (seed 001 §8). */
export const MAX_REFERERS = 10;
/** A deleted bucket's name is free again after this many minutes (seed 001 §8, §9). */
export const BUCKET_NAME_REUSE_MINUTES = 30;
/** The bucket file list shows this many entries, then pages (seed 001 §9). */
export const OBJECT_PAGE_SIZE = 50;
/** Lifecycle expiry in days (seed 001 §8). */
export const LIFECYCLE_MIN_DAYS = 1;
export const LIFECYCLE_MAX_DAYS = 7300;
export const GIB = 1024 ** 3;

/**
 * Why a bucket name is refused, as a rule key of errors:rules, or null: 3 to 63 characters of
 * lowercase letters, digits, hyphen and dot, starting and ending with a letter or digit, no two
 * dots in a row, and not shaped like an IPv4 address.
 */
export function bucketNameProblem(name: string): string | null {
  if (name.length < 3 || name.length > 63) return 'bucket_name_length';
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(name) || name.includes('..')) return 'bucket_name';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return 'bucket_name_ip';
  return null;
}

/**
 * Why a folder path is refused (rule key) or null: 1 to 254 characters, no leading '/', no '..'
 * segment, no '//' and no control characters. A trailing '/' is allowed (it is added anyway).
 */
export function folderPathProblem(path: string): string | null {
  const p = path.endsWith('/') ? path.slice(0, -1) : path;
  if (p.length < 1 || p.length > 254) return 'folder_path_length';
  if (p.startsWith('/')) return 'folder_path_leading_slash';
  if (p.includes('//')) return 'folder_path_double_slash';
  if (p.split('/').includes('..')) return 'folder_path_dotdot';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(p)) return 'folder_path';
  return null;
}

/** Why an object key is refused (S3 allows up to 1024 bytes) or null. */
export function objectKeyProblem(key: string): string | null {
  if (!key || new TextEncoder().encode(key).length > 1024) return 'object_key';
  if (key.startsWith('/') || key.split('/').includes('..')) return 'object_key';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'object_key';
  return null;
}
