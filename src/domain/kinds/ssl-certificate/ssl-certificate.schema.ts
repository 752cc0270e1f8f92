// The zod rules of ssl-certificate (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import {
  CERT_ALGORITHMS,
  CERT_BRANDS,
  CERT_DOMAIN_TYPES,
  CERT_SOURCES,
  CERT_VALIDATION_METHODS,
  CERT_VALIDITY_YEARS,
  certSourceOf,
  domainsProblem,
  splitDomains,
} from './ssl-certificate.rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { sslCertificateKind } from './ssl-certificate.kind.ts';

import { isCertDomain, PEM_CERT, PEM_KEY } from './ssl-certificate.rules.ts';

export const certDomainRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((v) => isCertDomain(v, true), { message: 'domain_invalid' });

/** Domains of a bought certificate: comma or newline separated; a single-domain type takes one. */
export const certDomainsRule = z.string().trim().toLowerCase().max(2000);

export const pemCertRule = z
  .string()
  .trim()
  .max(20000)
  .refine((v) => PEM_CERT.test(v), { message: 'pem_certificate' });

export const pemKeyRule = z
  .string()
  .trim()
  .max(20000)
  .refine((v) => PEM_KEY.test(v), { message: 'pem_private_key' });

const validityRule = z.coerce
  .number()
  .int()
  .refine((n) => (CERT_VALIDITY_YEARS as readonly number[]).includes(n), { message: 'invalid_value' });

/** The free certificate form (certificateAdd): one domain. */
export const freeCertSchema = z.object({
  ...placementShape,
  name: nameRule(),
  domain: certDomainRule,
  validation_method: z.enum(CERT_VALIDATION_METHODS).default('dns'),
  description: descriptionRule,
});

/** The purchase form (certificateBuy). */
export const buyCertSchema = z.object({
  ...placementShape,
  name: nameRule(),
  brand: z.enum(CERT_BRANDS),
  domain_type: z.enum(CERT_DOMAIN_TYPES).default('single'),
  validation_method: z.enum(CERT_VALIDATION_METHODS).default('dns'),
  algorithm: z.enum(CERT_ALGORITHMS).default('rsa'),
  validity_years: validityRule.default(1),
  domains: certDomainsRule,
  description: descriptionRule,
});

/** The upload form (UploadOwnCertificate): PEM certificate (chain allowed) and its private key. */
export const uploadCertSchema = z.object({
  ...placementShape,
  name: nameRule(),
  public_key: pemCertRule,
  private_key: pemKeyRule,
  description: descriptionRule,
});

/** The one create body of the kind: the source decides which of the forms' rules apply. */
export const certCreateSchema = z
  .object({
    ...placementShape,
    name: nameRule(),
    description: descriptionRule,
    source: z.enum(CERT_SOURCES).optional(),
    domain: z.string().optional(),
    domains: certDomainsRule.optional(),
    brand: z.enum(CERT_BRANDS).optional(),
    domain_type: z.enum(CERT_DOMAIN_TYPES).optional(),
    validation_method: z.enum(CERT_VALIDATION_METHODS).optional(),
    algorithm: z.enum(CERT_ALGORITHMS).optional(),
    validity_years: validityRule.optional(),
    public_key: z.string().max(20000).optional(),
    private_key: z.string().max(20000).optional(),
  })
  .superRefine((v, ctx) => {
    const source = certSourceOf(v);
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const check = (schema: z.ZodType, key: string) => {
      const r = schema.safeParse((v as Record<string, unknown>)[key]);
      if (!r.success) add(key, r.error.issues[0]?.message && (v as Record<string, unknown>)[key] !== undefined ? r.error.issues[0].message : 'required');
    };
    if (source === 'free') {
      // 「免费证书仅可关联一个域名」: one domain, no list.
      if (v.domains && splitDomains(v.domains).length > 1) add('domain', 'cert_one_domain');
      else check(certDomainRule, 'domain');
    } else if (source === 'buy') {
      if (!v.brand) add('brand', 'required');
      const problem = domainsProblem(splitDomains(v.domains ?? v.domain), v.domain_type ?? 'single');
      if (problem) add('domains', problem);
    } else {
      check(pemCertRule, 'public_key');
      check(pemKeyRule, 'private_key');
    }
  })
  .transform((v) => {
    const source = certSourceOf(v);
    const out: Record<string, unknown> = { ...v, source };
    if (source === 'free')
      Object.assign(out, {
        domains: [String(v.domain).trim().toLowerCase()],
        domain_type: 'single',
        validity_years: 1,
        validation_method: v.validation_method ?? 'dns',
      });
    if (source === 'buy') {
      Object.assign(out, {
        domains: splitDomains(v.domains ?? v.domain),
        domain_type: v.domain_type ?? 'single',
        validation_method: v.validation_method ?? 'dns',
        algorithm: v.algorithm ?? 'rsa',
        validity_years: v.validity_years ?? 1,
      });
    }
    if (source !== 'upload') delete out.public_key;
    delete out.domain;
    return out;
  });

export const sslCertificateSchemas = defineSchemas(sslCertificateKind, {
  create: certCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});
