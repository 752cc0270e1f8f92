// Load balancer (server half): its VIP from the subnet, a public address when public; the VIP goes back on removal.
import { loadBalancerKind } from '../../../../domain/kinds/load-balancer/load-balancer.kind.ts';
import { defineHooks, invalid } from '../hooks.ts';
import { publicAddress, releaseSubnetIp, takeSubnetIp } from '../hook-helpers.ts';

export const loadBalancerHooks = [
  defineHooks(loadBalancerKind, {
    async beforeCreate(c) {
      const subnet = c.parents.subnet_id!;
      if (c.input.charging_code === 'year' && subnet.vendor === 'ctyun') throw invalid('charging_code', 'ctyun_no_year');
      c.spec.vip_address = await takeSubnetIp(c.trx, subnet);
      c.spec.vpc_id = subnet.spec.vpc_id ?? null;
      c.spec.listener_count = 0;
      if (c.input.network_type === 'public') c.spec.public_address = publicAddress(c.id);
    },
    async beforeRemove(trx, row) {
      await releaseSubnetIp(trx, row.spec.subnet_id);
    },
  }),
];
