// Rules of a CDN accelerated domain (seed 001 §5, §8): the domain is 1-63 characters (a host name,
// `*.` allowed in front), its origins are IP addresses or host names other than the accelerated
// domain itself, one or more primary origins (backups optional), origin port 80 or 443, and HTTPS
// takes a certificate from the store that covers the domain.
import { isIpv4 } from '../cidr.ts';

// The business types and regions a domain's fields list sit in the kind (the phone's first load).
export { CDN_BUSINESS_TYPES, CDN_REGIONS } from './cdn-domain.kind.ts';
export const ORIGIN_PORTS = [80, 443] as const;
export const ORIGIN_ROLES = ['primary', 'backup'] as const;
export const MAX_ORIGINS = 10;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** An accelerated domain: 1-63 characters, two or more labels, optionally `*.` in front. */
export function isCdnDomain(v: string): boolean {
  if (v.length < 1 || v.length > 63) return false;
  const host = v.startsWith('*.') ? v.slice(2) : v;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[a-z]/.test(labels[labels.length - 1]!);
}

const isHost = (v: string) => v.length <= 253 && v.split('.').length >= 2 && v.split('.').every((l) => LABEL.test(l)) && /[a-z]/.test(v.split('.').pop()!);
export const isOriginAddress = (v: string) => isIpv4(v) || isHost(v);

/** Whether a certificate's names cover a domain (exact, or a wildcard one level up). */
export function certificateCovers(names: readonly string[], domain: string): boolean {
  return names.some(
    (n) =>
      n === domain ||
      (n.startsWith('*.') && domain.split('.').slice(1).join('.') === n.slice(2) && !domain.startsWith('*.')) ||
      (domain.startsWith('*.') && n === domain),
  );
}
