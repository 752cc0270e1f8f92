// File storage (NAS, seed 001 §3 and §8): the protocols, the mount path rules shared by the storage
// kinds that mount (NAS, shared disks), the hosts authorised at once, and the sync and backup
// policies' frequencies and retentions (seed 001 §9). Plain data and pure checks (no zod).

export const NAS_PROTOCOLS = ['nfs', 'cifs'] as const;

/** Hosts authorised in one go (seed 001 §8 「一次最多授权 10 台主机」). */
export const MAX_HOSTS_AT_ONCE = 10;

/** A NAS is bought in GB: at least 100, at most 32 TB. */
export const NAS_MIN_GB = 100;
export const NAS_MAX_GB = 32768;

/** Sync every 15 or 30 minutes (seed 001 §9). */
export const SYNC_FREQUENCIES = ['15', '30'] as const;

/** Backup retention (seed 000 backup plans, seed 001 §9). */
export const BACKUP_RETENTIONS = ['1month', '3month', '6month', '1year', '3year', '5year', '10year', '15year', '20year', 'permanent'] as const;

/** One month's retention takes a weekly full backup, any longer a monthly one (seed 001 §9). */
export function fullBackupCycle(retention: unknown): 'weekly' | 'monthly' {
  return retention === '1month' ? 'weekly' : 'monthly';
}

/**
 * Why a mount path is refused, as a rule key of errors:rules, or null: an absolute path of
 * letters, digits, `_ . -` and `/`, at most 255 characters, without `..` or `//`.
 */
export function mountPathProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'mount_path_absolute';
  if (path.includes('//')) return 'mount_path_double_slash';
  if (path.split('/').includes('..')) return 'mount_path_dotdot';
  if (path.length > 255 || !/^[\w./-]+$/.test(path)) return 'mount_path';
  return null;
}
