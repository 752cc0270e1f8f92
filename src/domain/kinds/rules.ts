// Field rules shared by kind definitions (seed 001 §5 "Names and text", "Network"; seed 000 §5).
// A zod message that is a key of errors:rules.* becomes the rule text of the 400 answer.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { CHARGING_CODES, DURATION_MONTHS } from '../schemas/reference.schema.ts';
import { VENDOR_IDS } from './common.ts';
import { isIpv4, parseCidr } from './cidr.ts';
import { NO_SPACES, noSpaces } from '../no-spaces.ts';

const NO_URL = (v: string) => !/^https?:\/\//i.test(v);

/**
 * Seed 001 §5: names and descriptions must not start with http:// or the site's own host. The
 * host is known only per request, so the server applies this beside the schemas (site-host.plugin.ts).
 */
export function startsWithHost(value: unknown, host: string | undefined): boolean {
  if (typeof value !== 'string' || !host) return false;
  const h = host.trim().toLowerCase().replace(/:\d+$/, '');
  return h.length > 0 && value.trim().toLowerCase().startsWith(h);
}

/** Name 2–60, not starting with http:// or https://. */
export const nameRule = (min = 2, max = 60) => z.string().trim().min(min).max(max).refine(NO_URL, { message: 'no_url_prefix' });
/** Description 2–60, same prefix rule, optional. */
export const descriptionRule = z.string().trim().min(2).max(60).refine(NO_URL, { message: 'no_url_prefix' }).optional();

export const ipv4Rule = z.string().trim().refine(isIpv4, { message: 'ipv4' });

/** A CIDR within a prefix range. */
export const cidrRule = (minPrefix: number, maxPrefix: number) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        const c = parseCidr(v);
        return c !== null && c.prefix >= minPrefix && c.prefix <= maxPrefix;
      },
      { message: 'cidr' },
    );

/** Ports 1–65535. */
export const portRule = z.coerce.number().int().min(1).max(65535);

/** Password: digits, upper and lower letters, no Chinese (seed 001 §5), no spaces (seed 000 §5), 8–30. */
export const passwordRule = z
  .string()
  .refine(noSpaces, { message: NO_SPACES })
  .min(8)
  .max(30)
  .refine((v) => !/[\u3400-\u9fff]/.test(v), { message: 'no_chinese' })
  .refine((v) => /\d/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v), { message: 'password_mix' });

/** Where a resource is bought: vendor → region → zone, and how it is charged. */
export const placementShape = {
  vendor: z.enum(VENDOR_IDS),
  region_id: idSchema,
  az_id: idSchema,
};
export const chargingShape = {
  charging_code: z.enum(CHARGING_CODES).default('quantity'),
  duration: z.coerce
    .number()
    .int()
    .refine((n) => (DURATION_MONTHS as readonly number[]).includes(n), { message: 'duration' })
    .optional(),
};
