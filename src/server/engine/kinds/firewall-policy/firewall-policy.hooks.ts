// Firewall policy (server half): address lists and ports stored in one form.
import { formatPorts, splitList } from '../../../../domain/approvals/network-rules.ts';
import { firewallPolicyKind } from '../../../../domain/kinds/firewall-policy/firewall-policy.kind.ts';
import { defineHooks } from '../hooks.ts';
import { portsOf } from '../hook-helpers.ts';

export const firewallPolicyHooks = [
  defineHooks(firewallPolicyKind, {
    async beforeCreate(c) {
      Object.assign(c.spec, {
        source_ips: splitList(c.input.source_ips),
        target_ips: splitList(c.input.target_ips),
        target_ports: formatPorts(portsOf(c.input.target_ports)),
      });
    },
  }),
];
