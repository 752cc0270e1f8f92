// Listener of a load balancer (balanceLoadDetail): protocol and port (4789/udp cannot be listened
// on), scheduling algorithm, session persistence, health check, and backend servers with ports and
// weights 0–100 — at most 7 in primary/backup mode. HTTPS needs an SSL certificate of the store.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const LISTENER_PROTOCOLS = ['tcp', 'udp', 'http', 'https'] as const;
export const LB_ALGORITHMS = ['round_robin', 'weighted_round_robin', 'least_connections', 'source_ip_hash'] as const;
export const BACKEND_MODES = ['weighted', 'primary_backup'] as const;
export const HEALTH_PROTOCOLS = ['tcp', 'http'] as const;
/** Primary/backup mode: at most 7 backend servers (seed 001 §5, §9). */
export const MAX_PRIMARY_BACKUP_BACKENDS = 7;
/** VXLAN: 4789/udp cannot be listened on (seed 001 §5). */
export const VXLAN_PORT = 4789;

export const lbListenerKind = defineKind({
  kind: 'lb_listener',
  collection: 'lb-listeners',
  productCode: 'lb_listener',
  menuOrder: 130,
  routes: { list: 'balanceLoadDetail' },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'load_balancer_id', source: 'spec', type: 'ref', ref: 'load_balancer' },
    { key: 'protocol', source: 'spec', type: 'enum', options: LISTENER_PROTOCOLS },
    { key: 'port', source: 'spec', type: 'number' },
    { key: 'algorithm', source: 'spec', type: 'enum', options: LB_ALGORITHMS },
    { key: 'session_persistence', source: 'spec', type: 'boolean' },
    { key: 'session_timeout', source: 'spec', type: 'number' },
    { key: 'certificate_id', source: 'spec', type: 'ref', ref: 'ssl_certificate' },
    { key: 'redirect', source: 'spec', type: 'boolean' },
    { key: 'ftp', source: 'spec', type: 'boolean' },
    { key: 'real_ip', source: 'spec', type: 'boolean' },
    { key: 'health_check', source: 'spec', type: 'text' },
    { key: 'mode', source: 'spec', type: 'enum', options: BACKEND_MODES },
    { key: 'backends', source: 'spec', type: 'text' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'protocol', display: true },
    { field: 'port', display: true },
    { field: 'algorithm', display: true },
    { field: 'mode', display: true },
    { field: 'session_persistence', display: false },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'load_balancer_id', source: 'spec', key: 'load_balancer_id', type: 'ref' },
    { param: 'protocol', source: 'spec', key: 'protocol', type: 'enum' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'load_balancer_id', kind: 'load_balancer' },
  createLinks: [
    {
      relation: 'listener_of',
      param: 'load_balancer_id',
      kind: 'load_balancer',
      allowedFrom: ['running', 'stopped'],
      refusalKey: 'refusals.lb_listener.lb_not_ready',
    },
  ],
  actions: [
    {
      id: 'set_backends',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.lb_listener.edit',
      permission: 'operate',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['mode', 'backends'] }],
    },
    {
      id: 'set_health_check',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.lb_listener.edit',
      permission: 'operate',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['health_check'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.lb_listener.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'listener_of', direction: 'out', kind: 'load_balancer', many: false }],
  recycle: false,
  priced: false,
});
