// Elastic IP (server half): its public address; its own unbind from a NAT gateway keeps the rules' EIPs.
import { conflict } from '../../../../domain/errors.ts';
import { eipKind } from '../../../../domain/kinds/eip/eip.kind.ts';
import { linkedIds, resourcesByIds } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';
import { patchSpec, publicAddress, rulesUsingEip } from '../hook-helpers.ts';

export const eipHooks = [
  defineHooks(eipKind, {
    async beforeCreate(c) {
      c.spec.address = publicAddress(c.id);
    },
    beforeAction: {
      // The EIP's own unbind, when it is bound to a NAT gateway: not while a rule uses it.
      async unbind(c) {
        if (c.row.spec.nat_gateway_id && (await rulesUsingEip(c.trx, c.row.tenant_id, c.row.id)).length) throw conflict('refusals.nat_gateway.eip_in_use');
      },
    },
    afterAction: {
      async unbind(c) {
        const gatewayId = c.row.spec.nat_gateway_id;
        if (!gatewayId) return [];
        await patchSpec(c.trx, c.row, { nat_gateway_id: undefined });
        const [gateway] = await resourcesByIds(c.trx, [String(gatewayId)], true);
        if (gateway) await patchSpec(c.trx, gateway, { eip_count: (await linkedIds(c.trx, gateway.id, 'bound_to', 'in')).length });
        return [];
      },
    },
  }),
];
