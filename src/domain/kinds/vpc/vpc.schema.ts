// The zod rules of vpc (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { cidrRule, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { parseCidr } from '../cidr.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { vpcKind } from './vpc.kind.ts';
import { PRIVATE_RANGES } from './vpc.rules.ts';

export const vpcCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  // Private ranges only, prefix 8–24 (a VPC smaller than /24 leaves no room for subnets).
  cidr: cidrRule(8, 24).refine(
    (v) => {
      const c = parseCidr(v);
      return c !== null && PRIVATE_RANGES.some((r) => c.base >= r.base && c.base + c.size <= r.base + r.size);
    },
    { message: 'private_cidr' },
  ),
});

export const vpcSchemas = defineSchemas(vpcKind, {
  create: vpcCreateSchema,
  actions: {},
});
