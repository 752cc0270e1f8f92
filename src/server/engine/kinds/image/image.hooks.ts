// Image (server half): an ISO mounts on one host of the same cloud and region at a time.
import { conflict } from '../../../../domain/errors.ts';
import { imageKind } from '../../../../domain/kinds/image/image.kind.ts';
import { resourcesByIds } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';
import { isLinked, patchSpec } from '../hook-helpers.ts';

export const imageHooks = [
  defineHooks(imageKind, {
    beforeAction: {
      async mount(c) {
        if (c.row.spec.image_type !== 'iso') throw conflict('refusals.image.not_iso');
        const hostId = String(c.params.instance_id);
        if (await isLinked(c.trx, c.row.id, hostId, 'iso_mounted_on')) throw conflict('refusals.image.already_mounted');
        const [host] = await resourcesByIds(c.trx, [hostId]);
        // An ISO of one cloud mounts on hosts of the same cloud and region only.
        if (!host || host.vendor !== c.row.vendor || host.region_id !== c.row.region_id) throw conflict('refusals.image.no_mountable_host');
        if (host.spec.iso_image_id) throw conflict('refusals.image.host_has_iso');
      },
      async unmount(c) {
        if (!(await isLinked(c.trx, c.row.id, String(c.params.instance_id), 'iso_mounted_on'))) throw conflict('refusals.image.not_mounted');
      },
    },
    afterAction: {
      async mount(c) {
        const [host] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
        return host ? [await patchSpec(c.trx, host, { iso: c.row.name, iso_image_id: c.row.id })] : [];
      },
      async unmount(c) {
        const [host] = await resourcesByIds(c.trx, [String(c.params.instance_id)], true);
        return host ? [await patchSpec(c.trx, host, { iso: undefined, iso_image_id: undefined })] : [];
      },
    },
  }),
];
