// Helpers shared by the kinds' server halves (src/server/engine/kinds/<kind>/<kind>.hooks.ts): addresses
// taken from and given back to a subnet, counters kept on a parent, port clashes of NAT rules.
import { createHash } from 'node:crypto';
import { AppError, conflict, notFound } from '../../../domain/errors.ts';
import { intToIp, parseCidr } from '../../../domain/kinds/cidr.ts';
import { FLAVORS } from '../../../domain/kinds/instance/instance.kind.ts';
import { ANY, parsePorts, type PortList } from '../../../domain/approvals/network-rules.ts';
import { linkedIds, lockScoped, resourcesByIds, siblingsBySpec, updateResource, type Exec, type ResourceRow } from '../engine.repository.ts';
import type { ResourceScope } from '../resources.repository.ts';
import type { AfterActionContext } from './hooks.ts';

/** A stable public address for a simulated EIP. */
export function publicAddress(id: string): string {
  const h = createHash('sha256').update(id).digest();
  return `${[47, 101, 119, 121, 139][h[0]! % 5]}.${h[1]}.${h[2]}.${(h[3]! % 253) + 1}`;
}

/** Takes the next free address of a subnet (「子网可用IP不足」 when none is left). */
export async function takeSubnetIp(trx: Exec, subnet: ResourceRow): Promise<string | null> {
  const total = Number(subnet.spec.total_ips ?? 0);
  const used = Number(subnet.spec.used_ips ?? 0);
  if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
  const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
  const cursor = Number(subnet.spec.ip_cursor ?? used);
  await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: cursor + 1 } });
  return cidr ? intToIp(cidr.base + 4 + cursor) : null;
}

export async function releaseSubnetIp(trx: Exec, subnetId: unknown) {
  const [subnet] = await resourcesByIds(trx, subnetId ? [String(subnetId)] : [], true);
  if (subnet) await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: Math.max(0, Number(subnet.spec.used_ips ?? 0) - 1) } });
}

/** Adds `delta` to a counter in a resource's spec (listeners of a load balancer, rules of a gateway). */
export async function bumpCount(trx: Exec, id: unknown, key: string, delta: number) {
  const [row] = await resourcesByIds(trx, id ? [String(id)] : [], true);
  if (row) await updateResource(trx, row.id, { spec: { ...row.spec, [key]: Math.max(0, Number(row.spec[key] ?? 0) + delta) } });
}

/** Backend servers of a listener: hosts of the scope (404 otherwise), running or stopped, in the load balancer's VPC. */
export async function checkBackendHosts(trx: Exec, scope: ResourceScope, lb: ResourceRow, backends: unknown) {
  for (const b of (backends as { instance_id: string }[] | undefined) ?? []) {
    const h = await lockScoped(trx, scope, b.instance_id, 'instance');
    if (!h) throw notFound();
    if (!['running', 'stopped'].includes(h.status) || (lb.spec.vpc_id && h.spec.vpc_id !== lb.spec.vpc_id))
      throw conflict('refusals.lb_listener.backend_unavailable');
  }
}

/** SNAT and DNAT rules that use an EIP. */
export async function rulesUsingEip(trx: Exec, tenantId: string, eipId: string): Promise<ResourceRow[]> {
  return [...(await siblingsBySpec(trx, tenantId, 'snat_rule', 'eip_id', eipId)), ...(await siblingsBySpec(trx, tenantId, 'dnat_rule', 'eip_id', eipId))];
}

export const portsOf = (v: unknown): PortList => {
  const p = parsePorts(v);
  return p.ok ? p.ports : [];
};
const portsOverlap = (a: PortList, b: PortList) => a === ANY || b === ANY || a.some((p) => b.includes(p));
const protocolsMeet = (a: unknown, b: unknown) => a === b || a === 'any' || b === 'any';

/** An address and port already mapped by another rule of the same address (「相同 IP 的相同端口」). */
export function clashes(others: ResourceRow[], ports: PortList, protocol: unknown, portsKey: string) {
  return others.some((o) => portsOverlap(portsOf(o.spec[portsKey]), ports) && protocolsMeet(o.spec.protocol, protocol));
}

/** CPU and memory of a cloud host, from its flavor. */
export function hostSize(h: ResourceRow): { cpu: number; memory: number } {
  const f = FLAVORS.find((x) => x.id === h.spec.flavor);
  return { cpu: f?.cpu ?? Number(h.spec.cpu ?? 0), memory: f?.memory ?? Number(h.spec.memory ?? 0) };
}

/** Recounts what the hosts placed on a dedicated host use (`except`: a host about to go). */
export async function recountDedicated(trx: Exec, dh: ResourceRow, except?: string) {
  const hosts = await resourcesByIds(
    trx,
    (await linkedIds(trx, dh.id, 'places', 'out')).filter((id) => id !== except),
  );
  const used = hosts.map(hostSize).reduce((a, b) => ({ cpu: a.cpu + b.cpu, memory: a.memory + b.memory }), { cpu: 0, memory: 0 });
  await patchSpec(trx, dh, { used_cpu: used.cpu, used_memory: used.memory, instance_count: hosts.length });
}

/** Recounts the branches that follow a routing template (`except`: a branch about to go). */
export async function recountTemplate(trx: Exec, templateId: unknown, except?: string) {
  const [t] = await resourcesByIds(trx, templateId ? [String(templateId)] : [], true);
  if (t) await patchSpec(trx, t, { branch_count: (await linkedIds(trx, t.id, 'uses_template', 'in')).filter((id) => id !== except).length });
}

export const isLinked = async (trx: Exec, from: string, to: string, relation: string) => (await linkedIds(trx, from, relation, 'out')).includes(to);

/** Writes spec changes of another resource and answers it as touched (for the events). */
export async function patchSpec(trx: Exec, row: ResourceRow, patch: Record<string, unknown>, status?: string): Promise<ResourceRow> {
  const spec = { ...row.spec };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete spec[k];
    else spec[k] = v;
  }
  await updateResource(trx, row.id, { spec, ...(status ? { status } : {}) });
  return { ...row, spec, status: status ?? row.status };
}

export async function countLinks(c: AfterActionContext, relation: string, key: string): Promise<ResourceRow[]> {
  const n = (await linkedIds(c.trx, c.row.id, relation, 'out')).length;
  await patchSpec(c.trx, c.row, { [key]: n });
  return [];
}
