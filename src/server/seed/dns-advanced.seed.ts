// Demo data of the smart DNS, HTTPDNS and GTM screens (a seed addon of resources.seed.ts): per
// project and cloud, a smart DNS domain with records on several lines, an HTTPDNS instance with
// domains, and a GTM instance with two address pools and two access policies. The GTM operation
// log of the demo is then written from the seeded rows themselves (seedGtmLogs), as a change would.
import { newId } from '../../domain/ids.ts';
import { SMART_LINES } from '../../domain/kinds/smart-dns/smart-dns.kind.ts';
import { accountIdOf } from '../../domain/kinds/httpdns/httpdns.kind.ts';
import type { Db } from '../platform/db/database.ts';
import type { NewResource } from '../engine/engine.repository.ts';
import { insertGtmLog } from '../engine/gtm-logs.repository.ts';
import type { SeedAddon } from './resources.seed.ts';

export const dnsAdvancedSeed: SeedAddon = (c) => {
  const resources: (NewResource & { id: string })[] = [];
  const links: { from_id: string; to_id: string; relation: string }[] = [];
  const base = { tenant_id: c.tenantId, project_id: c.projectId, vendor: c.vendor, region_id: c.regionId, az_id: c.azId };
  const slug = `${c.vendor}-${c.projectId.slice(0, 4)}`;
  const add = (kind: string, name: string, status: string, spec: Record<string, unknown>, parent?: [string, string]) => {
    const id = newId();
    resources.push({ ...base, id, kind, name, status, spec, created_at: c.at() });
    if (parent) links.push({ from_id: id, to_id: parent[0], relation: parent[1] });
    return id;
  };

  // Smart DNS: www answered per carrier, api on the default line only.
  const smartName = `demo-smart-${slug}.yunshu-demo.cn`;
  const rows: [string, string, string, string][] = [
    ['@', 'default', 'A', '47.101.20.1'],
    ['www', 'default', 'A', '47.101.20.10'],
    ['www', 'telecom', 'A', '106.14.20.10'],
    ['www', 'unicom', 'A', '112.64.20.10'],
    ['www', 'mobile', 'A', '183.192.20.10'],
    ['www', 'overseas', 'CNAME', `hk.${smartName}`],
    ['api', 'default', 'A', '47.101.20.20'],
    ['demo-app', 'default', 'A', '47.101.20.30'],
  ];
  const counts = Object.fromEntries(SMART_LINES.map((l) => [`line_${l}`, rows.filter((r) => r[1] === l).length]));
  const smartId = add('smart_dns_domain', smartName, 'enabled', {
    record_count: rows.length,
    dns_servers: 'ns1.yunshu-smartdns.cn, ns2.yunshu-smartdns.cn',
    ...counts,
  });
  for (const [name, line, type, value] of rows) {
    add('smart_dns_record', name, 'enabled', { zone_id: smartId, zone_name: smartName, line, type, value, ttl: 600 }, [smartId, 'record_of']);
  }

  // HTTPDNS: one instance serving the app's API and image domains.
  const hdId = newId();
  const account = accountIdOf(hdId);
  const domains = ['api', 'img', 'pay'].map((h) => `demo-${h}.${slug}.yunshu-demo.cn`);
  const domainIds = domains.map(() => newId());
  resources.push({
    ...base,
    id: hdId,
    kind: 'httpdns_instance',
    name: `demo-httpdns-${slug}`,
    status: 'enabled',
    created_at: c.at(),
    spec: {
      edition: 'standard',
      auth_enabled: false,
      secret_state: 'none',
      account_id: account,
      endpoint: `https://${account}.httpdns.yunshu-dns.cn/d`,
      domain_count: domains.length,
      domain_keys: domainIds,
    },
  });
  domains.forEach((name, i) => {
    resources.push({
      ...base,
      id: domainIds[i]!,
      kind: 'httpdns_domain',
      name,
      status: 'enabled',
      spec: { instance_id: hdId, metric_key: domainIds[i] },
      created_at: c.at(),
    });
    links.push({ from_id: domainIds[i]!, to_id: hdId, relation: 'httpdns_domain_of' });
  });

  // GTM: an instance with a Shanghai and a Hong Kong pool; telecom goes to Shanghai with Hong Kong as backup.
  const gtmId = newId();
  resources.push({
    ...base,
    id: gtmId,
    kind: 'gtm_instance',
    name: `demo-gtm-${slug}`,
    status: 'enabled',
    created_at: c.at(),
    spec: {
      cname: `gtm-${gtmId.slice(0, 12)}.gtm.yunshu-dns.cn`,
      ttl: 60,
      alarm_enabled: true,
      health_protocol: 'http',
      health_port: 80,
      health_interval: 60,
      pool_count: 2,
      policy_count: 2,
    },
  });
  const sh = add(
    'gtm_pool',
    'demo-pool-shanghai',
    'enabled',
    {
      gtm_id: gtmId,
      health_check: true,
      addresses: [
        { ip: '47.101.30.1', weight: 60 },
        { ip: '47.101.30.2', weight: 40 },
      ],
    },
    [gtmId, 'pool_of'],
  );
  const hk = add('gtm_pool', 'demo-pool-hongkong', 'enabled', { gtm_id: gtmId, health_check: true, addresses: [{ ip: '47.242.30.1', weight: 100 }] }, [
    gtmId,
    'pool_of',
  ]);
  // Policies the API creates are named by their line; the demo's carry the demo- prefix of every seeded row.
  add(
    'gtm_policy',
    'demo-default',
    'enabled',
    {
      gtm_id: gtmId,
      line: 'default',
      primary_pool_id: sh,
      primary_pool_name: 'demo-pool-shanghai',
      failover: true,
      backup_pool_id: hk,
      backup_pool_name: 'demo-pool-hongkong',
    },
    [gtmId, 'policy_of'],
  );
  add(
    'gtm_policy',
    'demo-overseas',
    'enabled',
    { gtm_id: gtmId, line: 'overseas', primary_pool_id: hk, primary_pool_name: 'demo-pool-hongkong', failover: false },
    [gtmId, 'policy_of'],
  );
  return { resources, links };
};

/** The creation lines of the demo's GTM instances, pools and policies, oldest first, once. */
export async function seedGtmLogs(db: Db): Promise<void> {
  if (await db.selectFrom('gtm_logs').select('id').limit(1).executeTakeFirst()) return;
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'tenant_id', 'kind', 'name', 'spec'])
    .where('kind', 'in', ['gtm_instance', 'gtm_pool', 'gtm_policy'])
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  for (const r of rows) {
    const s = r.spec as Record<string, any>;
    const detail =
      r.kind === 'gtm_instance'
        ? { ttl: s.ttl }
        : r.kind === 'gtm_pool'
          ? { addresses: (s.addresses as { ip: string; weight: number }[]).map((a) => `${a.ip}(${a.weight})`).join(', '), health_check: s.health_check }
          : {
              line: s.line,
              primary_pool: names.get(s.primary_pool_id),
              backup_pool: s.backup_pool_id ? names.get(s.backup_pool_id) : null,
              failover: s.failover,
            };
    await insertGtmLog(db, {
      tenant_id: r.tenant_id,
      gtm_id: r.kind === 'gtm_instance' ? r.id : String(s.gtm_id),
      operation: 'create',
      target_kind: r.kind,
      target_name: r.kind === 'gtm_policy' ? String(s.line) : r.name,
      detail,
    });
  }
}
