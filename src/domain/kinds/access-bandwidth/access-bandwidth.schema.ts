// The zod rules of an access bandwidth: the rental (line type, 1–10000 Mbps, access address 1–200
// characters, internal IP ranges 1–10000 characters of IPv4 addresses or CIDRs; pay-as-you-go only,
// billed by the day) and its bandwidth change.
import { z } from 'zod';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { isIpv4, parseCidr } from '../cidr.ts';
import {
  ACCESS_ADDRESS_MAX,
  ACCESS_BANDWIDTH_MAX_MBPS,
  ACCESS_BANDWIDTH_MIN_MBPS,
  IP_RANGES_MAX,
  LINE_TYPES,
  accessBandwidthKind,
} from './access-bandwidth.kind.ts';

/** The ranges of a list written one per line or separated by commas or semicolons. */
export const ipRangesOf = (v: string) =>
  v
    .split(/[\n,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const isRange = (s: string) => isIpv4(s) || parseCidr(s) !== null;

const bandwidthRule = z.coerce.number().int().min(ACCESS_BANDWIDTH_MIN_MBPS).max(ACCESS_BANDWIDTH_MAX_MBPS);

export const accessBandwidthSchemas = defineSchemas(accessBandwidthKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    charging_code: z.enum(['quantity']).default('quantity'),
    line_type: z.enum(LINE_TYPES).default('private_line'),
    bandwidth: bandwidthRule.default(10),
    access_address: z.string().trim().min(1).max(ACCESS_ADDRESS_MAX),
    ip_ranges: z
      .string()
      .trim()
      .min(1)
      .max(IP_RANGES_MAX)
      .refine((v) => ipRangesOf(v).length > 0 && ipRangesOf(v).every(isRange), { message: 'cidr' }),
  }),
  actions: { resize: z.object({ bandwidth: bandwidthRule }) },
});
