// Demo snapshot chains and a consistency group (ADR 0064): in tenant_admin's first project, two cloud
// disks of one zone — an unmounted one and a mounted one when the project has both — get a few
// snapshots each (their chains), and a consistency group of the two has taken one consistency
// snapshot (one snapshot of each disk, on both chains). The unmounted disk can be rolled back; the
// mounted one shows the refusal in words.
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { firstPlace } from './cache-doc-instances.seed.ts';

const DAY = 86_400_000;

type Disk = { id: string; name: string; vendor: string; region_id: string | null; az_id: string | null; spec: Record<string, unknown> };

async function disks(db: Db, projectId: string): Promise<Disk[]> {
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'name', 'status', 'vendor', 'region_id', 'az_id', 'spec'])
    .where('project_id', '=', projectId)
    .where('kind', '=', 'volume')
    .where('status', 'in', ['unmounted', 'mounted'])
    .orderBy('name')
    .execute();
  const parsed = rows.map((r) => ({ ...r, spec: (typeof r.spec === 'string' ? JSON.parse(r.spec) : r.spec) as Record<string, unknown> }));
  const free = parsed.find((r) => r.status === 'unmounted');
  const mounted = parsed.find((r) => r.status === 'mounted' && (!free || r.az_id === free.az_id));
  return [free, mounted].filter((d): d is (typeof parsed)[number] => !!d);
}

export async function seedVolumeSnapshots(db: Db, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  const pair = await disks(db, place.project_id);
  if (!pair.length) return 0;
  const base = (d: Disk, name: string, days: number, spec: Record<string, unknown> = {}) => {
    const at = new Date(now.getTime() - days * DAY);
    return {
      id: newId(),
      kind: 'snapshot',
      tenant_id: place.tenant_id,
      project_id: place.project_id,
      vendor: d.vendor,
      region_id: d.region_id,
      az_id: d.az_id,
      name,
      status: 'available',
      locked: false,
      spec: JSON.stringify({ volume_id: d.id, volume_name: d.name, size: d.spec.size ?? null, ...spec }),
      created_at: at,
      updated_at: at,
    };
  };
  const point = 'demo-consistent-0601';
  // every demo resource is named demo-… (the disks' names mostly are already)
  const demo = (name: string) => (name.startsWith('demo-') ? name : `demo-${name}`);
  const own = pair.flatMap((d) => [base(d, `${demo(d.name)}-weekly-1`, 9), base(d, `${demo(d.name)}-weekly-2`, 2)]);
  const grouped = pair.length > 1 ? pair.map((d) => base(d, `${point}-${d.name.replace(/^demo-/, '')}`.slice(0, 60), 1, { group_point: point })) : [];
  const snaps = [...own, ...grouped];
  await db.insertInto('resources').values(snaps).execute();
  await db
    .insertInto('links')
    .values(
      snaps.map((s) => ({ id: newId(), tenant_id: place.tenant_id, from_id: s.id, to_id: JSON.parse(s.spec).volume_id as string, relation: 'snapshot_of' })),
    )
    .execute();
  if (grouped.length) {
    const at = new Date(now.getTime() - 3 * DAY);
    const pointAt = grouped[0]!.created_at.toISOString();
    const first = pair[0]!;
    await db
      .insertInto('resources')
      .values({
        id: newId(),
        kind: 'snapshot_group',
        tenant_id: place.tenant_id,
        project_id: place.project_id,
        vendor: first.vendor,
        region_id: first.region_id,
        az_id: first.az_id,
        name: 'demo-app-consistency',
        status: 'available',
        locked: false,
        spec: JSON.stringify({
          volume_id: first.id,
          volume_ids: pair.map((d) => d.id),
          volume_names: pair.map((d) => d.name).join('、'),
          volume_count: pair.length,
          points: [{ name: point, at: pointAt, snapshot_ids: grouped.map((s) => s.id) }],
          point_count: 1,
          last_point_name: point,
          last_point_at: pointAt,
          description: '应用数据盘与日志盘一起做快照',
        }),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return snaps.length;
}
