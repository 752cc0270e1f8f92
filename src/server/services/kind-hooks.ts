// Per-kind rules that need the database: a subnet's CIDR inside its VPC, a host taking an address
// from its subnet (and bringing its data disks and public IP), addresses freed when removed.
// Everything that is plain data stays in the kind definitions.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { cidrInside, intToIp, parseCidr, usableIps } from '../../domain/kinds/rules.ts';
import { subnetCidrProblem } from '../../domain/kinds/subnet.kind.ts';
import { FLAVORS } from '../../domain/kinds/instance.kind.ts';
import { dedicatedHostKind } from '../../domain/kinds/dedicated-host.kind.ts';
import { PUBLIC_VENDORS } from '../cloud/simulator.ts';
import { ANY, formatPorts, parsePorts, splitList, type PortList } from '../../domain/approvals/network-rules.ts';
import { BRANCH_NAME_PREFIX } from '../../domain/kinds/sdwan.kind.ts';
import {
  deleteLink, insertLinks, linkedIds, lockScoped, resourcesByIds, siblingsBySpec, updateResource,
  type Exec, type NewResource, type ResourceRow,
} from '../repositories/engine.repository.ts';
import type { ResourceScope } from '../repositories/resources.repository.ts';
import { sslCertificateHooks } from './kinds/ssl-certificate.hooks.ts';
import { dnsHooks } from './kinds/dns.hooks.ts';
import { cdnHooks, checkListenerCertificate } from './kinds/cdn.hooks.ts';
import { smartDnsHooks } from './kinds/smart-dns.hooks.ts';
import { gtmHooks } from './kinds/gtm.hooks.ts';

/** A 400 naming the field and a rule key of errors:rules.*. */
export function invalid(field: string, rule: string): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: [field], message: rule, input: undefined } as never]);
}

export interface ExtraResource { resource: NewResource & { id: string }; target: string; link?: { relation: string; to_id: string } }

export interface CreateContext {
  trx: Exec;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  placement: { vendor: string; region_id: string | null; az_id: string | null };
  tenantId: string;
  projectId: string;
  /** parents named by createLinks params, locked */
  parents: Record<string, ResourceRow>;
}

/** A stable public address for a simulated EIP. */
export function publicAddress(id: string): string {
  const h = createHash('sha256').update(id).digest();
  return `${[47, 101, 119, 121, 139][h[0]! % 5]}.${h[1]}.${h[2]}.${(h[3]! % 253) + 1}`;
}

type BeforeCreate = (c: CreateContext) => Promise<ExtraResource[] | void>;

/** Takes the next free address of a subnet (「子网可用IP不足」 when none is left). */
async function takeSubnetIp(trx: Exec, subnet: ResourceRow): Promise<string | null> {
  const total = Number(subnet.spec.total_ips ?? 0);
  const used = Number(subnet.spec.used_ips ?? 0);
  if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
  const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
  const cursor = Number(subnet.spec.ip_cursor ?? used);
  await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: cursor + 1 } });
  return cidr ? intToIp(cidr.base + 4 + cursor) : null;
}

async function releaseSubnetIp(trx: Exec, subnetId: unknown) {
  const [subnet] = await resourcesByIds(trx, subnetId ? [String(subnetId)] : [], true);
  if (subnet) await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: Math.max(0, Number(subnet.spec.used_ips ?? 0) - 1) } });
}

/** Adds `delta` to a counter in a resource's spec (listeners of a load balancer, rules of a gateway). */
async function bumpCount(trx: Exec, id: unknown, key: string, delta: number) {
  const [row] = await resourcesByIds(trx, id ? [String(id)] : [], true);
  if (row) await updateResource(trx, row.id, { spec: { ...row.spec, [key]: Math.max(0, Number(row.spec[key] ?? 0) + delta) } });
}

