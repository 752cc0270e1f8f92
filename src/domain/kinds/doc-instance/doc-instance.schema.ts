// The zod rules of a document database (MongoDB) purchase: the instance name of the managed
// databases, the version and architecture offered (a replica set's 3, 5 or 7 nodes, a sharded
// cluster's 2–32 shards), the flavor, storage of at least 70 GB (the data disk of seed 001 §5), the
// port, and the administrator: a user name of 2–64 lowercase letters, digits and underscores (a letter
// first, a letter or digit last) and a password (8–32, digits and both cases, no reserved word, not
// containing the user name).
import { z } from 'zod';
import { passwordProblem } from '../../account.ts';
import { chargingShape, descriptionRule, placementShape, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { DB_INSTANCE_NAME, DB_MAX_DISK_GB, DB_MIN_DATA_DISK_GB } from '../db-instance/db-instance.rules.ts';
import { docInstanceKind } from './doc-instance.kind.ts';
import {
  DOC_ARCHITECTURES,
  DOC_FLAVORS,
  DOC_MAX_SHARDS,
  DOC_MIN_SHARDS,
  DOC_REPLICA_NODES,
  DOC_USER_NAME,
  DOC_USER_NAME_MAX,
  DOC_USER_NAME_MIN,
  DOC_VERSIONS,
} from './doc-instance.rules.ts';

export const docInstanceCreateSchema = z
  .object({
    name: z.string().trim().min(2).max(128).regex(DB_INSTANCE_NAME, { message: 'db_instance_name' }),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    // Left empty, the newest version (the kind's derive).
    version: z.enum(DOC_VERSIONS).optional(),
    architecture: z.enum(DOC_ARCHITECTURES).default('replica_set'),
    replica_nodes: z.enum(DOC_REPLICA_NODES).default('3'),
    shards: z.coerce.number().int().min(DOC_MIN_SHARDS).max(DOC_MAX_SHARDS).optional(),
    flavor: z.enum(DOC_FLAVORS).default('2c4g'),
    storage: z.coerce.number().int().min(DB_MIN_DATA_DISK_GB).max(DB_MAX_DISK_GB).default(100),
    port: portRule.optional(),
    admin_user: z.string().trim().min(DOC_USER_NAME_MIN).max(DOC_USER_NAME_MAX).regex(DOC_USER_NAME, { message: 'db_account_name' }).default('root'),
    password: z.string().min(1).max(64),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, v.admin_user);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (v.shards !== undefined && v.architecture !== 'sharded') ctx.addIssue({ code: 'custom', path: ['shards'], message: 'doc_shards_sharded_only' });
  });

export const docInstanceSchemas = defineSchemas(docInstanceKind, { create: docInstanceCreateSchema, actions: {} });
