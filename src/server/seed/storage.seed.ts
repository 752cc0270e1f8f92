// Demo storage (issue 30): tenant_admin's first project has two NAS (one NFS authorised to a host, with
// its sync and backup policies; one CIFS), a shared disk authorised to two hosts and mounted on one, a
// SAN volume and an FTP gateway (its password sealed like a purchase's would be: none stored here, the
// detail says 已设置（已隐藏）). Named demo-… as every demo resource (tests/api/kinds-seed.test.ts).
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { firstPlace } from './cache-doc-instances.seed.ts';

type Demo = { key: string; kind: string; name: string; status: string; spec: Record<string, unknown> };

const DEMOS: Demo[] = [
  {
    key: 'nas1',
    kind: 'nas',
    name: 'demo-nas-shared-files',
    status: 'available',
    spec: {
      protocol: 'nfs',
      size: 500,
      file_system: 'shared-files',
      mount_path: '/mnt/shared',
      host_count: 1,
      backup_enabled: true,
      backup_time: '02:00',
      backup_retention: '3month',
      backup_cycle: 'monthly',
    },
  },
  {
    key: 'nas2',
    kind: 'nas',
    name: 'demo-nas-office',
    status: 'available',
    spec: { protocol: 'cifs', size: 200, host_count: 0, sync_enabled: false, backup_enabled: false },
  },
  {
    key: 'disk',
    kind: 'shared_disk',
    name: 'demo-shared-cluster-disk',
    status: 'in_use',
    spec: { size: 200, volume_type: 'ssd', host_count: 2, mount_count: 1, mount_path: '/data/cluster', file_system: 'xfs' },
  },
  { key: 'san', kind: 'san_volume', name: 'demo-san-oracle-lun', status: 'available', spec: { protocol: 'fc', disk_type: 'ssd', size: 1024 } },
  { key: 'ftp', kind: 'ftp_server', name: 'demo-ftp-exchange', status: 'running', spec: { account: 'exchange', password_state: 'set', size: 100, port: 21 } },
];

export async function seedStorage(db: Db, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  // Hosts of the same cloud as the demo storage (OpenStack) first, then any of the project.
  const hostsOf = (vendor?: string) => {
    let qb = db
      .selectFrom('resources')
      .select('id')
      .where('project_id', '=', place.project_id)
      .where('kind', '=', 'instance')
      .where('status', 'in', ['running', 'stopped']);
    if (vendor) qb = qb.where('vendor', '=', vendor);
    return qb.orderBy('name').limit(2).execute();
  };
  const own = await hostsOf('openstack');
  const hosts = own.length ? own : await hostsOf();
  const ids = Object.fromEntries(DEMOS.map((d) => [d.key, newId()]));
  await db
    .insertInto('resources')
    .values(
      DEMOS.map((d, i) => {
        const at = new Date(now.getTime() - (6 - i) * 86_400_000);
        // The counts say what the links below make (a project without hosts gets none).
        const counts: Record<string, Record<string, unknown>> = {
          nas1: { sync_enabled: false, host_count: hosts.length ? 1 : 0 },
          disk: { host_count: hosts.length, mount_count: hosts.length ? 1 : 0 },
        };
        const spec = { ...d.spec, ...counts[d.key] };
        return {
          id: ids[d.key]!,
          kind: d.kind,
          tenant_id: place.tenant_id,
          project_id: place.project_id,
          vendor: 'openstack',
          region_id: place.region_id,
          az_id: place.az_id,
          name: d.name,
          status: d.key === 'disk' && !hosts.length ? 'available' : d.status,
          locked: false,
          spec: JSON.stringify({ ...spec, charging_code: 'quantity', billing: 'active' }),
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
  const link = (from: string, to: string, relation: string) => ({ id: newId(), tenant_id: place.tenant_id, from_id: from, to_id: to, relation });
  const [h1, h2] = hosts.map((h) => h.id);
  const links = [
    ...(h1 ? [link(ids.nas1!, h1, 'nas_authorized'), link(ids.disk!, h1, 'shared_authorized'), link(ids.disk!, h1, 'shared_mounted_on')] : []),
    ...(h2 ? [link(ids.disk!, h2, 'shared_authorized')] : []),
  ];
  if (links.length) await db.insertInto('links').values(links).execute();
  return DEMOS.length;
}
