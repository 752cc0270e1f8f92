// Shared bits of the approvals API tests: the signed-in user as the services see it, project ids
// by name, and direct access to the approval service with an injected clock.
import type { AuthUser } from '../../src/server/platform/auth/auth-user.ts';
import { approvalService } from '../../src/server/approvals/approval.service.ts';
import { isPlatformRole } from '../../src/domain/roles.ts';
import { sql } from 'kysely';
import type { TestApp } from './helper.ts';

export async function authUser(app: TestApp, account: string): Promise<AuthUser> {
  const u = await app.ctx.users.findByAccount(account);
  if (!u) throw new Error(`no user ${account}`);
  const memberships = await app.ctx.users.memberships(u.id);
  return {
    id: u.id,
    account: u.account,
    nickname: u.nickname,
    memberships,
    platformRoles: memberships.filter((m) => m.tenant_id === null && isPlatformRole(m.role)).map((m) => m.role),
  };
}

export async function ids(app: TestApp) {
  const projects = await app.ctx.db.selectFrom('projects').select(['id', 'name', 'tenant_id']).execute();
  const tenants = await app.ctx.db.selectFrom('tenants').select(['id', 'name']).execute();
  const p = (name: string) => projects.find((x) => x.name === name)!.id;
  const t = (name: string) => tenants.find((x) => x.name === name)!.id;
  await loadPlaces(app, p('smart-factory-mes'));
  return {
    hd: t('华东制造集团'),
    fin: t('鑫泰金融控股'),
    wl: t('江南智慧物流'),
    mes: p('smart-factory-mes'),
    supply: p('supply-chain'),
    rnd: p('rnd-test'),
    trading: p('core-trading'),
    banking: p('mobile-banking'),
    warehouse: p('warehouse'),
  };
}

// Rules are resources of the engine: a firewall policy names a placement, a NAT rule the project's
// demo NAT gateway and the EIP bound to it.
let firewallPlace: { vendor: string; region_id: string; az_id: string } | null = null;
const gateways = new Map<string, { nat_gateway_id: string; eip_id: string; eip_address: string }>();
let defaultProject = '';

async function loadPlaces(app: TestApp, memberProject: string) {
  defaultProject = memberProject;
  const z = await app.ctx.db
    .selectFrom('azs')
    .innerJoin('regions', 'regions.id', 'azs.region_id')
    .select(['azs.id as az_id', 'regions.id as region_id', 'regions.public_cloud_provider as vendor'])
    .where('azs.enabled', '=', true)
    .orderBy('regions.sort_value')
    .orderBy('azs.sort_value')
    .executeTakeFirstOrThrow();
  firewallPlace = { vendor: z.vendor, region_id: z.region_id, az_id: z.az_id };
  const rows = await app.ctx.db
    .selectFrom('links')
    .innerJoin('resources as eip', 'eip.id', 'links.from_id')
    .innerJoin('resources as gw', 'gw.id', 'links.to_id')
    .select(['gw.project_id', 'gw.id as gateway_id', 'eip.id as eip_id', 'eip.spec'])
    .where('links.relation', '=', 'bound_to')
    .where('gw.kind', '=', 'nat_gateway')
    .where('gw.status', '=', 'available')
    .orderBy('gw.created_at')
    .orderBy('gw.id')
    .execute();
  gateways.clear();
  for (const r of rows)
    if (!gateways.has(r.project_id))
      gateways.set(r.project_id, { nat_gateway_id: r.gateway_id, eip_id: r.eip_id, eip_address: String((r.spec as { address?: string }).address) });
}

/** The demo NAT gateway of a project (default: member's project) and its EIP. */
export function gatewayOf(projectId = defaultProject) {
  const g = gateways.get(projectId);
  if (!g) throw new Error(`no NAT gateway with an EIP in ${projectId}`);
  return g;
}

export const service = (app: TestApp) => approvalService({ db: app.ctx.db, bus: app.ctx.events, effects: app.ctx.approvalEffects });

export const firewallPayload = (n = 1) => ({
  name: `fw-test-${n}`,
  ...firewallPlace!,
  source_system: 'MES',
  target_system: 'ERP',
  source_ips: `10.1.${n}.0/24`,
  target_ips: [`10.2.${n}.5`],
  target_ports: '443,8443',
  protocol: 'tcp',
  reason: '数据同步',
});
export const dnatPayload = (n = 1, projectId?: string) => {
  const g = gatewayOf(projectId);
  return {
    name: `dnat-test-${n}`,
    nat_gateway_id: g.nat_gateway_id,
    eip_id: g.eip_id,
    eip_ports: [9000 + n],
    internal_ip: `192.168.9.${n}`,
    internal_ports: [80],
    protocol: 'tcp',
    reason: '对外发布',
  };
};
export const snatPayload = (n = 1, projectId?: string) => {
  const g = gatewayOf(projectId);
  return { name: `snat-test-${n}`, nat_gateway_id: g.nat_gateway_id, eip_id: g.eip_id, source_cidr: `192.168.${100 + n}.0/24`, reason: '访问公网' };
};

/** An available subnet of a project (a private cloud's first) and its placement: what a host bought there names. */
export async function subnetOf(app: TestApp, projectId: string) {
  const s = await app.ctx.db
    .selectFrom('resources')
    .select(['id', 'vendor', 'region_id', 'az_id'])
    .where('kind', '=', 'subnet')
    .where('project_id', '=', projectId)
    .where('status', '=', 'available')
    .orderBy(sql`vendor in ('openstack', 'vmware')`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { subnet_id: s.id, vendor: s.vendor, region_id: s.region_id!, az_id: s.az_id! };
}

/** A resource_purchase payload of a host in `projectId` (the create body of instance, split as the API takes it). */
export async function hostPurchase(app: TestApp, projectId: string, name: string, spec: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const { subnet_id, vendor, region_id, az_id } = await subnetOf(app, projectId);
  return {
    kind: 'instance',
    name,
    vendor,
    region_id,
    az_id,
    spec: { image: 'centos-7.9', flavor: 's6.large.2', subnet_id, password: 'Yunshu2025x', ...spec },
    ...extra,
  };
}
