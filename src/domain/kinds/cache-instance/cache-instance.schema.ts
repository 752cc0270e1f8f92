// The zod rules of a cache database (Redis) purchase: the instance name of the managed databases,
// the version, architecture and memory offered, a cluster's 2–32 shards, the port, and the access
// password (8–32, digits and both cases, no reserved word: seed 001 §5).
import { z } from 'zod';
import { passwordProblem } from '../../account.ts';
import { chargingShape, descriptionRule, placementShape, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { DB_INSTANCE_NAME } from '../db-instance/db-instance.rules.ts';
import { cacheInstanceKind } from './cache-instance.kind.ts';
import { CACHE_ARCHITECTURES, CACHE_MAX_SHARDS, CACHE_MEMORY_SPECS, CACHE_MIN_SHARDS, CACHE_VERSIONS } from './cache-instance.rules.ts';

export const cacheInstanceCreateSchema = z
  .object({
    name: z.string().trim().min(2).max(128).regex(DB_INSTANCE_NAME, { message: 'db_instance_name' }),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    // Left empty, the newest version (the kind's derive).
    version: z.enum(CACHE_VERSIONS).optional(),
    architecture: z.enum(CACHE_ARCHITECTURES).default('master_replica'),
    memory_spec: z.enum(CACHE_MEMORY_SPECS).default('4g'),
    shards: z.coerce.number().int().min(CACHE_MIN_SHARDS).max(CACHE_MAX_SHARDS).optional(),
    port: portRule.optional(),
    password: z.string().min(1).max(64),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, '');
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (v.shards !== undefined && v.architecture !== 'cluster') ctx.addIssue({ code: 'custom', path: ['shards'], message: 'cache_shards_cluster_only' });
  });

export const cacheInstanceSchemas = defineSchemas(cacheInstanceKind, { create: cacheInstanceCreateSchema, actions: {} });
