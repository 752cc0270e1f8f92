// The SQL console's calls (POST /api/v1/dbinstances/:id/sql and its history, ADR 0054) and which
// instances it can reach. Failures are shown on the page, so no call raises the shell's notice.
import { get, post } from '../../lib/request.ts';
import type { Page } from '../../features/resources/api.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { isSqlConsoleEngine, type SqlConsoleAnswer, type SqlHistoryEntry } from '../../../domain/kinds/db-instance/db-instance.rules.ts';

export type { SqlHistoryEntry };
export type SqlAnswer = SqlConsoleAnswer;

/** A refusal or failure as the page shows it (the platform's error body). */
export interface Failure {
  title: string;
  description: string;
}

export const HISTORY_SIZE = 30;
const quiet = { isNeedloading: false, notice: false } as const;

export const sqlKeys = {
  // under the kind's key, so live status events and the kind's actions refresh the picker too
  instances: resourceKeys.list('db_instance', { console: 'sql' }),
  history: (id: string) => ['dbconsole', 'history', id] as const,
};

export const runSql = (id: string, sql: string, readonly: boolean) =>
  post<SqlAnswer>(`v1/dbinstances/${id}/sql`, { sql, readonly }, { ...quiet, timeout: 60_000 });

export const sqlHistory = (id: string) =>
  get<Page<SqlHistoryEntry>>(`v1/dbinstances/${id}/sql/history`, { __limit: HISTORY_SIZE, __orders: '-created_at' }, quiet);

export const listInstances = () => get<Page<Resource>>('v1/dbinstances', { __limit: 100 }, quiet);

/** Why an instance cannot be opened in the console, or null when it can. */
export function closedReason(row: Pick<Resource, 'status' | 'spec'>): 'engine' | 'status' | null {
  if (!isSqlConsoleEngine(row.spec.engine)) return 'engine';
  return row.status === 'running' ? null : 'status';
}
