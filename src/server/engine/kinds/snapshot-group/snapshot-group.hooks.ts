// Consistency group (server half, ADR 0064): its disks are cloud disks of its project in its zone,
// each once, usable (mounted or unmounted); a consistency snapshot takes one snapshot of every disk
// in the same transaction (they go on each disk's snapshot chain, as a disk's own snapshot does) and
// remembers the point; a rollback goes back to the latest point only while every disk is unmounted
// (seed 001 §4 「快照回滚需先卸载云硬盘」), and only while that point's snapshots still exist.
import { conflict, notFound } from '../../../../domain/errors.ts';
import { newId } from '../../../../domain/ids.ts';
import { SNAPSHOT_GROUP_POINTS_KEPT, snapshotGroupKind } from '../../../../domain/kinds/snapshot-group/snapshot-group.kind.ts';
import { insertLinks, insertResources, lockScoped, resourcesByIds, type Exec, type NewResource, type ResourceRow } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks, type AfterActionContext } from '../hooks.ts';

const USABLE = ['unmounted', 'mounted'];
const NAME_MAX = 60;

interface Point {
  name: string;
  at: string;
  snapshot_ids: string[];
}

const memberIds = (row: ResourceRow) => (Array.isArray(row.spec.volume_ids) ? (row.spec.volume_ids as string[]) : []);
const pointsOf = (row: ResourceRow) => (Array.isArray(row.spec.points) ? (row.spec.points as Point[]) : []);

/** The group's disks as they are now, locked; a disk removed since answers 「…已不存在」. */
async function members(trx: Exec, row: ResourceRow): Promise<ResourceRow[]> {
  const ids = memberIds(row);
  const rows = (await resourcesByIds(trx, ids, true)).filter((r) => r.kind === 'volume' && r.tenant_id === row.tenant_id && r.project_id === row.project_id);
  if (rows.length !== ids.length) throw conflict('refusals.snapshot_group.volume_gone');
  return rows;
}

async function takeSnapshots(c: AfterActionContext): Promise<ResourceRow[]> {
  const point = String(c.params.snapshot_name);
  const disks = await members(c.trx, c.row);
  const at = new Date().toISOString();
  const snaps: (NewResource & { id: string })[] = disks.map((v) => ({
    id: newId(),
    kind: 'snapshot',
    tenant_id: v.tenant_id,
    project_id: v.project_id!,
    vendor: v.vendor,
    region_id: v.region_id,
    az_id: v.az_id,
    name: `${point}-${v.name}`.slice(0, NAME_MAX),
    status: 'available',
    spec: { volume_id: v.id, volume_name: v.name, size: v.spec.size ?? null, group_id: c.row.id, group_point: point },
  }));
  await insertResources(c.trx, snaps);
  await insertLinks(
    c.trx,
    snaps.map((s) => ({ tenant_id: s.tenant_id, from_id: s.id, to_id: String(s.spec.volume_id), relation: 'snapshot_of' })),
  );
  const points = [{ name: point, at, snapshot_ids: snaps.map((s) => s.id) }, ...pointsOf(c.row)].slice(0, SNAPSHOT_GROUP_POINTS_KEPT);
  await patchSpec(c.trx, c.row, { points, point_count: points.length, last_point_name: point, last_point_at: at });
  return resourcesByIds(
    c.trx,
    snaps.map((s) => s.id),
  );
}

export const snapshotGroupHooks = [
  defineHooks(snapshotGroupKind, {
    async beforeCreate(c) {
      const ids = [String(c.input.volume_id), ...((c.input.volumes as { volume_id: string }[] | undefined) ?? []).map((v) => v.volume_id)];
      const scope = { tenantId: c.tenantId, projectId: c.projectId };
      const names: string[] = [];
      for (const id of ids) {
        const v = await lockScoped(c.trx, scope, id, 'volume');
        if (!v) throw notFound();
        if (v.az_id !== c.placement.az_id) throw conflict('refusals.snapshot_group.same_az', { name: v.name });
        if (!USABLE.includes(v.status)) throw conflict('refusals.snapshot_group.volume_busy', { name: v.name });
        names.push(v.name);
      }
      delete c.spec.volumes;
      Object.assign(c.spec, { volume_ids: ids, volume_names: names.join('、'), volume_count: ids.length, point_count: 0, points: [] });
    },
    beforeAction: {
      async snapshot(c) {
        for (const v of await members(c.trx, c.row)) if (!USABLE.includes(v.status)) throw conflict('refusals.snapshot_group.volume_busy', { name: v.name });
      },
      async rollback(c) {
        const last = pointsOf(c.row)[0];
        if (!last) throw conflict('refusals.snapshot_group.no_point');
        for (const v of await members(c.trx, c.row)) {
          if (v.status === 'mounted') throw conflict('refusals.snapshot_group.rollback_needs_unmount', { name: v.name });
          if (v.status !== 'unmounted') throw conflict('refusals.snapshot_group.volume_busy', { name: v.name });
        }
        const snaps = await resourcesByIds(c.trx, last.snapshot_ids);
        if (snaps.length !== last.snapshot_ids.length || snaps.some((s) => s.status !== 'available'))
          throw conflict('refusals.snapshot_group.point_gone', { name: last.name });
      },
    },
    afterAction: { snapshot: takeSnapshots },
  }),
];
