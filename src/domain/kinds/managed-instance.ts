// The life of a managed database instance — MySQL/PostgreSQL (db-instance), Redis (cache-instance),
// MongoDB (doc-instance): its states and its actions, one definition the three kinds share (they
// were three copies). Refusal texts are the managed databases' (errors.json refusals.db_instance).
import { REMOVED, type ActionDef } from './kind.ts';

export const MANAGED_INSTANCE_STATUSES = {
  stable: ['running', 'stopped', 'deleted'],
  inBetween: ['creating', 'starting', 'stopping', 'rebooting', 'deleting', 'recovering', 'destroying'],
  failure: ['error'],
};

export const MANAGED_INSTANCE_CREATE = { inBetween: 'creating', final: 'running' };

export const MANAGED_INSTANCE_ACTIONS = [
  {
    id: 'start',
    allowedFrom: ['stopped'],
    inBetween: 'starting',
    final: 'running',
    refusalKey: 'refusals.db_instance.start',
    permission: 'operate',
    batch: true,
  },
  {
    id: 'stop',
    allowedFrom: ['running'],
    inBetween: 'stopping',
    final: 'stopped',
    refusalKey: 'refusals.db_instance.stop',
    permission: 'operate',
    batch: true,
    dialog: 'warning',
  },
  {
    id: 'reboot',
    allowedFrom: ['running'],
    inBetween: 'rebooting',
    final: 'running',
    refusalKey: 'refusals.db_instance.reboot',
    permission: 'operate',
    dialog: 'warning',
  },
  {
    id: 'delete',
    allowedFrom: ['running', 'stopped', 'error'],
    inBetween: 'deleting',
    final: 'deleted',
    refusalKey: 'refusals.db_instance.delete',
    permission: 'delete',
    dialog: 'delete',
    sms: true,
    effects: [{ type: 'billing', value: 'suspended' }],
  },
  {
    id: 'recover',
    allowedFrom: ['deleted'],
    inBetween: 'recovering',
    final: 'running',
    refusalKey: 'refusals.db_instance.recover',
    permission: 'delete',
    recycleBin: true,
    effects: [{ type: 'billing', value: 'active' }],
  },
  {
    id: 'destroy',
    allowedFrom: ['deleted'],
    inBetween: 'destroying',
    final: REMOVED,
    refusalKey: 'refusals.db_instance.destroy',
    permission: 'delete',
    recycleBin: true,
    dialog: 'delete',
  },
] as const satisfies readonly ActionDef[];
