// One table of the seed's status sets (seed 001 §4, issue 28): every status has a label in both
// languages and a tone, and the screens take their colours from it.
import { describe, expect, it } from 'vitest';
import { STATUS_SETS, statusView, type StatusSet } from '../../src/domain/status-tones.ts';
import { dtsStatusColor, DTS_STATUSES } from '../../src/domain/dts.ts';
import { BACKUP_STATUSES, POLICY_STATUSES, RESTORE_STATUSES, statusColor } from '../../src/domain/db-backup.ts';
import { t } from '../../src/server/platform/lib/i18n.ts';

/** Seed 001 §4: the statuses of each set the table must name. */
const SEED: Record<StatusSet, readonly string[]> = {
  resource: (
    'creating running stopped shutting_down starting stopping restarting installing isolating deleting deleted updating upgrading ' +
    'initializing abnormal expired unknown error failed suspended destroying imaging migration_ready restart_ready mounted unmounted ' +
    'mounting unmounting rolling_back expanding expansion_failed idle binding unbinding allocated available locked unlocked enabled disabled applying'
  ).split(' '),
  backup: [...POLICY_STATUSES, ...BACKUP_STATUSES],
  restore: RESTORE_STATUSES,
  migration: DTS_STATUSES,
  filing: ['initial_review', 'bureau_review', 'materials_submitted', 'completed'],
  transfer: ['not_started', 'running', 'failed', 'succeeded'],
};

describe('status table', () => {
  it('gives every seed status of every set a tone', () => {
    for (const [set, statuses] of Object.entries(SEED) as [StatusSet, readonly string[]][]) {
      for (const s of statuses) expect(STATUS_SETS[set].tones[s], `${set}.${s}`).toBeDefined();
    }
  });

  it("labels every status of every set in zh-CN and zh-TW, the resources' 42 too", () => {
    for (const set of ['resource', 'backup', 'restore', 'migration', 'filing', 'transfer'] as const) {
      for (const s of SEED[set]) {
        for (const lang of ['zh-CN', 'zh-TW'] as const) {
          const key = statusView(set, s).labelKey;
          expect(t(lang, key), `${lang} ${key}`).not.toBe(key.slice(key.indexOf(':') + 1));
        }
      }
    }
  });

  it('colours as the pages did: moving states primary, failures danger, partial success warns', () => {
    expect(statusView('resource', 'expired').tone).toBe('warning');
    expect(statusView('resource', 'locked').tone).toBe('warning');
    expect(statusView('resource', 'shutting_down').tone).toBe('primary');
    expect(statusView('resource', 'expansion_failed').tone).toBe('danger');
    expect(statusView('filing', 'bureau_review')).toEqual({ labelKey: 'icp:status.bureau_review', tone: 'warning' });
    expect(statusView('transfer', 'nope').tone).toBe('default');
    // the migration pages' colours come from the table; the backup pages' colours agree with it
    for (const s of DTS_STATUSES) expect(dtsStatusColor(s)).toBe(statusView('migration', s).tone);
    for (const s of [...POLICY_STATUSES, ...BACKUP_STATUSES]) expect(statusColor(s), s).toBe(statusView('backup', s).tone);
    for (const s of RESTORE_STATUSES) expect(statusColor(s), s).toBe(statusView('restore', s).tone);
  });
});
