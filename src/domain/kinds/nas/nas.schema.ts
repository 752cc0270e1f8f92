// The zod rules of file storage (NAS): the purchase (protocol, capacity, a file system name and its
// mount point given together), the hosts to authorise (1 to 10 at once), the sync and backup policies.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { nasKind } from './nas.kind.ts';
import { BACKUP_RETENTIONS, MAX_HOSTS_AT_ONCE, NAS_MAX_GB, NAS_MIN_GB, NAS_PROTOCOLS, SYNC_FREQUENCIES, mountPathProblem } from './nas.rules.ts';

/** An absolute mount path without `..` or `//` (nas.rules.ts mountPathProblem). */
export const mountPathRule = z
  .string()
  .trim()
  .min(1)
  .superRefine((v, ctx) => {
    const problem = mountPathProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The hosts of one authorisation: 1 to MAX_HOSTS_AT_ONCE, each once. */
export const hostsRule = z
  .array(z.object({ instance_id: idSchema }))
  .min(1, { message: 'hosts_required' })
  .max(MAX_HOSTS_AT_ONCE, { message: 'hosts_too_many' })
  .refine((hs) => new Set(hs.map((h) => h.instance_id)).size === hs.length, { message: 'hosts_repeated' });

export const nasCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    protocol: z.enum(NAS_PROTOCOLS).default('nfs'),
    size: z.coerce.number().int().min(NAS_MIN_GB).max(NAS_MAX_GB).default(NAS_MIN_GB),
    file_system: nameRule(2, 32).optional(),
    mount_path: mountPathRule.optional(),
  })
  .refine((v) => (v.mount_path === undefined) === (v.file_system === undefined), { path: ['mount_path'], message: 'mount_pair' });

export const nasSchemas = defineSchemas(nasKind, {
  create: nasCreateSchema,
  actions: {
    authorize: z.object({ hosts: hostsRule }),
    unauthorize: z.object({ instance_id: idSchema }),
    sync_policy: z.object({ sync_target_id: idSchema, sync_frequency: z.enum(SYNC_FREQUENCIES).default('30') }),
    backup_policy: z.object({
      backup_time: z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time_of_day' })
        .default('02:00'),
      backup_retention: z.enum(BACKUP_RETENTIONS).default('1month'),
    }),
    expand: z.object({ size: z.coerce.number().int().max(NAS_MAX_GB) }),
  },
});
