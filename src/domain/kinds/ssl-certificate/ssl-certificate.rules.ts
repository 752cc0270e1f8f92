// Rules of the SSL certificate store (seed 001 §5, §8, §9): a free certificate covers one domain,
// a bought one is chosen by brand, domain type, validation method, algorithm and validity, an own
// certificate is uploaded as PEM. Revoking within 30 days of issue cancels the order; after that
// revocation cannot be completed. Pure: the server and the web share these.

// The choices a certificate's fields list and its expiry status are the list's too: they sit in the kind
// (the phone's first load), the checks only forms and hooks use stay here.
import type { CERT_SOURCES } from './ssl-certificate.kind.ts';

export {
  CERT_ALGORITHMS,
  CERT_BRANDS,
  CERT_DOMAIN_TYPES,
  CERT_SOURCES,
  CERT_VALIDATION_METHODS,
  RENEWAL_WARNING_DAYS,
  expiryStatus,
} from './ssl-certificate.kind.ts';
export const CERT_VALIDITY_YEARS = [1, 2, 3] as const;
/** A free certificate is for one year (the usual DV offer) and covers one domain. */
export const FREE_VALIDITY_DAYS = 365;
/** Revocation cancels the order only within this many days of issue (seed 001 §9, §10). */
export const REVOKE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** A host name: labels of a-z, 0-9 and hyphen (not first or last), 1-63 each, 253 in all. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
export function isDomainName(v: string): boolean {
  if (v.length < 3 || v.length > 253) return false;
  const labels = v.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[a-z]/.test(labels[labels.length - 1]!);
}
/** A wildcard (*.example.com) is a domain with `*.` in front. */
export const isCertDomain = (v: string, wildcard: boolean) => (wildcard && v.startsWith('*.') ? isDomainName(v.slice(2)) : isDomainName(v));

export function splitDomains(v: unknown): string[] {
  return String(v ?? '')
    .split(/[\s,，;；]+/)
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
}

/** The problem of a bought certificate's domain list for its type, or null. */
export function domainsProblem(domains: string[], type: string): string | null {
  if (!domains.length) return 'required';
  if (new Set(domains).size !== domains.length) return 'domain_repeated';
  if (domains.some((d) => !isCertDomain(d, type === 'wildcard'))) return 'domain_invalid';
  if (type === 'single' && domains.length > 1) return 'cert_one_domain';
  if (type === 'wildcard' && domains.some((d) => !d.startsWith('*.'))) return 'cert_wildcard_only';
  if (type === 'multiple' && domains.length > 100) return 'too_big';
  return null;
}

/** The source of a create body: uploaded keys, a bought product, or the free certificate. */
export function certSourceOf(v: { source?: unknown; public_key?: unknown; brand?: unknown }): (typeof CERT_SOURCES)[number] {
  if (v.source === 'free' || v.source === 'buy' || v.source === 'upload') return v.source;
  if (v.public_key) return 'upload';
  return v.brand ? 'buy' : 'free';
}

/** Whether a certificate issued at `issuedAt` may still be revoked (the order cancelled) at `now`. */
export function revocable(issuedAt: string | null | undefined, now: Date): boolean {
  if (!issuedAt) return true;
  const t = Date.parse(issuedAt);
  return Number.isFinite(t) && now.getTime() - t <= REVOKE_WINDOW_DAYS * DAY_MS;
}

/** Whole days left before expiry (negative once expired), or null. */
export function daysLeft(expiresAt: unknown, now: Date): number | null {
  const t = typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  return Number.isFinite(t) ? Math.floor((t - now.getTime()) / DAY_MS) : null;
}

export const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
export const PEM_KEY = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;
