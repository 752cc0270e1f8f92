// The zod rules of lb-listener (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import {
  LISTENER_PROTOCOLS,
  LB_ALGORITHMS,
  BACKEND_MODES,
  HEALTH_PROTOCOLS,
  MAX_PRIMARY_BACKUP_BACKENDS,
  VXLAN_PORT,
  lbListenerKind,
} from './lb-listener.kind.ts';

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

export const lbListenerSchemas = defineSchemas(lbListenerKind, {
  create: listenerCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    set_backends: z.object(backendsShape).superRefine(checkBackends) as unknown as z.ZodObject<any>,
    set_health_check: z.object({ health_check: healthCheckSchema }),
  },
});
