// Subnet (server half): its CIDR inside its VPC and clear of its siblings; gateway and address count.
import { intToIp, parseCidr, usableIps } from '../../../../domain/kinds/cidr.ts';
import { subnetKind } from '../../../../domain/kinds/subnet/subnet.kind.ts';
import { subnetCidrProblem } from '../../../../domain/kinds/subnet/subnet.rules.ts';
import { siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';

export const subnetHooks = [
  defineHooks(subnetKind, {
    async beforeCreate(c) {
      const vpc = c.parents.vpc_id!;
      const siblings = await siblingsBySpec(c.trx, c.tenantId, 'subnet', 'vpc_id', vpc.id);
      const problem = subnetCidrProblem(
        String(c.input.cidr),
        String(vpc.spec.cidr ?? ''),
        siblings.map((s) => String(s.spec.cidr ?? '')),
      );
      if (problem) throw invalid('cidr', problem);
      const cidr = parseCidr(String(c.input.cidr))!;
      Object.assign(c.spec, { gateway: intToIp(cidr.base + 1), total_ips: usableIps(cidr), used_ips: 0 });
    },
  }),
];
