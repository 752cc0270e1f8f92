// Rules of GTM (全局流量管理): address pools of IPv4 addresses with weights 0-100 (0 takes no
// traffic; at least one address must carry weight), access policies sending a resolution line to
// a primary pool with an optional backup pool (never the same pool), and the instance's global
// settings (TTL 1-86400 s, alarm notification, health-check protocol / port / interval).
import { z } from 'zod';
import { isIpv4, portRule } from '../rules.ts';
import { SMART_LINES } from '../smart-dns/smart-dns.kind.ts';

export const GTM_LINES = SMART_LINES;
export const GTM_TTL = { min: 1, max: 86400, default: 60 } as const;
export const GTM_WEIGHT = { min: 0, max: 100 } as const;
export const HEALTH_PROTOCOLS = ['ping', 'tcp', 'http', 'https'] as const;
export const HEALTH_INTERVALS = [15, 30, 60, 120, 300] as const;
export const MAX_POOL_ADDRESSES = 20;

export const gtmAddressSchema = z.object({
  ip: z.string().trim().refine(isIpv4, { message: 'ipv4' }),
  weight: z.coerce.number().int().min(GTM_WEIGHT.min).max(GTM_WEIGHT.max).default(50),
});

/** Address-list problems: repeated addresses, or no address carrying weight. */
export function checkAddresses(addresses: { ip: string; weight: number }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  addresses.forEach((a, i) => {
    if (seen.has(a.ip)) ctx.addIssue({ code: 'custom', path: ['addresses', i, 'ip'], message: 'gtm_address_repeated' });
    seen.add(a.ip);
  });
  if (addresses.length && addresses.every((a) => a.weight === 0)) ctx.addIssue({ code: 'custom', path: ['addresses'], message: 'gtm_weight_all_zero' });
}

export const gtmTtlRule = z.coerce.number().int().min(GTM_TTL.min).max(GTM_TTL.max);
const intervalRule = z.coerce
  .number()
  .int()
  .refine((n) => (HEALTH_INTERVALS as readonly number[]).includes(n), { message: 'gtm_health_interval' });

/** The globarSet form: what a GTM instance answers and how it watches its addresses. */
export const gtmGlobalSchema = z
  .object({
    ttl: gtmTtlRule,
    alarm_enabled: z.boolean().default(true),
    health_protocol: z.enum(HEALTH_PROTOCOLS).default('tcp'),
    health_port: portRule.optional(),
    health_interval: intervalRule.default(60),
  })
  .superRefine((v, ctx) => {
    if (v.health_protocol !== 'ping' && v.health_port === undefined) ctx.addIssue({ code: 'custom', path: ['health_port'], message: 'required' });
  });
