// Demo data of the DNS, CDN and certificate screens (a seed addon of resources.seed.ts): per
// project and cloud, certificates in each of their states, so every screen has something to show.
import { newId } from '../../domain/ids.ts';
import type { NewResource } from '../repositories/engine.repository.ts';
import type { SeedAddon } from './resources.seed.ts';

const DAY = 86_400_000;

export const dnsCdnSslSeed: SeedAddon = (c) => {
  const resources: (NewResource & { id: string })[] = [];
  const links: { from_id: string; to_id: string; relation: string }[] = [];
  const base = { tenant_id: c.tenantId, project_id: c.projectId, vendor: c.vendor, region_id: c.regionId, az_id: c.azId };
  const slug = `${c.vendor}-${c.projectId.slice(0, 4)}`;
  const add = (kind: string, name: string, status: string, spec: Record<string, unknown>) => {
    const id = newId();
    resources.push({ ...base, id, kind, name: `demo-${name}`, status, spec, created_at: c.at() });
    return id;
  };
  const now = Date.now();
  const issued = (daysAgo: number, years = 1) => ({
    issued_at: new Date(now - daysAgo * DAY).toISOString(), expires_at: new Date(now - daysAgo * DAY + years * 365 * DAY).toISOString(),
  });

  // Certificates: one of each source, across the states of seed 001 §4.
  add('ssl_certificate', `${slug}-www`, 'normal', {
    source: 'buy', brand: 'digicert', domain_type: 'multiple', validation_method: 'dns', algorithm: 'rsa', validity_years: 1,
    domains: [`www.${slug}.yunshu-demo.cn`, `static.${slug}.yunshu-demo.cn`], issuer: 'DigiCert Global G2 TLS RSA SHA256 2020 CA1',
    serial_number: certId0(c.projectId, 1), ...issued(20),
  });
  add('ssl_certificate', `${slug}-api-free`, 'pending_validation', { source: 'free', domain_type: 'single', validation_method: 'dns', validity_years: 1, domains: [`api.${slug}.yunshu-demo.cn`] });
  add('ssl_certificate', `${slug}-own`, 'pending_renewal', {
    source: 'upload', domains: [`portal.${slug}.yunshu-demo.cn`], issuer: 'Yunshu Demo CA', algorithm: 'ecc', serial_number: certId0(c.projectId, 2),
    issued_at: new Date(now - 353 * DAY).toISOString(), expires_at: new Date(now + 12 * DAY).toISOString(),
  });
  add('ssl_certificate', `${slug}-legacy`, 'expired', {
    source: 'buy', brand: 'geotrust', domain_type: 'wildcard', validation_method: 'file', algorithm: 'rsa', validity_years: 1,
    domains: [`*.old.${slug}.yunshu-demo.cn`], issuer: 'GeoTrust RSA CN CA G2', serial_number: certId0(c.projectId, 3), ...issued(400),
  });
  add('ssl_certificate', `${slug}-revoked`, 'revoked', {
    source: 'free', domain_type: 'single', validation_method: 'dns', validity_years: 1, domains: [`test.${slug}.yunshu-demo.cn`],
    issuer: 'TrustAsia RSA DV TLS CA G2', ...issued(10), revoked_at: new Date(now - 2 * DAY).toISOString(), order_cancelled: true,
  });
  return { resources, links };
};

/** A stable serial number for a demo certificate. */
function certId0(seed: string, n: number): string {
  return `${seed.slice(0, 12)}${String(n).padStart(4, '0')}`.toUpperCase();
}
