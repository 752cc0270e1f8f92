// NAT gateway (server half): EIPs bound to it (same cloud and region; not while a rule uses one);
// on removal its EIPs are freed.
import { conflict } from '../../../../domain/errors.ts';
import { natGatewayKind } from '../../../../domain/kinds/nat-gateway/nat-gateway.kind.ts';
import { deleteLink, insertLinks, linkedIds, resourcesByIds, type ResourceRow } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';
import { patchSpec, rulesUsingEip } from '../hook-helpers.ts';

export const natGatewayHooks = [
  defineHooks(natGatewayKind, {
    async beforeCreate(c) {
      if (c.input.charging_code === 'year' && c.parents.vpc_id!.vendor === 'ctyun') throw invalid('charging_code', 'ctyun_no_year');
      Object.assign(c.spec, { eip_count: 0, rule_count: 0 });
    },
    beforeAction: {
      async bind_eip(c) {
        const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)]);
        if (!eip || eip.vendor !== c.row.vendor || eip.region_id !== c.row.region_id) throw conflict('refusals.nat_gateway.eip_elsewhere');
      },
      async unbind_eip(c) {
        const eipId = String(c.params.eip_id);
        if (!(await linkedIds(c.trx, eipId, 'bound_to', 'out')).includes(c.row.id)) throw conflict('refusals.nat_gateway.eip_not_bound');
        if ((await rulesUsingEip(c.trx, c.row.tenant_id, eipId)).length) throw conflict('refusals.nat_gateway.eip_in_use');
      },
    },
    afterAction: {
      async bind_eip(c) {
        const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)], true);
        await insertLinks(c.trx, [{ tenant_id: c.row.tenant_id, from_id: eip!.id, to_id: c.row.id, relation: 'bound_to' }]);
        const touched = await patchSpec(c.trx, eip!, { nat_gateway_id: c.row.id }, 'allocated');
        await patchSpec(c.trx, c.row, { eip_count: (await linkedIds(c.trx, c.row.id, 'bound_to', 'in')).length });
        return [touched];
      },
      async unbind_eip(c) {
        const [eip] = await resourcesByIds(c.trx, [String(c.params.eip_id)], true);
        await deleteLink(c.trx, eip!.id, c.row.id, 'bound_to');
        const touched = await patchSpec(c.trx, eip!, { nat_gateway_id: undefined }, 'available');
        await patchSpec(c.trx, c.row, { eip_count: (await linkedIds(c.trx, c.row.id, 'bound_to', 'in')).length });
        return [touched];
      },
    },
    async beforeRemove(trx, row) {
      const touched: ResourceRow[] = [];
      for (const e of await resourcesByIds(trx, await linkedIds(trx, row.id, 'bound_to', 'in'), true))
        touched.push(await patchSpec(trx, e, { nat_gateway_id: undefined }, 'available'));
      return touched;
    },
  }),
];