/** Backend servers of a listener: hosts of the scope (404 otherwise), running or stopped, in the load balancer's VPC. */
async function checkBackendHosts(trx: Exec, scope: ResourceScope, lb: ResourceRow, backends: unknown) {
  for (const b of (backends as { instance_id: string }[] | undefined) ?? []) {
    const h = await lockScoped(trx, scope, b.instance_id, 'instance');
    if (!h) throw notFound();
    if (!['running', 'stopped'].includes(h.status) || (lb.spec.vpc_id && h.spec.vpc_id !== lb.spec.vpc_id)) throw conflict('refusals.lb_listener.backend_unavailable');
  }
}

/** An EIP of the scope bound to this gateway (404 outside the scope, 409 when bound elsewhere or not at all). */
async function eipOnGateway(c: CreateContext, gateway: ResourceRow): Promise<ResourceRow> {
  const eip = await lockScoped(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, String(c.input.eip_id), 'eip');
  if (!eip) throw notFound();
  if (!(await linkedIds(c.trx, eip.id, 'bound_to', 'out')).includes(gateway.id)) throw conflict('refusals.nat_rule.eip_not_on_gateway');
  return eip;
}

/** SNAT and DNAT rules that use an EIP. */
async function rulesUsingEip(trx: Exec, tenantId: string, eipId: string): Promise<ResourceRow[]> {
  return [...await siblingsBySpec(trx, tenantId, 'snat_rule', 'eip_id', eipId), ...await siblingsBySpec(trx, tenantId, 'dnat_rule', 'eip_id', eipId)];
}

/** One text per IPv6 address (240E:1:0::10 and 240e:1::10 are the same address). */
function canonIp(v: unknown): string {
  const text = String(v).trim().toLowerCase();
  if (!text.includes(':')) return text;
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return groups.map((g) => g.replace(/^0+(?=.)/, '')).join(':');
}

const portsOf = (v: unknown): PortList => { const p = parsePorts(v); return p.ok ? p.ports : []; };
const portsOverlap = (a: PortList, b: PortList) => a === ANY || b === ANY || a.some((p) => b.includes(p));
const protocolsMeet = (a: unknown, b: unknown) => a === b || a === 'any' || b === 'any';

/** An address and port already mapped by another rule of the same address (「相同 IP 的相同端口」). */
function clashes(others: ResourceRow[], ports: PortList, protocol: unknown, portsKey: string) {
  return others.some((o) => portsOverlap(portsOf(o.spec[portsKey]), ports) && protocolsMeet(o.spec.protocol, protocol));
}

async function natRule(c: CreateContext) {
  const gateway = c.parents.nat_gateway_id!;
  for (const key of ['internal_ports', 'eip_ports', 'ipv6_ports']) if (c.input[key] !== undefined) c.spec[key] = formatPorts(portsOf(c.input[key]));
  if (typeof c.input.internal_ip === 'string' && c.input.internal_ip.toLowerCase() === ANY) c.spec.internal_ip = ANY;
  await bumpCount(c.trx, gateway.id, 'rule_count', 1);
  return gateway;
}

/** CPU and memory of a cloud host, from its flavor. */
function hostSize(h: ResourceRow): { cpu: number; memory: number } {
  const f = FLAVORS.find((x) => x.id === h.spec.flavor);
  return { cpu: f?.cpu ?? Number(h.spec.cpu ?? 0), memory: f?.memory ?? Number(h.spec.memory ?? 0) };
}

/** Recounts what the hosts placed on a dedicated host use (`except`: a host about to go). */
async function recountDedicated(trx: Exec, dh: ResourceRow, except?: string) {
  const hosts = await resourcesByIds(trx, (await linkedIds(trx, dh.id, 'places', 'out')).filter((id) => id !== except));
  const used = hosts.map(hostSize).reduce((a, b) => ({ cpu: a.cpu + b.cpu, memory: a.memory + b.memory }), { cpu: 0, memory: 0 });
  await patchSpec(trx, dh, { used_cpu: used.cpu, used_memory: used.memory, instance_count: hosts.length });
}

