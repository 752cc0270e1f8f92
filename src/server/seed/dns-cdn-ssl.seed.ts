// Demo data of the DNS, CDN and certificate screens (a seed addon of resources.seed.ts): per
// project and cloud, certificates in each of their states, a private zone and an internet domain
// with records of several types (one locked, one paused), so every screen has something to show.
import { newId } from '../../domain/ids.ts';
import type { SeedAddon } from './resources.seed.ts';

const DAY = 86_400_000;

type AddonContext = Parameters<SeedAddon>[0];
type AddonRows = ReturnType<SeedAddon>;

/** What the parts of the addon share: the rows so far and how to add one. */
interface Builder {
  c: AddonContext;
  slug: string;
  now: number;
  base: { tenant_id: string; project_id: string; vendor: string; region_id: string; az_id: string };
  resources: AddonRows['resources'];
  links: AddonRows['links'];
}

type Row = { name: string; status: string; spec: Record<string, unknown> };

/** Certificates: one of each source, across the states of seed 001 §4. */
function certificateRows(slug: string, projectId: string, now: number, www: string, statik: string): Row[] {
  const issued = (daysAgo: number, years = 1) => ({
    issued_at: new Date(now - daysAgo * DAY).toISOString(),
    expires_at: new Date(now - daysAgo * DAY + years * 365 * DAY).toISOString(),
  });
  const at = (name: string) => `${name}.${slug}.yunshu-demo.cn`;
  return [
    {
      name: `${slug}-www`,
      status: 'normal',
      spec: {
        source: 'buy',
        brand: 'digicert',
        domain_type: 'multiple',
        validation_method: 'dns',
        algorithm: 'rsa',
        validity_years: 1,
        domains: [www, statik],
        issuer: 'DigiCert Global G2 TLS RSA SHA256 2020 CA1',
        serial_number: certId0(projectId, 1),
        ...issued(20),
      },
    },
    {
      name: `${slug}-api-free`,
      status: 'pending_validation',
      spec: { source: 'free', domain_type: 'single', validation_method: 'dns', validity_years: 1, domains: [at('api')] },
    },
    {
      name: `${slug}-own`,
      status: 'pending_renewal',
      spec: {
        source: 'upload',
        domains: [at('portal')],
        issuer: 'Yunshu Demo CA',
        algorithm: 'ecc',
        serial_number: certId0(projectId, 2),
        issued_at: new Date(now - 353 * DAY).toISOString(),
        expires_at: new Date(now + 12 * DAY).toISOString(),
      },
    },
    {
      name: `${slug}-legacy`,
      status: 'expired',
      spec: {
        source: 'buy',
        brand: 'geotrust',
        domain_type: 'wildcard',
        validation_method: 'file',
        algorithm: 'rsa',
        validity_years: 1,
        domains: [`*.${at('old')}`],
        issuer: 'GeoTrust RSA CN CA G2',
        serial_number: certId0(projectId, 3),
        ...issued(400),
      },
    },
    {
      name: `${slug}-revoked`,
      status: 'revoked',
      spec: {
        source: 'free',
        domain_type: 'single',
        validation_method: 'dns',
        validity_years: 1,
        domains: [at('test')],
        issuer: 'TrustAsia RSA DV TLS CA G2',
        ...issued(10),
        revoked_at: new Date(now - 2 * DAY).toISOString(),
        order_cancelled: true,
      },
    },
  ];
}

/** Records of a zone: name, type, value and what differs from the defaults. */
type RecordRow = [string, string, string, Record<string, unknown>?];

const privateRecords = (zone: string): RecordRow[] => [
  ['@', 'A', '10.0.1.10'],
  ['db', 'A', '10.0.2.20', { weight: 80 }],
  ['db', 'A', '10.0.2.21', { weight: 20 }],
  ['cache', 'CNAME', `redis.${zone}`],
  ['sip', 'SRV', `0 5 5060 pbx.${zone}`],
  ['demo-app', 'A', '10.0.1.11'],
  ['legacy', 'A', '10.0.1.99'],
];

