// VPC (server half): not deleted while NAT gateways sit in it.
import { conflict } from '../../../../domain/errors.ts';
import { vpcKind } from '../../../../domain/kinds/vpc/vpc.kind.ts';
import { linkedIds } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';

export const vpcHooks = [
  defineHooks(vpcKind, {
    beforeAction: {
      async delete(c) {
        if ((await linkedIds(c.trx, c.row.id, 'nat_in_vpc', 'in')).length) throw conflict('refusals.nat_gateway.vpc_has_gateways');
      },
    },
  }),
];
