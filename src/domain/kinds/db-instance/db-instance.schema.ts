// The zod rules of a managed database instance's purchase: the engine's versions, the instance
// name (Oracle at most 8 characters), the disk minimums (data ≥ 70 GB, archive ≥ 30 GB).
import { z } from 'zod';
import { chargingShape, descriptionRule, placementShape, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { dbInstanceKind } from './db-instance.kind.ts';
import {
  DB_CHARSETS,
  DB_ENGINES,
  DB_FLAVORS,
  DB_INSTANCE_NAME,
  DB_MAX_DISK_GB,
  DB_MIN_ARCHIVE_DISK_GB,
  DB_MIN_DATA_DISK_GB,
  DB_VERSIONS,
  dbInstanceNameMax,
} from './db-instance.rules.ts';

export const dbInstanceCreateSchema = z
  .object({
    name: z.string().trim().min(2).max(128).regex(DB_INSTANCE_NAME, { message: 'db_instance_name' }),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    engine: z.enum(DB_ENGINES),
    // Left empty, the engine's newest version (the kind's derive).
    version: z.string().trim().max(16).optional(),
    flavor: z.enum(DB_FLAVORS),
    port: portRule.optional(),
    data_disk: z.coerce.number().int().min(DB_MIN_DATA_DISK_GB).max(DB_MAX_DISK_GB).default(100),
    archive_disk: z.coerce.number().int().min(DB_MIN_ARCHIVE_DISK_GB).max(DB_MAX_DISK_GB).default(50),
    charset: z.enum(DB_CHARSETS).default('utf8mb4'),
  })
  .superRefine((v, ctx) => {
    const max = dbInstanceNameMax(v.engine);
    if (v.name.length > max) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, path: ['name'], input: v.name });
    if (v.version && !DB_VERSIONS[v.engine].includes(v.version)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'db_version' });
  });

export const dbInstanceSchemas = defineSchemas(dbInstanceKind, { create: dbInstanceCreateSchema, actions: {} });

/** The SQL console's request (POST /api/v1/dbinstances/:id/sql): one statement, optionally in a read-only transaction. */
export const dbSqlRequestSchema = z.object({
  sql: z.string().trim().min(1, { message: 'sql_required' }).max(100_000),
  readonly: z.boolean().default(false),
});
