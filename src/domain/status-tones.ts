// Every status set of seed 001 §4 that the screens colour, in one table: each status's label key
// and tone. Resources (the seed's 42 labels, kinds:status.*), backups and their policies, restores
// (kinds:db_instance.backups.status.*), migration and sync tasks (dts:status.*), ICP filings
// (icp:status.*) and transfers (protect:state.*). A screen asks `statusView(set, status)` and gets
// the words and the colour together, so one status never reads green on one page and grey on another.

/** A tag's colour (antd-mobile Tag colours); `primary` is a state that is moving. */
export type Tone = 'primary' | 'success' | 'warning' | 'danger' | 'default';

export type StatusSet = 'resource' | 'backup' | 'restore' | 'migration' | 'filing' | 'transfer';

interface SetDef {
  /** the locale key under which each status's label sits (`${labels}.${status}`) */
  labels: string;
  tones: Readonly<Record<string, Tone>>;
}

const moving = (...s: string[]) => Object.fromEntries(s.map((k) => [k, 'primary' as const]));

/** Seed 001 §4 "Resources": every label with its tone. */
const RESOURCE_TONES: Record<string, Tone> = {
  ...moving(
    'creating',
    'shutting_down',
    'starting',
    'stopping',
    'restarting',
    'installing',
    'isolating',
    'deleting',
    'updating',
    'upgrading',
    'initializing',
    'destroying',
    'imaging',
    'mounting',
    'unmounting',
    'rolling_back',
    'expanding',
    'binding',
    'unbinding',
    'applying',
  ),
  running: 'success',
  mounted: 'success',
  allocated: 'success',
  available: 'success',
  enabled: 'success',
  stopped: 'default',
  deleted: 'default',
  unmounted: 'default',
  idle: 'default',
  unlocked: 'default',
  disabled: 'default',
  unknown: 'default',
  migration_ready: 'default',
  restart_ready: 'default',
  expired: 'warning',
  suspended: 'warning',
  locked: 'warning',
  abnormal: 'warning',
  error: 'danger',
  failed: 'danger',
  expansion_failed: 'danger',
};

export const STATUS_SETS: Readonly<Record<StatusSet, SetDef>> = {
  resource: { labels: 'kinds:status', tones: RESOURCE_TONES },
  // backups and their policies (installing software … paused)
  backup: {
    labels: 'kinds:db_instance.backups.status',
    tones: {
      ...moving('installing', 'issuing', 'creating', 'running'),
      created: 'success',
      success: 'success',
      partial: 'warning',
      paused: 'warning',
      install_failed: 'danger',
      issue_failed: 'danger',
      create_failed: 'danger',
      failed: 'danger',
    },
  },
  restore: {
    labels: 'kinds:db_instance.backups.status',
    tones: { restoring: 'primary', complete: 'success', partial: 'warning', failed: 'danger' },
  },
  migration: {
    labels: 'dts:status',
    tones: { pending: 'default', ...moving('initializing', 'migrating'), completed: 'success', failed: 'danger', init_failed: 'danger', abnormal: 'warning' },
  },
  filing: {
    labels: 'icp:status',
    tones: { initial_review: 'primary', bureau_review: 'warning', materials_submitted: 'primary', completed: 'success' },
  },
  transfer: {
    labels: 'protect:state',
    tones: { not_started: 'default', running: 'primary', succeeded: 'success', failed: 'danger' },
  },
};

/** The label key and tone of a status of a set; an unknown status keeps its own key and reads neutral. */
export function statusView(set: StatusSet, status: string): { labelKey: string; tone: Tone } {
  const def = STATUS_SETS[set];
  return { labelKey: `${def.labels}.${status}`, tone: def.tones[status] ?? 'default' };
}
