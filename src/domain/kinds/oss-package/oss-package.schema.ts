// The zod rules of an object storage capacity package: a capacity of the offered sizes, a storage
// type, the usual placement and charging.
import { z } from 'zod';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { OSS_PACKAGE_SIZES_GB, OSS_STORAGE_TYPES } from '../oss-bucket/oss-bucket.rules.ts';
import { ossPackageKind } from './oss-package.kind.ts';

export const ossPackageSchemas = defineSchemas(ossPackageKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    capacity_gb: z.coerce
      .number()
      .int()
      .refine((n) => (OSS_PACKAGE_SIZES_GB as readonly number[]).includes(n), { message: 'oss_package_size' })
      .default(100),
    storage_type: z.enum(OSS_STORAGE_TYPES).default('standard'),
  }),
  actions: {},
});
