// What the alarm slice's services share: their dependencies, who may do what, and the names of the
// people rows point at.
import { can } from '../../domain/roles.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { CloudProvider } from '../engine/cloud/provider.ts';
import { nicknames } from './alarm.repository.ts';

export interface AlarmServiceDeps {
  db: Db;
  events: EventBus;
  notify: NotifyPort;
  provider: CloudProvider;
  log: { error: (obj: object, msg: string) => void };
}

export const canRead = (s: Scope) => can(s.roles, 'read', 'alarm') || can(s.roles, 'read', 'resource');
export const canHandle = (s: Scope) => can(s.roles, 'update', 'alarm') || can(s.roles, 'operate', 'resource');
export const canConfigure = (s: Scope) => can(s.roles, 'update', 'alarm') || can(s.roles, 'update', 'resource');

/** Nickname by user id, for the ids given (nulls and duplicates dropped). */
export async function userNames(db: Db, ids: (string | null)[]) {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (!list.length) return new Map<string, string>();
  const rows = await nicknames(db, list);
  return new Map(rows.map((r) => [r.id, r.nickname]));
}