/** Recounts the branches that follow a routing template (`except`: a branch about to go). */
async function recountTemplate(trx: Exec, templateId: unknown, except?: string) {
  const [t] = await resourcesByIds(trx, templateId ? [String(templateId)] : [], true);
  if (t) await patchSpec(trx, t, { branch_count: (await linkedIds(trx, t.id, 'uses_template', 'in')).filter((id) => id !== except).length });
}

/** TCP, HTTP and HTTPS share the TCP ports of a load balancer; UDP has its own. */
const portFamily = (protocol: unknown) => (protocol === 'udp' ? 'udp' : 'tcp');

const beforeCreate: Record<string, BeforeCreate> = {
  ...sslCertificateHooks.beforeCreate,
  ...dnsHooks.beforeCreate,
  ...cdnHooks.beforeCreate,
  ...smartDnsHooks.beforeCreate,
  ...gtmHooks.beforeCreate,
  async subnet(c) {
    const vpc = c.parents.vpc_id!;
    const siblings = await siblingsBySpec(c.trx, c.tenantId, 'subnet', 'vpc_id', vpc.id);
    const problem = subnetCidrProblem(String(c.input.cidr), String(vpc.spec.cidr ?? ''), siblings.map((s) => String(s.spec.cidr ?? '')));
    if (problem) throw invalid('cidr', problem);
    const cidr = parseCidr(String(c.input.cidr))!;
    Object.assign(c.spec, { gateway: intToIp(cidr.base + 1), total_ips: usableIps(cidr), used_ips: 0 });
  },

  async instance(c) {
    const subnet = c.parents.subnet_id!;
    const total = Number(subnet.spec.total_ips ?? 0);
    const used = Number(subnet.spec.used_ips ?? 0);
    if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
    const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
    if (cidr) c.spec.private_ip = intToIp(cidr.base + 4 + (Number(subnet.spec.ip_cursor ?? used)));
    await updateResource(c.trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: Number(subnet.spec.ip_cursor ?? used) + 1 } });
    c.spec.vpc_id = subnet.spec.vpc_id ?? null;
    c.spec.billing = 'active';

    const extras: ExtraResource[] = [];
    const base = { kind: '', tenant_id: c.tenantId, project_id: c.projectId, ...c.placement };
    const disks = (c.input.data_disks as { size: number; type: string }[] | undefined) ?? [];
    disks.forEach((d, i) => {
      const id = newId();
      extras.push({
        resource: { ...base, id, kind: 'volume', name: `${String(c.input.name)}-data-${i + 1}`, status: 'creating',
          spec: { size: d.size, volume_type: d.type, instance_id: c.id, charging_code: c.spec.charging_code, billing: 'active' } },
        target: 'mounted', link: { relation: 'mounted_on', to_id: c.id },
      });
    });
    if (c.input.public_ip_type && c.input.public_ip_type !== 'none') {
      const id = newId();
      extras.push({
        resource: { ...base, id, kind: 'eip', name: `${String(c.input.name)}-eip`, status: 'creating',
          spec: { bandwidth: c.input.bandwidth, line: 'bgp', address: publicAddress(id), instance_id: c.id, charging_code: c.spec.charging_code } },
        target: 'allocated', link: { relation: 'bound_to', to_id: c.id },
      });
    }
    return extras;
  },

  async vip(c) {
    const subnet = c.parents.subnet_id!;
    const total = Number(subnet.spec.total_ips ?? 0);
    const used = Number(subnet.spec.used_ips ?? 0);
    if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
    const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
    const cursor = Number(subnet.spec.ip_cursor ?? used);
    if (c.input.ip_address) {
      const ip = String(c.input.ip_address);
      const inside = cidr && parseCidr(`${ip}/32`) && cidrInside(parseCidr(`${ip}/32`)!, cidr);
      if (!inside) throw invalid('ip_address', 'ip_outside_subnet');
      c.spec.ip_address = ip;
    } else if (cidr) {
      c.spec.ip_address = intToIp(cidr.base + 4 + cursor);
    }
    await updateResource(c.trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: c.input.ip_address ? cursor : cursor + 1 } });
  },

  async eip(c) {
    c.spec.address = publicAddress(c.id);
  },

  async snapshot(c) {
    const volume = c.parents.volume_id!;
    c.spec.size = volume.spec.size ?? null;
  },

  async snapshot_policy(c) {
    c.spec.volume_count = 0;
  },

  async load_balancer(c) {
    const subnet = c.parents.subnet_id!;
    if (c.input.charging_code === 'year' && subnet.vendor === 'ctyun') throw invalid('charging_code', 'ctyun_no_year');
    c.spec.vip_address = await takeSubnetIp(c.trx, subnet);
    c.spec.vpc_id = subnet.spec.vpc_id ?? null;
    c.spec.listener_count = 0;
    if (c.input.network_type === 'public') c.spec.public_address = publicAddress(c.id);
  },

  async phyhost(c) {
    if (PUBLIC_VENDORS.has(c.placement.vendor)) throw new AppError(409, 'public_cloud_unsupported');
    const subnet = c.parents.subnet_id!;
    c.spec.private_ip = await takeSubnetIp(c.trx, subnet);
    c.spec.vpc_id = subnet.spec.vpc_id ?? null;
    c.spec.billing = 'active';
  },

  async dedicated_host(c) {
    Object.assign(c.spec, { used_cpu: 0, used_memory: 0, instance_count: 0 });
  },

  async nat_gateway(c) {
    if (c.input.charging_code === 'year' && c.parents.vpc_id!.vendor === 'ctyun') throw invalid('charging_code', 'ctyun_no_year');
    Object.assign(c.spec, { eip_count: 0, rule_count: 0 });
  },

  async snat_rule(c) {
    const gateway = c.parents.nat_gateway_id!;
    const eip = await eipOnGateway(c, gateway);
    const siblings = await siblingsBySpec(c.trx, c.tenantId, 'snat_rule', 'nat_gateway_id', gateway.id);
    if (siblings.some((s) => s.spec.source_cidr === c.input.source_cidr)) throw invalid('source_cidr', 'snat_source_taken');
    c.spec.eip_address = eip.spec.address ?? null;
    await natRule(c);
  },

  async dnat_rule(c) {
    const gateway = c.parents.nat_gateway_id!;
    const eip = await eipOnGateway(c, gateway);
    const others = await siblingsBySpec(c.trx, c.tenantId, 'dnat_rule', 'eip_id', eip.id);
    if (clashes(others, portsOf(c.input.eip_ports), c.input.protocol, 'eip_ports')) throw conflict('nat_rule_duplicate');
    c.spec.eip_address = eip.spec.address ?? null;
    await natRule(c);
  },

  async nat_ipv6_rule(c) {
    const gateway = c.parents.nat_gateway_id!;
    const others = (await siblingsBySpec(c.trx, c.tenantId, 'nat_ipv6_rule', 'nat_gateway_id', gateway.id))
      .filter((o) => canonIp(o.spec.ipv6_address) === canonIp(c.input.ipv6_address));
    if (clashes(others, portsOf(c.input.ipv6_ports), c.input.protocol, 'ipv6_ports')) throw conflict('nat_rule_duplicate');
    await natRule(c);
  },

  async firewall_policy(c) {
    Object.assign(c.spec, { source_ips: splitList(c.input.source_ips), target_ips: splitList(c.input.target_ips), target_ports: formatPorts(portsOf(c.input.target_ports)) });
  },

  async vpcep_service(c) {
    const scope = { tenantId: c.tenantId, projectId: c.projectId };
    const backend = await lockScoped(c.trx, scope, String(c.input.backend_id), String(c.input.backend_type));
    if (!backend) throw notFound();
    const ready = c.input.backend_type === 'instance' ? ['running', 'stopped'] : ['running'];
    if (!ready.includes(backend.status) || backend.spec.vpc_id !== c.input.vpc_id) throw conflict('refusals.vpcep_service.backend_unavailable');
    Object.assign(c.spec, { service_name: `com.yunshu.${c.placement.vendor}.${c.id.slice(0, 12)}`, endpoint_count: 0 });
  },

  async vpc_endpoint(c) {
    const service = c.parents.service_id!;
    const subnet = c.parents.subnet_id!;
    c.spec.service_name = service.spec.service_name ?? null;
    c.spec.vpc_id = subnet.spec.vpc_id ?? null;
    c.spec.ip_address = await takeSubnetIp(c.trx, subnet);
    await bumpCount(c.trx, service.id, 'endpoint_count', 1);
  },

  async sdwan_branch(c) {
    const suffix = String(c.input.name_suffix);
    if ((await siblingsBySpec(c.trx, c.tenantId, 'sdwan_branch', 'name_suffix', suffix)).length) throw invalid('name_suffix', 'name_suffix_taken');
    if ((await siblingsBySpec(c.trx, c.tenantId, 'sdwan_branch', 'device_sn', String(c.input.device_sn))).length) throw invalid('device_sn', 'device_sn_taken');
    c.input.name = `${BRANCH_NAME_PREFIX}${suffix}`;
  },

  async routing_template(c) {
    c.spec.branch_count = 0;
  },

  async lb_listener(c) {
    const lb = c.parents.load_balancer_id!;
    const siblings = await siblingsBySpec(c.trx, c.tenantId, 'lb_listener', 'load_balancer_id', lb.id);
    if (siblings.some((s) => Number(s.spec.port) === Number(c.input.port) && portFamily(s.spec.protocol) === portFamily(c.input.protocol))) {
      throw invalid('port', 'listener_port_taken');
    }
    await checkBackendHosts(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, lb, c.input.backends);
    await checkListenerCertificate(c);
    await bumpCount(c.trx, lb.id, 'listener_count', 1);
  },
};