const publicRecords = (zone: string): RecordRow[] => [
  ['@', 'A', '47.101.12.34'],
  ['www', 'CNAME', `www.${zone}.cdn.yunshu-cdn.cn`],
  ['www', 'A', '119.23.45.67', { line: 'telecom' }],
  ['@', 'MX', `mx.${zone}`, { mx_priority: 10 }],
  ['@', 'TXT', 'v=spf1 include:spf.yunshu-demo.cn -all'],
  ['@', 'CAA', '0 issue "digicert.com"'],
  ['demo-app', 'A', '47.101.12.35'],
  ['ipv6', 'AAAA', '240e:1::10', { ttl: 300, line: 'overseas' }],
];

/** CDN: an HTTPS site on the store's certificate, a paused download domain, and refresh / warm-up tasks. */
function cdnRows(b: Builder, certId: string, wwwDomain: string, staticDomain: string) {
  const { c, base, slug, resources, links } = b;
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
  const tasks: [string, string, string[]][] = [
    ['url_refresh', 'succeeded', [`https://${wwwDomain}/index.html`, `https://${wwwDomain}/app.js`]],
    ['dir_refresh', 'succeeded', [`https://${wwwDomain}/static/`]],
    ['warmup', 'failed', [`https://${wwwDomain}/video/intro.mp4`]],
  ];
  for (const [type, status, urls] of tasks) {
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
  }
}

/** A zone's records (the first locked, the last paused); answers how many. */
function addRecords(b: Builder, kind: string, zoneId: string, zoneName: string, rows: RecordRow[]) {
  rows.forEach(([name, type, value, extra], i) => {
    const id = newId();
    b.resources.push({
      ...b.base,
      id,
      kind,
      name,
      status: i === rows.length - 1 ? 'disabled' : 'enabled',
      locked: i === 0,
      spec: { zone_id: zoneId, zone_name: zoneName, type, value, ttl: 600, line: 'default', ...extra },
      created_at: b.c.at(),
    });
    b.links.push({ from_id: id, to_id: zoneId, relation: 'record_of' });
  });
  return rows.length;
}

/** A private zone in the project's VPC and an internet domain, each with records of several types. */
function zoneRows(b: Builder) {
  const { c, base, slug, resources, links } = b;
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
  resources.find((r) => r.id === privateZone)!.spec.record_count = addRecords(b, 'dns_record', privateZone, privateName, privateRecords(privateName));
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
  resources.find((r) => r.id === domainId)!.spec.record_count = addRecords(b, 'dns_internet_record', domainId, publicName, publicRecords(publicName));
}

export const dnsCdnSslSeed: SeedAddon = (c) => {
  const slug = `${c.vendor}-${c.projectId.slice(0, 4)}`;
  const b: Builder = {
    c,
    slug,
    now: Date.now(),
    base: { tenant_id: c.tenantId, project_id: c.projectId, vendor: c.vendor, region_id: c.regionId, az_id: c.azId },
    resources: [],
    links: [],
  };
  const wwwDomain = `demo-www.${slug}.yunshu-demo.cn`;
  const staticDomain = `demo-static.${slug}.yunshu-demo.cn`;
  const certIds = certificateRows(slug, c.projectId, b.now, wwwDomain, staticDomain).map(({ name, status, spec }) => {
    const id = newId();
    b.resources.push({ ...b.base, id, kind: 'ssl_certificate', name: `demo-${name}`, status, spec, created_at: c.at() });
    return id;
  });
  cdnRows(b, certIds[0]!, wwwDomain, staticDomain);
  zoneRows(b);
  return { resources: b.resources, links: b.links };
};

/** A stable serial number for a demo certificate. */
function certId0(seed: string, n: number): string {
  return `${seed.slice(0, 12)}${String(n).padStart(4, '0')}`.toUpperCase();
}
