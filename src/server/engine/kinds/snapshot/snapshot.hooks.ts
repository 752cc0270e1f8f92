// Snapshot (server half): the size and name of the disk it is taken of.
import { snapshotKind } from '../../../../domain/kinds/snapshot/snapshot.kind.ts';
import { defineHooks } from '../hooks.ts';

export const snapshotHooks = [
  defineHooks(snapshotKind, {
    async beforeCreate(c) {
      const volume = c.parents.volume_id!;
      c.spec.size = volume.spec.size ?? null;
      c.spec.volume_name = volume.name;
    },
  }),
];
