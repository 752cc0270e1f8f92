// Dedicated host (server half): hosts placed on it within its free capacity; what they use, recounted.
import { conflict } from '../../../../domain/errors.ts';
import { dedicatedHostKind } from '../../../../domain/kinds/dedicated-host/dedicated-host.kind.ts';
import { linkedIds, resourcesByIds } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';
import { hostSize, isLinked, patchSpec, recountDedicated } from '../hook-helpers.ts';

export const dedicatedHostHooks = [
  defineHooks(dedicatedHostKind, {
    async beforeCreate(c) {
      Object.assign(c.spec, { used_cpu: 0, used_memory: 0, instance_count: 0 });
    },
    beforeAction: {
      async place(c) {
        const hostId = String(c.params.instance_id);
        if ((await linkedIds(c.trx, hostId, 'places', 'in')).length) throw conflict('refusals.dedicated_host.already_placed');
        const [h] = await resourcesByIds(c.trx, [hostId]);
        const size = hostSize(h!);
        const spec = dedicatedHostKind.derive!(c.row.spec);
        if (size.cpu > Number(spec.free_cpu ?? 0) || size.memory > Number(spec.free_memory ?? 0))
          throw conflict('refusals.dedicated_host.capacity_insufficient');
      },
      async remove(c) {
        if (!(await isLinked(c.trx, c.row.id, String(c.params.instance_id), 'places'))) throw conflict('refusals.dedicated_host.not_placed');
      },
    },
    afterAction: {
      async place(c) {
        await recountDedicated(c.trx, c.row);
        const [h] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
        return h ? [await patchSpec(c.trx, h, { dedicated_host_id: c.row.id })] : [];
      },
      async remove(c) {
        await recountDedicated(c.trx, c.row);
        const [h] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
        return h ? [await patchSpec(c.trx, h, { dedicated_host_id: undefined })] : [];
      },
    },
  }),
];