export async function runBeforeCreate(kind: string, c: CreateContext): Promise<ExtraResource[]> {
  return (await beforeCreate[kind]?.(c)) ?? [];
}

/**
 * The create hooks' clash checks for a change request of a rule (rule_id): the rule as it would be
 * (`would`, its gateway and EIP kept) against the other rules, refused with the create's keys.
 */
export async function checkRuleChange(trx: Exec, row: ResourceRow, would: Record<string, unknown>): Promise<void> {
  if (row.kind === 'dnat_rule') {
    const others = (await siblingsBySpec(trx, row.tenant_id, 'dnat_rule', 'eip_id', String(row.spec.eip_id))).filter((o) => o.id !== row.id);
    if (clashes(others, portsOf(would.eip_ports), would.protocol, 'eip_ports')) throw conflict('nat_rule_duplicate');
  }
  if (row.kind === 'snat_rule') {
    const others = (await siblingsBySpec(trx, row.tenant_id, 'snat_rule', 'nat_gateway_id', String(row.spec.nat_gateway_id))).filter((o) => o.id !== row.id);
    if (others.some((s) => s.spec.source_cidr === would.source_cidr)) throw invalid('source_cidr', 'snat_source_taken');
  }
}

/** Cleans up around a resource about to be removed for good (links go with it by cascade). */
export async function beforeRemove(trx: Exec, row: ResourceRow): Promise<ResourceRow[]> {
  const touched: ResourceRow[] = [];
  await dnsHooks.beforeRemove(trx, row);
  await smartDnsHooks.beforeRemove(trx, row);
  await gtmHooks.beforeRemove(trx, row);
  if (row.kind === 'load_balancer' || row.kind === 'phyhost' || row.kind === 'vpc_endpoint') await releaseSubnetIp(trx, row.spec.subnet_id);
  if (row.kind === 'vpc_endpoint') await bumpCount(trx, row.spec.service_id, 'endpoint_count', -1);
  if (row.kind === 'sdwan_branch') await recountTemplate(trx, row.spec.template_id, row.id);
  if (row.kind === 'instance') {
    for (const dh of await resourcesByIds(trx, await linkedIds(trx, row.id, 'places', 'in'), true)) await recountDedicated(trx, dh, row.id);
  }
  if (row.kind === 'lb_listener') await bumpCount(trx, row.spec.load_balancer_id, 'listener_count', -1);
  if (['snat_rule', 'dnat_rule', 'nat_ipv6_rule'].includes(row.kind)) await bumpCount(trx, row.spec.nat_gateway_id, 'rule_count', -1);
  if (row.kind === 'nat_gateway') {
    for (const e of await resourcesByIds(trx, await linkedIds(trx, row.id, 'bound_to', 'in'), true)) touched.push(await patchSpec(trx, e, { nat_gateway_id: undefined }, 'available'));
  }
  if (row.kind === 'vip') {
    const [subnet] = await resourcesByIds(trx, row.spec.subnet_id ? [String(row.spec.subnet_id)] : [], true);
    if (subnet) await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: Math.max(0, Number(subnet.spec.used_ips ?? 0) - 1) } });
  }
  if (row.kind === 'instance') {
    const [subnet] = await resourcesByIds(trx, row.spec.subnet_id ? [String(row.spec.subnet_id)] : [], true);
    if (subnet) await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: Math.max(0, Number(subnet.spec.used_ips ?? 0) - 1) } });
    const eips = await resourcesByIds(trx, await linkedIds(trx, row.id, 'bound_to', 'in'), true);
    for (const e of eips) {
      const spec = { ...e.spec };
      delete spec.instance_id;
      await updateResource(trx, e.id, { status: 'available', spec });
      touched.push({ ...e, status: 'available', spec });
    }
    const disks = await resourcesByIds(trx, await linkedIds(trx, row.id, 'mounted_on', 'in'), true);
    for (const d of disks.filter((x) => x.status === 'mounted')) {
      const spec = { ...d.spec };
      delete spec.instance_id;
      await updateResource(trx, d.id, { status: 'unmounted', spec });
      touched.push({ ...d, status: 'unmounted', spec });
    }
  }
  return touched;
}

