// The zod rules of instance (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, passwordRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { FLAVOR_IDS, IMAGES, DISK_TYPES, instanceKind } from './instance.kind.ts';
import { DATA_DISK } from './instance.rules.ts';

const flavorRule = z.enum(FLAVOR_IDS);

export const dataDiskSchema = z.object({
  type: z.enum(DISK_TYPES).default('ssd'),
  size: z.coerce.number().int().min(DATA_DISK.minGb).max(DATA_DISK.maxGb),
});

export const instanceCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    image: z.enum(IMAGES),
    flavor: flavorRule,
    system_disk_size: z.coerce.number().int().min(40).max(1024).default(40),
    data_disks: z.array(dataDiskSchema).max(DATA_DISK.maxCount, { message: 'data_disks_max' }).default([]),
    subnet_id: idSchema,
    public_ip_type: z.enum(['none', 'bgp']).default('none'),
    bandwidth: z.coerce.number().int().min(1).max(200).optional(),
    password: passwordRule,
  })
  .refine((v) => v.public_ip_type === 'none' || v.bandwidth !== undefined, { path: ['bandwidth'], message: 'required' });

export const instanceSchemas = defineSchemas(instanceKind, {
  create: instanceCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    rebuild: z.object({ image: z.enum(IMAGES), password: passwordRule }),
    resize: z.object({ flavor: flavorRule }),
    mount_iso: z.object({ iso: z.string().trim().min(1).max(128) }),
  },
});
