// Cloud disk (server half, ADR 0064): a snapshot taken by the disk's 创建快照 action keeps the disk's
// name, as one made through POST /api/snapshots does, so lists name the disk rather than show its id.
import { volumeKind } from '../../../../domain/kinds/volume/volume.kind.ts';
import { linkedIds, resourcesByIds } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks } from '../hooks.ts';

export const volumeHooks = [
  defineHooks(volumeKind, {
    afterAction: {
      async snapshot(c) {
        const children = await resourcesByIds(c.trx, await linkedIds(c.trx, c.row.id, 'snapshot_of', 'in'), true);
        const named = [];
        for (const s of children.filter((x) => x.spec.volume_name === undefined)) named.push(await patchSpec(c.trx, s, { volume_name: c.row.name }));
        return named;
      },
    },
  }),
];
