// Listener of a load balancer (balanceLoadDetail): protocol and port (4789/udp cannot be listened
// on), scheduling algorithm, session persistence, health check, and backend servers with ports and
// weights 0–100 — at most 7 in primary/backup mode. HTTPS needs an SSL certificate of the store.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { descriptionRule, nameRule, portRule } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const LISTENER_PROTOCOLS = ['tcp', 'udp', 'http', 'https'] as const;
export const LB_ALGORITHMS = ['round_robin', 'weighted_round_robin', 'least_connections', 'source_ip_hash'] as const;
export const BACKEND_MODES = ['weighted', 'primary_backup'] as const;
export const HEALTH_PROTOCOLS = ['tcp', 'http'] as const;
/** Primary/backup mode: at most 7 backend servers (seed 001 §5, §9). */
export const MAX_PRIMARY_BACKUP_BACKENDS = 7;
/** VXLAN: 4789/udp cannot be listened on (seed 001 §5). */
export const VXLAN_PORT = 4789;

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

export const backendSchema = z.object({
  instance_id: idSchema,
  port: portRule,
  weight: z.coerce.number().int().min(0).max(100).default(100),
  role: z.enum(['primary', 'backup']).default('primary'),
});
export const backendsShape = {
  mode: z.enum(BACKEND_MODES).default('weighted'),
  backends: z.array(backendSchema).max(100).default([]),
};

/** Mode rules of a backend list: ≤ 7 in primary/backup with a primary among them; no server+port twice. */
export function checkBackends(v: { mode: string; backends: { instance_id: string; port: number; role: string }[] }, ctx: Ctx) {
  const seen = new Set<string>();
  v.backends.forEach((b, i) => {
    const key = `${b.instance_id}:${b.port}`;
    if (seen.has(key)) issue(ctx, ['backends', i, 'port'], 'backend_repeated');
    seen.add(key);
  });
  if (v.mode === 'primary_backup') {
    if (v.backends.length > MAX_PRIMARY_BACKUP_BACKENDS) issue(ctx, ['backends'], 'backends_too_many');
    else if (v.backends.length && !v.backends.some((b) => b.role === 'primary')) issue(ctx, ['backends'], 'primary_required');
  } else if (v.backends.some((b) => b.role === 'backup')) {
    issue(ctx, ['mode'], 'backup_needs_mode');
  }
}

export const healthCheckSchema = z
  .object({
    enabled: z.boolean().default(true),
    protocol: z.enum(HEALTH_PROTOCOLS).default('tcp'),
    /** absent: the backend's own port */
    port: portRule.optional(),
    path: z
      .string()
      .trim()
      .regex(/^\/[\x21-\x7e]{0,79}$/, { message: 'invalid_format' })
      .optional(),
    /** seconds between checks (the seed's examples: 5 s, 16 s) */
    interval: z.coerce.number().int().min(1).max(50).default(5),
    /** response timeout, seconds; not longer than the interval */
    timeout: z.coerce.number().int().min(1).max(50).default(2),
    healthy_threshold: z.coerce.number().int().min(2).max(10).default(3),
    unhealthy_threshold: z.coerce.number().int().min(2).max(10).default(3),
  })
  .superRefine((v, ctx) => {
    if (v.timeout > v.interval) issue(ctx, ['timeout'], 'timeout_over_interval');
    if (v.protocol === 'http' && !v.path) issue(ctx, ['path'], 'required');
  });

export const listenerCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    load_balancer_id: idSchema,
    protocol: z.enum(LISTENER_PROTOCOLS),
    port: portRule,
    algorithm: z.enum(LB_ALGORITHMS).default('round_robin'),
    session_persistence: z.boolean().default(false),
    session_timeout: z.coerce.number().int().min(1).max(86400).default(1000),
    certificate_id: idSchema.optional(),
    /** HTTP listeners may redirect to HTTPS */
    redirect: z.boolean().default(false),
    /** TCP listeners carrying FTP (passive ports follow the control connection) */
    ftp: z.boolean().default(false),
    /** pass the client's real IP to the backends */
    real_ip: z.boolean().default(false),
    health_check: healthCheckSchema.prefault({}),
    ...backendsShape,
  })
  .superRefine((v, ctx) => {
    if (v.protocol === 'udp' && v.port === VXLAN_PORT) issue(ctx, ['port'], 'port_vxlan_udp');
    if (v.protocol === 'https' && !v.certificate_id) issue(ctx, ['certificate_id'], 'required');
    if (v.redirect && v.protocol !== 'http') issue(ctx, ['redirect'], 'redirect_http_only');
    if (v.ftp && v.protocol !== 'tcp') issue(ctx, ['ftp'], 'ftp_tcp_only');
    if (v.protocol === 'udp' && v.health_check.protocol === 'http') issue(ctx, ['health_check', 'protocol'], 'invalid_value');
    checkBackends(v, ctx);
  });

export const lbListenerKind = defineKind({
  kind: 'lb_listener',
  collection: 'lb-listeners',
  productCode: 'lb_listener',
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
  createSchema: listenerCreateSchema as unknown as z.ZodObject<any>,
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
      params: z.object(backendsShape).superRefine(checkBackends) as unknown as z.ZodObject<any>,
      effects: [{ type: 'set_spec', keys: ['mode', 'backends'] }],
    },
    {
      id: 'set_health_check',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.lb_listener.edit',
      permission: 'operate',
      params: z.object({ health_check: healthCheckSchema }),
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
