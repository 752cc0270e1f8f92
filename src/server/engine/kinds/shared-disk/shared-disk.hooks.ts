// Shared disk (server half): authorised to hosts of its project (links shared_authorized, at most 10 at
// once), mounted only on a host it is authorised to and not mounted there already (shared_mounted_on);
// a host it is mounted on cannot be unauthorised (409). 使用中 while mounted anywhere, 可用 otherwise.
import { conflict, notFound } from '../../../../domain/errors.ts';
import { sharedDiskKind } from '../../../../domain/kinds/shared-disk/shared-disk.kind.ts';
import { linkedIds, lockScoped } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks, type AfterActionContext } from '../hooks.ts';
import { checkHostsToAuthorise, hostIdsOf, linkHosts } from '../nas/nas.hooks.ts';

async function recount(c: AfterActionContext) {
  const hosts = await linkedIds(c.trx, c.row.id, 'shared_authorized', 'out');
  const mounts = await linkedIds(c.trx, c.row.id, 'shared_mounted_on', 'out');
  const status = mounts.length ? 'in_use' : 'available';
  await patchSpec(c.trx, c.row, { host_count: hosts.length, mount_count: mounts.length }, status === c.row.status ? undefined : status);
  return [];
}

export const sharedDiskHooks = [
  defineHooks(sharedDiskKind, {
    async beforeCreate(c) {
      Object.assign(c.spec, { host_count: 0, mount_count: 0 });
    },
    beforeAction: {
      authorize: (c) => checkHostsToAuthorise(c.trx, c.scope, c.row, hostIdsOf(c.params), 'shared_authorized', 'shared_disk'),
      async unauthorize(c) {
        const id = String(c.params.instance_id);
        if (!(await linkedIds(c.trx, c.row.id, 'shared_authorized', 'out')).includes(id)) throw conflict('refusals.shared_disk.not_authorized');
        if ((await linkedIds(c.trx, c.row.id, 'shared_mounted_on', 'out')).includes(id)) throw conflict('refusals.shared_disk.unauthorize_mounted');
      },
      async mount(c) {
        const id = String(c.params.instance_id);
        const host = await lockScoped(c.trx, c.scope, id, 'instance');
        if (!host || host.project_id !== c.row.project_id) throw notFound();
        if (!(await linkedIds(c.trx, c.row.id, 'shared_authorized', 'out')).includes(id)) throw conflict('refusals.shared_disk.mount_not_authorized');
        if ((await linkedIds(c.trx, c.row.id, 'shared_mounted_on', 'out')).includes(id)) throw conflict('refusals.shared_disk.already_mounted');
        if (!['running', 'stopped'].includes(host.status)) throw conflict('refusals.shared_disk.host_unavailable', { name: host.name });
      },
      async unmount(c) {
        if (!(await linkedIds(c.trx, c.row.id, 'shared_mounted_on', 'out')).includes(String(c.params.instance_id)))
          throw conflict('refusals.shared_disk.not_mounted');
      },
    },
    afterAction: {
      async authorize(c) {
        await linkHosts(c.trx, c.row, hostIdsOf(c.params), 'shared_authorized');
        return recount(c);
      },
      unauthorize: recount,
      mount: recount,
      unmount: recount,
    },
  }),
];
