// Demo data of the DNS, CDN and certificate screens (a seed addon of resources.seed.ts): per
// project and cloud, certificates in each of their states, a private zone and an internet domain
// with records of several types (one locked, one paused), so every screen has something to show.
import { newId } from '../../domain/ids.ts';
import type { NewResource } from '../engine/engine.repository.ts';
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
    issued_at: new Date(now - daysAgo * DAY).toISOString(),
    expires_at: new Date(now - daysAgo * DAY + years * 365 * DAY).toISOString(),
  });

  // Certificates: one of each source, across the states of seed 001 §4.
  const wwwDomain = `demo-www.${slug}.yunshu-demo.cn`;
  const staticDomain = `demo-static.${slug}.yunshu-demo.cn`;
  const certId = add('ssl_certificate', `${slug}-www`, 'normal', {
    source: 'buy',
    brand: 'digicert',
    domain_type: 'multiple',
    validation_method: 'dns',
    algorithm: 'rsa',
    validity_years: 1,
    domains: [wwwDomain, staticDomain],
    issuer: 'DigiCert Global G2 TLS RSA SHA256 2020 CA1',
    serial_number: certId0(c.projectId, 1),
    ...issued(20),
  });
  add('ssl_certificate', `${slug}-api-free`, 'pending_validation', {
    source: 'free',
    domain_type: 'single',
    validation_method: 'dns',
    validity_years: 1,
    domains: [`api.${slug}.yunshu-demo.cn`],
  });
  add('ssl_certificate', `${slug}-own`, 'pending_renewal', {
    source: 'upload',
    domains: [`portal.${slug}.yunshu-demo.cn`],
    issuer: 'Yunshu Demo CA',
    algorithm: 'ecc',
    serial_number: certId0(c.projectId, 2),
    issued_at: new Date(now - 353 * DAY).toISOString(),
    expires_at: new Date(now + 12 * DAY).toISOString(),
  });
  add('ssl_certificate', `${slug}-legacy`, 'expired', {
    source: 'buy',
    brand: 'geotrust',
    domain_type: 'wildcard',
    validation_method: 'file',
    algorithm: 'rsa',
    validity_years: 1,
    domains: [`*.old.${slug}.yunshu-demo.cn`],
    issuer: 'GeoTrust RSA CN CA G2',
    serial_number: certId0(c.projectId, 3),
    ...issued(400),
  });
  add('ssl_certificate', `${slug}-revoked`, 'revoked', {
    source: 'free',
    domain_type: 'single',
    validation_method: 'dns',
    validity_years: 1,
    domains: [`test.${slug}.yunshu-demo.cn`],
    issuer: 'TrustAsia RSA DV TLS CA G2',
    ...issued(10),
    revoked_at: new Date(now - 2 * DAY).toISOString(),
    order_cancelled: true,
  });

  // CDN: an HTTPS site on the store's certificate, a paused download domain, and refresh / warm-up tasks.
  const cdn = (name: string, status: string, spec: Record<string, unknown>) => {
    const id = newId();
    resources.push({ ...base, id, kind: 'cdn_domain', name, status, spec: { cname: `${name}.cdn.yunshu-cdn.cn`, ...spec }, created_at: c.at() });
    return id;
  };
  const wwwCdn = cdn(wwwDomain, 'enabled', {
    business_type: 'web',
    region: 'mainland',
    origin_port: 443,
    https: true,
    certificate_id: certId,
    origins: [
      { address: '47.101.12.34', role: 'primary', weight: 10 },
      { address: `origin-bak.${slug}.yunshu-demo.cn`, role: 'backup', weight: 10 },
    ],
  });
  cdn(staticDomain, c.vendor === 'ali' ? 'enabled' : 'disabled', {
    business_type: 'download',
    region: 'global',
    origin_port: 80,
    https: false,
    origins: [{ address: '119.23.45.67', role: 'primary', weight: 10 }],
  });
  const task = (type: string, status: string, urls: string[]) => {
    const id = newId();
    resources.push({
      ...base,
      id,
      kind: 'cdn_task',
      name: `demo-${type}-${slug}`,
      status,
      spec: { domain_id: wwwCdn, domain_name: wwwDomain, task_type: type, urls, url_count: urls.length },
      created_at: c.at(),
    });
    links.push({ from_id: id, to_id: wwwCdn, relation: 'task_of' });
  };
  task('url_refresh', 'succeeded', [`https://${wwwDomain}/index.html`, `https://${wwwDomain}/app.js`]);
  task('dir_refresh', 'succeeded', [`https://${wwwDomain}/static/`]);
  task('warmup', 'failed', [`https://${wwwDomain}/video/intro.mp4`]);

  // A private zone in the project's VPC and an internet domain, each with records of several types.
  const records = (kind: string, zoneId: string, zoneName: string, rows: [string, string, string, Record<string, unknown>?][]) => {
    rows.forEach(([name, type, value, extra], i) => {
      const id = newId();
      resources.push({
        ...base,
        id,
        kind,
        name,
        status: i === rows.length - 1 ? 'disabled' : 'enabled',
        locked: i === 0,
        spec: { zone_id: zoneId, zone_name: zoneName, type, value, ttl: 600, line: 'default', ...extra },
        created_at: c.at(),
      });
      links.push({ from_id: id, to_id: zoneId, relation: 'record_of' });
    });
    return rows.length;
  };
  const privateName = `demo-${slug}.corp.internal`;
  const privateZone = newId();
  resources.push({
    ...base,
    id: privateZone,
    kind: 'private_dns_zone',
    name: privateName,
    status: 'enabled',
    spec: { vpc_id: c.vpcId, recursion: true, record_count: 0, description: '内网服务发现' },
    created_at: c.at(),
  });
  links.push({ from_id: privateZone, to_id: c.vpcId, relation: 'zone_in_vpc' });
  resources.find((r) => r.id === privateZone)!.spec.record_count = records('dns_record', privateZone, privateName, [
    ['@', 'A', '10.0.1.10'],
    ['db', 'A', '10.0.2.20', { weight: 80 }],
    ['db', 'A', '10.0.2.21', { weight: 20 }],
    ['cache', 'CNAME', `redis.${privateName}`],
    ['sip', 'SRV', `0 5 5060 pbx.${privateName}`],
    ['demo-app', 'A', '10.0.1.11'],
    ['legacy', 'A', '10.0.1.99'],
  ]);
  const publicName = `demo-${slug}.yunshu-demo.cn`;
  const domainId = newId();
  resources.push({
    ...base,
    id: domainId,
    kind: 'dns_domain',
    name: publicName,
    status: 'enabled',
    spec: { edition: 'enterprise', dns_servers: 'ns1.yunshu-dns.cn, ns2.yunshu-dns.cn', record_count: 0 },
    created_at: c.at(),
  });
  resources.find((r) => r.id === domainId)!.spec.record_count = records('dns_internet_record', domainId, publicName, [
    ['@', 'A', '47.101.12.34'],
    ['www', 'CNAME', `www.${publicName}.cdn.yunshu-cdn.cn`],
    ['www', 'A', '119.23.45.67', { line: 'telecom' }],
    ['@', 'MX', `mx.${publicName}`, { mx_priority: 10 }],
    ['@', 'TXT', 'v=spf1 include:spf.yunshu-demo.cn -all'],
    ['@', 'CAA', '0 issue "digicert.com"'],
    ['demo-app', 'A', '47.101.12.35'],
    ['ipv6', 'AAAA', '240e:1::10', { ttl: 300, line: 'overseas' }],
  ]);
  return { resources, links };
};

/** A stable serial number for a demo certificate. */
function certId0(seed: string, n: number): string {
  return `${seed.slice(0, 12)}${String(n).padStart(4, '0')}`.toUpperCase();
}