// ── actions ──────────────────────────────────────────────────────────────────────────────────
// Checks of an action that need the database (after the status and the kind's guards), and what a
// finished action changes on other resources. Keyed `<kind>.<action>`.

export interface ActionContext { trx: Exec; scope: ResourceScope; row: ResourceRow; params: Record<string, unknown> }
export type AfterActionContext = Omit<ActionContext, 'scope'>;

type BeforeAction = (c: ActionContext) => Promise<void>;
type AfterAction = (c: AfterActionContext) => Promise<ResourceRow[]>;

const isLinked = async (trx: Exec, from: string, to: string, relation: string) => (await linkedIds(trx, from, relation, 'out')).includes(to);

/** Writes spec changes of another resource and answers it as touched (for the events). */
async function patchSpec(trx: Exec, row: ResourceRow, patch: Record<string, unknown>, status?: string): Promise<ResourceRow> {
  const spec = { ...row.spec };
  for (const [k, v] of Object.entries(patch)) { if (v === undefined) delete spec[k]; else spec[k] = v; }
  await updateResource(trx, row.id, { spec, ...(status ? { status } : {}) });
  return { ...row, spec, status: status ?? row.status };
}

async function countLinks(trx: Exec, c: AfterActionContext, relation: string, key: string): Promise<ResourceRow[]> {
  const n = (await linkedIds(trx, c.row.id, relation, 'out')).length;
  await patchSpec(trx, c.row, { [key]: n });
  return [];
}

