// The zod rules of a 蒲公英 box: SN of 12-16 digits, model, network name 2-32, the LAN range it
// brings (a private IPv4 CIDR of /16 to /30).
import { z } from 'zod';
import { cidrRule, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { PGYUN_MODELS, PGYUN_SN, pgyunDeviceKind } from './pgyun.kind.ts';

export const pgyunDeviceSchemas = defineSchemas(pgyunDeviceKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    sn: z.string().trim().regex(PGYUN_SN, { message: 'pgyun_sn' }),
    model: z.enum(PGYUN_MODELS),
    network_name: z.string().trim().min(2).max(32),
    lan_cidr: cidrRule(16, 30),
  }),
  actions: {},
});
