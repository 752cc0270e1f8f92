// SNAT, DNAT and IPv6 NAT rules (server half): the EIP on the gateway, no clash with the other
// rules (at creation and for a change request), the gateway's rule count.
import { conflict, notFound } from '../../../../domain/errors.ts';
import { ANY, formatPorts } from '../../../../domain/approvals/network-rules.ts';
import { dnatRuleKind, natIpv6RuleKind, snatRuleKind } from '../../../../domain/kinds/nat-rules/nat-rules.kind.ts';
import { linkedIds, lockScoped, siblingsBySpec, type ResourceRow } from '../../engine.repository.ts';
import { defineHooks, invalid, type CreateContext } from '../hooks.ts';
import { bumpCount, clashes, portsOf } from '../hook-helpers.ts';

/** An EIP of the scope bound to this gateway (404 outside the scope, 409 when bound elsewhere or not at all). */
async function eipOnGateway(c: CreateContext, gateway: ResourceRow): Promise<ResourceRow> {
  const eip = await lockScoped(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, String(c.input.eip_id), 'eip');
  if (!eip) throw notFound();
  if (!(await linkedIds(c.trx, eip.id, 'bound_to', 'out')).includes(gateway.id)) throw conflict('refusals.nat_rule.eip_not_on_gateway');
  return eip;
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

async function natRule(c: CreateContext) {
  const gateway = c.parents.nat_gateway_id!;
  for (const key of ['internal_ports', 'eip_ports', 'ipv6_ports']) if (c.input[key] !== undefined) c.spec[key] = formatPorts(portsOf(c.input[key]));
  if (typeof c.input.internal_ip === 'string' && c.input.internal_ip.toLowerCase() === ANY) c.spec.internal_ip = ANY;
  await bumpCount(c.trx, gateway.id, 'rule_count', 1);
  return gateway;
}

const ruleRemoved = async (trx: Parameters<typeof bumpCount>[0], row: ResourceRow) => {
  await bumpCount(trx, row.spec.nat_gateway_id, 'rule_count', -1);
};

export const natRulesHooks = [
  defineHooks(snatRuleKind, {
    async beforeCreate(c) {
      const gateway = c.parents.nat_gateway_id!;
      const eip = await eipOnGateway(c, gateway);
      const siblings = await siblingsBySpec(c.trx, c.tenantId, 'snat_rule', 'nat_gateway_id', gateway.id);
      if (siblings.some((s) => s.spec.source_cidr === c.input.source_cidr)) throw invalid('source_cidr', 'snat_source_taken');
      c.spec.eip_address = eip.spec.address ?? null;
      await natRule(c);
    },
    async checkRuleChange(trx, row, would) {
      const others = (await siblingsBySpec(trx, row.tenant_id, 'snat_rule', 'nat_gateway_id', String(row.spec.nat_gateway_id))).filter((o) => o.id !== row.id);
      if (others.some((s) => s.spec.source_cidr === would.source_cidr)) throw invalid('source_cidr', 'snat_source_taken');
    },
    beforeRemove: ruleRemoved,
  }),
  defineHooks(dnatRuleKind, {
    async beforeCreate(c) {
      const gateway = c.parents.nat_gateway_id!;
      const eip = await eipOnGateway(c, gateway);
      const others = await siblingsBySpec(c.trx, c.tenantId, 'dnat_rule', 'eip_id', eip.id);
      if (clashes(others, portsOf(c.input.eip_ports), c.input.protocol, 'eip_ports')) throw conflict('nat_rule_duplicate');
      c.spec.eip_address = eip.spec.address ?? null;
      await natRule(c);
    },
    async checkRuleChange(trx, row, would) {
      const others = (await siblingsBySpec(trx, row.tenant_id, 'dnat_rule', 'eip_id', String(row.spec.eip_id))).filter((o) => o.id !== row.id);
      if (clashes(others, portsOf(would.eip_ports), would.protocol, 'eip_ports')) throw conflict('nat_rule_duplicate');
    },
    beforeRemove: ruleRemoved,
  }),
  defineHooks(natIpv6RuleKind, {
    async beforeCreate(c) {
      const gateway = c.parents.nat_gateway_id!;
      const others = (await siblingsBySpec(c.trx, c.tenantId, 'nat_ipv6_rule', 'nat_gateway_id', gateway.id)).filter(
        (o) => canonIp(o.spec.ipv6_address) === canonIp(c.input.ipv6_address),
      );
      if (clashes(others, portsOf(c.input.ipv6_ports), c.input.protocol, 'ipv6_ports')) throw conflict('nat_rule_duplicate');
      await natRule(c);
    },
    beforeRemove: ruleRemoved,
  }),
];