const beforeAction: Record<string, BeforeAction> = {
  ...sslCertificateHooks.beforeAction,
  ...dnsHooks.beforeAction,
  ...cdnHooks.beforeAction,
  ...smartDnsHooks.beforeAction,
  ...gtmHooks.beforeAction,
  async 'image.mount'(c) {
    if (c.row.spec.image_type !== 'iso') throw conflict('refusals.image.not_iso');
    const hostId = String(c.params.instance_id);
    if (await isLinked(c.trx, c.row.id, hostId, 'iso_mounted_on')) throw conflict('refusals.image.already_mounted');
    const [host] = await resourcesByIds(c.trx, [hostId]);
    // An ISO of one cloud mounts on hosts of the same cloud and region only.
    if (!host || host.vendor !== c.row.vendor || host.region_id !== c.row.region_id) throw conflict('refusals.image.no_mountable_host');
    if (host.spec.iso_image_id) throw conflict('refusals.image.host_has_iso');
  },
  async 'image.unmount'(c) {
    if (!(await isLinked(c.trx, c.row.id, String(c.params.instance_id), 'iso_mounted_on'))) throw conflict('refusals.image.not_mounted');
  },
  async 'snapshot_policy.bind'(c) {
    const volumeId = String(c.params.volume_id);
    const policies = await linkedIds(c.trx, volumeId, 'policy_of', 'in');
    if (policies.includes(c.row.id)) throw conflict('refusals.snapshot_policy.already_bound');
    if (policies.length) throw conflict('refusals.snapshot_policy.volume_has_policy');
  },
  async 'lb_listener.set_backends'(c) {
    const [lb] = await resourcesByIds(c.trx, [String(c.row.spec.load_balancer_id)]);
    if (lb) await checkBackendHosts(c.trx, c.scope, lb, c.params.backends);
  },
  async 'nat_gateway.bind_eip'(c) {
    const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)]);
    if (!eip || eip.vendor !== c.row.vendor || eip.region_id !== c.row.region_id) throw conflict('refusals.nat_gateway.eip_elsewhere');
  },
  async 'nat_gateway.unbind_eip'(c) {
    const eipId = String(c.params.eip_id);
    if (!(await linkedIds(c.trx, eipId, 'bound_to', 'out')).includes(c.row.id)) throw conflict('refusals.nat_gateway.eip_not_bound');
    if ((await rulesUsingEip(c.trx, c.row.tenant_id, eipId)).length) throw conflict('refusals.nat_gateway.eip_in_use');
  },
  // The EIP's own unbind, when it is bound to a NAT gateway: not while a rule uses it.
  async 'eip.unbind'(c) {
    if (c.row.spec.nat_gateway_id && (await rulesUsingEip(c.trx, c.row.tenant_id, c.row.id)).length) throw conflict('refusals.nat_gateway.eip_in_use');
  },
  async 'vpc.delete'(c) {
    if ((await linkedIds(c.trx, c.row.id, 'nat_in_vpc', 'in')).length) throw conflict('refusals.nat_gateway.vpc_has_gateways');
  },
  async 'dedicated_host.place'(c) {
    const hostId = String(c.params.instance_id);
    if ((await linkedIds(c.trx, hostId, 'places', 'in')).length) throw conflict('refusals.dedicated_host.already_placed');
    const [h] = await resourcesByIds(c.trx, [hostId]);
    const size = hostSize(h!);
    const spec = dedicatedHostKind.derive!(c.row.spec);
    if (size.cpu > Number(spec.free_cpu ?? 0) || size.memory > Number(spec.free_memory ?? 0)) throw conflict('refusals.dedicated_host.capacity_insufficient');
  },
  async 'dedicated_host.remove'(c) {
    if (!(await isLinked(c.trx, c.row.id, String(c.params.instance_id), 'places'))) throw conflict('refusals.dedicated_host.not_placed');
  },
  // The template followed before (its count goes down when the job is done).
  async 'sdwan_branch.apply_template'(c) {
    if (c.row.spec.template_id) c.params.previous_template_id = c.row.spec.template_id;
  },
  async 'snapshot_policy.unbind'(c) {
    if (!(await isLinked(c.trx, c.row.id, String(c.params.volume_id), 'policy_of'))) throw conflict('refusals.snapshot_policy.not_bound');
  },
};

