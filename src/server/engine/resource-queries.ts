// The resource engine's reads: list, export rows, get, and the scoped lookup every write starts with.
import { sql } from 'kysely';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { splitMulti } from '../../domain/list-query.ts';
import { kindEntity, type KindDefinition } from '../../domain/kinds/kind.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { runList } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST, type ResourceScope, scopedResources } from './resources.repository.ts';
import { type ResourceRow, relationsOf } from './engine.repository.ts';
import { type EngineDeps, present } from './resource-engine-deps.ts';

/**
 * A kind's ref fields (other than region and zone) named in the same statement: `ref_names` maps each
 * field to the referenced resource's name, within the row's tenant (null when the target is gone), so
 * no screen shows a 32-character id where people know a name.
 */
export function refNames(def: KindDefinition) {
  const refs = def.fields.filter((f) => f.type === 'ref' && f.ref !== 'region' && f.ref !== 'az' && f.source === 'spec');
  if (!refs.length) return [];
  const parts = refs.map(
    (f) =>
      sql`${f.key}::text, (select target.name from resources target where target.id = (resources.spec->>${f.key})::char(32) and target.tenant_id = resources.tenant_id)`,
  );
  return [sql<Record<string, string | null>>`jsonb_build_object(${sql.join(parts)})`.as('ref_names')];
}

/** The columns a kind's reads select: the row and its ref names. */
const columnsOf = (def: KindDefinition) => [...RESOURCE_COLUMNS, ...refNames(def)];

export const LIST_SPEC = {
  ...RESOURCE_LIST,
  sortable: { ...RESOURCE_LIST.sortable, vendor: 'resources.vendor' },
  filters: { ...RESOURCE_LIST.filters, tenant_id: 'resources.tenant_id' },
};

export function scopedBase(deps: EngineDeps, scope: ResourceScope, def: KindDefinition, query: Record<string, unknown>, recycleBin = false) {
  let qb = scopedResources(deps.db, scope, def.kind);
  if (recycleBin) qb = qb.where('resources.status', '=', 'deleted');
  else if (def.recycle && query.status === undefined) qb = qb.where('resources.status', '!=', 'deleted');
  for (const f of def.filters) {
    if (f.source !== 'spec') continue;
    const values = splitMulti(query[f.param]);
    if (values.length) qb = qb.where(sql<string>`resources.spec->>${f.key}`, 'in', values);
  }
  return qb;
}

/** The name search of a kind that also matches addresses (KindDefinition.search); the query without `name`. */
function searched<Q extends ReturnType<typeof scopedBase>>(
  deps: EngineDeps,
  qb: Q,
  def: KindDefinition,
  query: Record<string, unknown>,
): [Q, Record<string, unknown>] {
  const term = query.name;
  if (!def.search || typeof term !== 'string' || !term.trim()) return [qb, query];
  const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { spec, boundEip } = def.search;
  const narrowed = qb.where((eb) =>
    eb.or([
      eb(sql.ref('resources.name'), 'ilike', like),
      eb(sql.ref('resources.id'), 'ilike', like),
      ...spec.map((k) => eb(sql<string>`resources.spec->>${k}`, 'ilike', like)),
      ...(boundEip
        ? [
            eb.exists(
              deps.db
                .selectFrom('links')
                .innerJoin('resources as bound', 'bound.id', 'links.from_id')
                .select('links.id')
                .where('links.to_id', '=', sql.ref<string>('resources.id'))
                .where('links.relation', '=', 'bound_to')
                .where(sql<string>`bound.spec->>'address'`, 'ilike', like),
            ),
          ]
        : []),
    ]),
  ) as Q;
  const { name: _name, ...rest } = query;
  return [narrowed, rest];
}

export async function list(deps: EngineDeps, scope: Scope, def: KindDefinition, query: Record<string, unknown>, recycleBin = false) {
  requirePermission(scopeCan(scope, 'read', kindEntity(def)));
  const [qb, rest] = searched(deps, scopedBase(deps, scope, def, query, recycleBin), def, query);
  return runList(
    qb,
    (q) => q.select(columnsOf(def)),
    rest,
    LIST_SPEC,
    (r) => present(r as ResourceRow),
  );
}

/** Rows for an export: same filters as the list, up to `limit` rows. */
export async function exportRows(deps: EngineDeps, scope: ResourceScope, def: KindDefinition, query: Record<string, unknown>, limit: number) {
  const [qb, rest] = searched(deps, scopedBase(deps, scope, def, query), def, query);
  const page = await runList(
    qb,
    (q) => q.select(columnsOf(def)),
    { ...rest, __limit: Math.min(limit, 1000), __cursor: '' },
    LIST_SPEC,
    (r) => present(r as ResourceRow),
  );
  const rows = [...page.data];
  let cursor = 'next_cursor' in page ? page.next_cursor : null;
  while (cursor && rows.length < limit) {
    const [nextQb] = searched(deps, scopedBase(deps, scope, def, query), def, query);
    const next = await runList(
      nextQb,
      (q) => q.select(columnsOf(def)),
      { ...rest, __limit: Math.min(limit - rows.length, 1000), __cursor: cursor },
      LIST_SPEC,
      (r) => present(r as ResourceRow),
    );
    rows.push(...next.data);
    cursor = 'next_cursor' in next ? next.next_cursor : null;
  }
  return rows;
}

export async function findOr404(
  deps: EngineDeps,
  scope: ResourceScope,
  def: KindDefinition | null,
  id: string,
  columns: ReturnType<typeof columnsOf> = [...RESOURCE_COLUMNS],
): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const qb = scopedResources(deps.db, scope, def?.kind).select(columns).where('resources.id', '=', id);
  const row = await qb.executeTakeFirst();
  if (!row) throw notFound();
  return row as ResourceRow;
}

export async function get(deps: EngineDeps, scope: Scope, def: KindDefinition, id: string) {
  requirePermission(scopeCan(scope, 'read', kindEntity(def)));
  const row = await findOr404(deps, scope, def, id, columnsOf(def));
  const relations = await relationsOf(deps.db, row.id);
  return { ...present(row), relations };
}
