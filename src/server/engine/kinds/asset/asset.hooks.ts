// Server half of assets (domain/kinds/asset): an asset number is used once per tenant, and one U
// position of a rack in a room holds one asset. The form and every imported row pass here.
import { conflict } from '../../../../domain/errors.ts';
import { assetKind } from '../../../../domain/kinds/asset/asset.kind.ts';
import { resourcesByIds, siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';

export const assetHooks = [
  defineHooks(assetKind, {
    async beforeCreate(c) {
      const no = String(c.input.asset_no);
      if ((await siblingsBySpec(c.trx, c.tenantId, 'asset', 'asset_no', no)).length) throw conflict('refusals.asset.asset_no_taken', { name: no });
      const sameRoom = await siblingsBySpec(c.trx, c.tenantId, 'asset', 'machine_room_id', String(c.input.machine_room_id));
      const at = sameRoom.find((a) => a.status !== 'scrapped' && a.spec.rack === c.input.rack && Number(a.spec.u_position) === Number(c.input.u_position));
      if (at) throw conflict('refusals.asset.position_taken', { name: at.name });
      const [room] = await resourcesByIds(c.trx, [String(c.input.machine_room_id)]);
      c.spec.machine_room_name = room?.name ?? '';
    },
  }),
];