const afterAction: Record<string, AfterAction> = {
  ...sslCertificateHooks.afterAction,
  ...gtmHooks.afterAction,
  async 'image.mount'(c) {
    const [host] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
    return host ? [await patchSpec(c.trx, host, { iso: c.row.name, iso_image_id: c.row.id })] : [];
  },
  async 'image.unmount'(c) {
    const [host] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
    return host ? [await patchSpec(c.trx, host, { iso: undefined, iso_image_id: undefined })] : [];
  },
  async 'nat_gateway.bind_eip'(c) {
    const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)], true);
    await insertLinks(c.trx, [{ tenant_id: c.row.tenant_id, from_id: eip!.id, to_id: c.row.id, relation: 'bound_to' }]);
    const touched = await patchSpec(c.trx, eip!, { nat_gateway_id: c.row.id }, 'allocated');
    await patchSpec(c.trx, c.row, { eip_count: (await linkedIds(c.trx, c.row.id, 'bound_to', 'in')).length });
    return [touched];
  },
  async 'nat_gateway.unbind_eip'(c) {
    const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)], true);
    await deleteLink(c.trx, eip!.id, c.row.id, 'bound_to');
    const touched = await patchSpec(c.trx, eip!, { nat_gateway_id: undefined }, 'available');
    await patchSpec(c.trx, c.row, { eip_count: (await linkedIds(c.trx, c.row.id, 'bound_to', 'in')).length });
    return [touched];
  },
  async 'eip.unbind'(c) {
    const gatewayId = c.row.spec.nat_gateway_id;
    if (!gatewayId) return [];
    await patchSpec(c.trx, c.row, { nat_gateway_id: undefined });
    const [gateway] = await resourcesByIds(c.trx, [String(gatewayId)], true);
    if (gateway) await patchSpec(c.trx, gateway, { eip_count: (await linkedIds(c.trx, gateway.id, 'bound_to', 'in')).length });
    return [];
  },
  async 'dedicated_host.place'(c) {
    await recountDedicated(c.trx, c.row);
    const [h] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
    return h ? [await patchSpec(c.trx, h, { dedicated_host_id: c.row.id })] : [];
  },
  async 'dedicated_host.remove'(c) {
    await recountDedicated(c.trx, c.row);
    const [h] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
    return h ? [await patchSpec(c.trx, h, { dedicated_host_id: undefined })] : [];
  },
  async 'sdwan_branch.apply_template'(c) {
    await recountTemplate(c.trx, c.params.template_id);
    if (c.params.previous_template_id !== c.params.template_id) await recountTemplate(c.trx, c.params.previous_template_id);
    return [];
  },
  'snapshot_policy.bind': (c) => countLinks(c.trx, c, 'policy_of', 'volume_count'),
  'snapshot_policy.unbind': (c) => countLinks(c.trx, c, 'policy_of', 'volume_count'),
};

export async function runBeforeAction(kind: string, action: string, c: ActionContext): Promise<void> {
  await beforeAction[`${kind}.${action}`]?.(c);
}

/** Answers the other resources the action changed (their events go out with the action's). */
export async function runAfterAction(kind: string, action: string, c: AfterActionContext): Promise<ResourceRow[]> {
  return (await afterAction[`${kind}.${action}`]?.(c)) ?? [];
}
