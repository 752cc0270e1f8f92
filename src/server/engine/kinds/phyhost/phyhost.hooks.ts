// Bare-metal host (server half): private clouds only; an address from its subnet, given back on removal.
import { AppError } from '../../../../domain/errors.ts';
import { phyhostKind } from '../../../../domain/kinds/phyhost/phyhost.kind.ts';
import { PUBLIC_VENDORS } from '../../cloud/simulator.ts';
import { defineHooks } from '../hooks.ts';
import { releaseSubnetIp, takeSubnetIp } from '../hook-helpers.ts';

export const phyhostHooks = [
  defineHooks(phyhostKind, {
    async beforeCreate(c) {
      if (PUBLIC_VENDORS.has(c.placement.vendor)) throw new AppError(409, 'public_cloud_unsupported');
      const subnet = c.parents.subnet_id!;
      c.spec.private_ip = await takeSubnetIp(c.trx, subnet);
      c.spec.vpc_id = subnet.spec.vpc_id ?? null;
      c.spec.billing = 'active';
    },
    async beforeRemove(trx, row) {
      await releaseSubnetIp(trx, row.spec.subnet_id);
    },
  }),
];
