// File storage (server half): the hosts it is authorised to are links (nas_authorized) to cloud hosts
// of the NAS's own project, each running or stopped and authorised once; the sync policy names another
// NAS of the project with the same protocol (its name kept for the detail); the backup policy's full-backup
// cycle follows its retention. Turning either off clears it.
import { conflict, notFound } from '../../../../domain/errors.ts';
import { nasKind } from '../../../../domain/kinds/nas/nas.kind.ts';
import { fullBackupCycle } from '../../../../domain/kinds/nas/nas.rules.ts';
import { insertLinks, linkedIds, lockScoped, resourcesByIds, type Exec, type ResourceRow } from '../../engine.repository.ts';
import type { ResourceScope } from '../../resources.repository.ts';
import { countLinks, patchSpec } from '../hook-helpers.ts';
import { defineHooks } from '../hooks.ts';

/** The host ids of an authorisation's params ({hosts: [{instance_id}]}). */
export const hostIdsOf = (params: Record<string, unknown>) => ((params.hosts as { instance_id: string }[] | undefined) ?? []).map((h) => h.instance_id);

/**
 * Checks the hosts to authorise a storage resource to: each a cloud host of its project (404
 * otherwise, as for another tenant's), running or stopped, not authorised already.
 */
export async function checkHostsToAuthorise(trx: Exec, scope: ResourceScope, row: ResourceRow, ids: string[], relation: string, kind: string) {
  const already = new Set(await linkedIds(trx, row.id, relation, 'out'));
  for (const id of ids) {
    const host = await lockScoped(trx, scope, id, 'instance');
    if (!host || host.project_id !== row.project_id) throw notFound();
    if (!['running', 'stopped'].includes(host.status)) throw conflict(`refusals.${kind}.host_unavailable`, { name: host.name });
    if (already.has(id)) throw conflict(`refusals.${kind}.already_authorized`, { name: host.name });
  }
}

export async function linkHosts(trx: Exec, row: ResourceRow, ids: string[], relation: string) {
  await insertLinks(
    trx,
    ids.map((to_id) => ({ tenant_id: row.tenant_id, from_id: row.id, to_id, relation })),
  );
}

export const nasHooks = [
  defineHooks(nasKind, {
    async beforeCreate(c) {
      Object.assign(c.spec, { host_count: 0, sync_enabled: false, backup_enabled: false });
    },
    beforeAction: {
      authorize: (c) => checkHostsToAuthorise(c.trx, c.scope, c.row, hostIdsOf(c.params), 'nas_authorized', 'nas'),
      async unauthorize(c) {
        if (!(await linkedIds(c.trx, c.row.id, 'nas_authorized', 'out')).includes(String(c.params.instance_id))) throw conflict('refusals.nas.not_authorized');
      },
      async sync_policy(c) {
        // The guard found it in scope and available; it must also be another NAS of the project with the same protocol.
        const target = await lockScoped(c.trx, c.scope, String(c.params.sync_target_id), 'nas');
        if (!target || target.project_id !== c.row.project_id) throw notFound();
        if (target.id === c.row.id) throw conflict('refusals.nas.sync_self');
        if (target.spec.protocol !== c.row.spec.protocol) throw conflict('refusals.nas.sync_protocol');
      },
    },
    afterAction: {
      async authorize(c) {
        await linkHosts(c.trx, c.row, hostIdsOf(c.params), 'nas_authorized');
        return countLinks(c, 'nas_authorized', 'host_count');
      },
      unauthorize: (c) => countLinks(c, 'nas_authorized', 'host_count'),
      async sync_policy(c) {
        const [target] = await resourcesByIds(c.trx, [String(c.params.sync_target_id)]);
        await patchSpec(c.trx, c.row, { sync_enabled: true, sync_target_name: target?.name });
        return [];
      },
      async sync_off(c) {
        await patchSpec(c.trx, c.row, { sync_enabled: false, sync_target_id: undefined, sync_target_name: undefined, sync_frequency: undefined });
        return [];
      },
      async backup_policy(c) {
        await patchSpec(c.trx, c.row, { backup_enabled: true, backup_cycle: fullBackupCycle(c.params.backup_retention) });
        return [];
      },
      async backup_off(c) {
        await patchSpec(c.trx, c.row, { backup_enabled: false, backup_time: undefined, backup_retention: undefined, backup_cycle: undefined });
        return [];
      },
    },
  }),
];
