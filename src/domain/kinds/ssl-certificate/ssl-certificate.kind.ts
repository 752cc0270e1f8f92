// SSL certificate store (certificate, certificateAdd, certificateBuy, UploadOwnCertificate,
// SSLCertificate). Three ways in, one kind: a free certificate (one domain) and a bought one are
// applied for (申请中 → 待域名验证, then validation: 审核中 → 正常); an own certificate is uploaded
// as PEM (parsed and checked against its private key by the server, 申请中 → 正常). A valid
// certificate turns 待续期 30 days before expiry and 已过期 after it (server sweep); renewal
// re-configures it (配置中). The private key is a secret field: the engine seals it, it is never part of spec nor any answer.
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const CERT_SOURCES = ['free', 'buy', 'upload'] as const;
export const CERT_BRANDS = ['digicert', 'geotrust', 'globalsign', 'cfca', 'trustasia'] as const;
export const CERT_DOMAIN_TYPES = ['single', 'multiple', 'wildcard'] as const;
export const CERT_VALIDATION_METHODS = ['dns', 'file', 'email'] as const;
export const CERT_ALGORITHMS = ['rsa', 'ecc', 'sm2'] as const;
/** A certificate this close to its expiry is 待续期 (and warned about). */
export const RENEWAL_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The status a valid certificate has at `now` from its expiry: 正常, 待续期 (≤ 30 days left) or 已过期. */
export function expiryStatus(expiresAt: string | null | undefined, now: Date): 'normal' | 'pending_renewal' | 'expired' {
  const t = expiresAt ? Date.parse(expiresAt) : NaN;
  if (!Number.isFinite(t)) return 'normal';
  if (t <= now.getTime()) return 'expired';
  return t - now.getTime() <= RENEWAL_WARNING_DAYS * DAY_MS ? 'pending_renewal' : 'normal';
}

export const CERT_STATUSES = ['pending_validation', 'applying', 'reviewing', 'configuring', 'normal', 'pending_renewal', 'expired', 'revoked'] as const;

/** Statuses a certificate is in use in (a CDN domain or listener may pick it). */
export const CERT_USABLE = ['normal', 'pending_renewal'] as const;

export const sslCertificateKind: KindDefinition = {
  kind: 'ssl_certificate',
  collection: 'ssl-certificates',
  productCode: 'ssl_certificate',
  menuOrder: 250,
  routes: { list: 'certificate', detail: 'certificateAdd', buy: 'certificateBuy', others: ['UploadOwnCertificate', 'SSLCertificate'] },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'source', source: 'spec', type: 'enum', options: CERT_SOURCES },
    { key: 'domains', source: 'spec', type: 'text' },
    { key: 'brand', source: 'spec', type: 'enum', options: CERT_BRANDS },
    { key: 'domain_type', source: 'spec', type: 'enum', options: CERT_DOMAIN_TYPES },
    { key: 'validation_method', source: 'spec', type: 'enum', options: CERT_VALIDATION_METHODS },
    { key: 'algorithm', source: 'spec', type: 'enum', options: CERT_ALGORITHMS },
    { key: 'validity_years', source: 'spec', type: 'number' },
    { key: 'issuer', source: 'spec', type: 'text' },
    { key: 'serial_number', source: 'spec', type: 'text' },
    { key: 'fingerprint', source: 'spec', type: 'text' },
    { key: 'issued_at', source: 'spec', type: 'datetime' },
    { key: 'expires_at', source: 'spec', type: 'datetime' },
    { key: 'days_left', source: 'spec', type: 'number', unit: 'day' },
    { key: 'public_key', source: 'spec', type: 'text' },
    { key: 'order_cancelled', source: 'spec', type: 'boolean' },
    F.vendor,
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'source', display: true },
    { field: 'domains', display: true },
    { field: 'expires_at', sortable: false, display: true },
    { field: 'brand', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'source', source: 'spec', key: 'source', type: 'enum' }],
  statuses: {
    stable: ['pending_validation', 'normal', 'pending_renewal', 'expired', 'revoked'],
    inBetween: ['applying', 'reviewing', 'configuring', 'deleting'],
    failure: ['error'],
  },
  // An uploaded certificate is usable once configured (待续期 at once when close to expiry); an applied-for one waits for its domain validation.
  create: {
    inBetween: 'applying',
    final: 'pending_validation',
    finalFor: (spec) => (spec.source === 'upload' ? expiryStatus(spec.expires_at as string | undefined, new Date()) : 'pending_validation'),
  },
  placement: 'own',
  secret: ['private_key'],
  derive: (spec) => {
    const exp = typeof spec.expires_at === 'string' ? Date.parse(spec.expires_at) : NaN;
    return Number.isFinite(exp) ? { days_left: Math.floor((exp - Date.now()) / 86_400_000) } : {};
  },
  actions: [
    {
      id: 'validate_domain',
      allowedFrom: ['pending_validation'],
      inBetween: 'reviewing',
      final: 'normal',
      failStatus: 'pending_validation',
      refusalKey: 'refusals.ssl_certificate.validate',
      permission: 'operate',
    },
    {
      id: 'renew',
      allowedFrom: ['pending_renewal', 'expired'],
      inBetween: 'configuring',
      final: 'normal',
      failStatus: 'expired',
      refusalKey: 'refusals.ssl_certificate.renew',
      permission: 'operate',
      dialog: 'warning',
    },
    {
      id: 'revoke',
      allowedFrom: ['normal', 'pending_renewal'],
      inBetween: null,
      final: 'revoked',
      refusalKey: 'refusals.ssl_certificate.revoke',
      permission: 'operate',
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['pending_validation', 'normal', 'pending_renewal', 'expired', 'revoked', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.ssl_certificate.delete',
      permission: 'delete',
      dialog: 'delete',
      batch: true,
    },
  ],
  // CDN domains and listeners name a certificate in their spec (certificate_id); the server refuses
  // revoking or deleting one in use.
  relations: [],
  recycle: false,
  priced: false,
};
