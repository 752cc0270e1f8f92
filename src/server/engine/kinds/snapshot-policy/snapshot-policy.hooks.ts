// Snapshot policy (server half): one policy per disk; the count of disks it covers.
import { conflict } from '../../../../domain/errors.ts';
import { snapshotPolicyKind } from '../../../../domain/kinds/snapshot-policy/snapshot-policy.kind.ts';
import { linkedIds } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';
import { countLinks, isLinked } from '../hook-helpers.ts';

export const snapshotPolicyHooks = [
  defineHooks(snapshotPolicyKind, {
    async beforeCreate(c) {
      c.spec.volume_count = 0;
    },
    beforeAction: {
      async bind(c) {
        const volumeId = String(c.params.volume_id);
        const policies = await linkedIds(c.trx, volumeId, 'policy_of', 'in');
        if (policies.includes(c.row.id)) throw conflict('refusals.snapshot_policy.already_bound');
        if (policies.length) throw conflict('refusals.snapshot_policy.volume_has_policy');
      },
      async unbind(c) {
        if (!(await isLinked(c.trx, c.row.id, String(c.params.volume_id), 'policy_of'))) throw conflict('refusals.snapshot_policy.not_bound');
      },
    },
    afterAction: {
      bind: (c) => countLinks(c, 'policy_of', 'volume_count'),
      unbind: (c) => countLinks(c, 'policy_of', 'volume_count'),
    },
  }),
];
