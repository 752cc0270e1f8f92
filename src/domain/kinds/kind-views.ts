// What a kind gets from being in a registry, as pure functions over the registry (ADR 0009): its
// API routes, the console pages that show it, its menu entry, its list (columns, filters), its
// detail (fields, tabs of sub-resources) and its row actions. Server and web call these instead
// of keeping their own per-kind tables, so a new kind is its folder plus its locale keys.
import {
  availableActions,
  kindEntity,
  REMOVED,
  statusesOf,
  type ActionDef,
  type ColumnDef,
  type FieldDef,
  type FilterDef,
  type KindDefinition,
} from './kind.ts';
import type { StepUpRule } from '../step-up.ts';
import type { MenuGroupDef } from '../navigation/menu-groups.ts';

export type ApiRouteId = 'list' | 'get' | 'create' | 'update' | 'replace' | 'delete' | 'act' | 'batch' | 'metrics';
export interface ApiRoute {
  id: ApiRouteId;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** what the access guard checks (`action:entity`, any of a list): from the kind's actions for /actions */
  permission: string | readonly string[];
  /** a fresh step-up proof before the route runs (ADR 0029): deletes always, the action routes for destructive actions */
  stepUp?: StepUpRule;
}

/** Destructive actions (ADR 0029): `delete` (to the recycle bin or gone) and any action whose end is the row removed (`destroy`). */
export function isDestructiveAction(action: Pick<ActionDef, 'id' | 'final'>): boolean {
  return action.id === 'delete' || action.final === REMOVED;
}

/** The HTTP routes the engine serves for a kind at /api/{collection} (routes/kinds.routes.ts registers exactly these). */
export function kindApiRoutes(def: Pick<KindDefinition, 'collection' | 'entity'> & { actions?: KindDefinition['actions'] }): ApiRoute[] {
  const base = `/api/${def.collection}`;
  // Every route names the kind's entity: 'resource', or its own (cloud accounts: `cloud_account`).
  const e = kindEntity(def);
  // An action route runs the kind's actions: any of their permissions lets the caller through (the
  // action itself is checked again by name).
  const acts = [...new Set(Object.values(def.actions ?? {}).map((a) => `${a.permission}:${e}`))];
  const act = acts.length ? acts : [`operate:${e}`];
  // `delete` is always destructive, also named in a body of the action routes (POST …/actions {action: 'delete'}).
  const destructive: StepUpRule = {
    actions: [
      ...new Set([
        'delete',
        ...Object.values(def.actions ?? {})
          .filter(isDestructiveAction)
          .map((a) => a.id),
      ]),
    ],
  };
  return [
    { id: 'list', method: 'GET', url: base, permission: `read:${e}` },
    { id: 'get', method: 'GET', url: `${base}/:id`, permission: `read:${e}` },
    { id: 'create', method: 'POST', url: base, permission: `create:${e}` },
    { id: 'update', method: 'PATCH', url: `${base}/:id`, permission: `update:${e}` },
    { id: 'replace', method: 'PUT', url: `${base}/:id`, permission: `update:${e}` },
    { id: 'delete', method: 'DELETE', url: `${base}/:id`, permission: `delete:${e}`, stepUp: true },
    { id: 'act', method: 'POST', url: `${base}/:id/actions`, permission: act, stepUp: destructive },
    { id: 'batch', method: 'POST', url: `${base}/actions`, permission: act, stepUp: destructive },
    { id: 'metrics', method: 'GET', url: `${base}/:id/metrics`, permission: `read:${e}` },
  ];
}

/** Route names (routes.json) that show a kind: list, detail, buy, then the others it declares. */
export function kindRouteNames(def: Pick<KindDefinition, 'routes'>): string[] {
  const r = def.routes;
  return [r.list, ...(r.detail ? [r.detail] : []), ...(r.buy ? [r.buy] : []), ...(r.others ?? [])];
}

/** Route name → the kind shown there (the first kind that claims a name keeps it). */
export function kindPageIndex(kinds: readonly Pick<KindDefinition, 'kind' | 'routes'>[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const def of kinds) for (const name of kindRouteNames(def)) if (!index.has(name)) index.set(name, def.kind);
  return index;
}

/**
 * The console menu with the kinds' entries: a kind that declares `menu` gets an entry in its group
 * pointing at its list route's path (`pathOf`), unless the group lists that code already.
 */
export function kindMenuGroups(
  base: readonly MenuGroupDef[],
  kinds: readonly KindDefinition[],
  pathOf: (routeName: string) => string | undefined,
): MenuGroupDef[] {
  return base.map((g) => {
    const added = kinds
      .filter((k) => k.menu?.group === g.code && !g.items.some((i) => i.code === k.menu!.code))
      .flatMap((k) => {
        const url = pathOf(k.routes.list);
        return url ? [{ code: k.menu!.code, menuUrl: url, icon: k.menu!.icon, list: `GET /api/${k.collection}` }] : [];
      });
    return added.length ? { ...g, items: [...g.items, ...added] } : g;
  });
}

/** A list screen: the columns (with their field definitions), shown ones first, and the filters. */
export function kindListView(def: KindDefinition): {
  columns: (ColumnDef & { def: FieldDef | undefined })[];
  filters: readonly FilterDef[];
  statuses: string[];
} {
  const fields = new Map(def.fields.map((f) => [f.key, f]));
  return { columns: def.columns.map((c) => ({ ...c, def: fields.get(c.field) })), filters: def.filters, statuses: statusesOf(def) };
}

export interface DetailTabDef {
  key: string;
  /** the sub-resource kind listed in this tab */ kind?: string;
}

/**
 * A detail screen: its fields and tabs — the overview, then one tab per sub-resource (a relation
 * in which many resources of another kind point at this one: a VPC's subnets, a gateway's rules).
 */
export function kindDetailView(def: KindDefinition): { fields: readonly FieldDef[]; tabs: DetailTabDef[] } {
  const subs = def.relations.filter((r) => r.direction === 'in' && r.many).map((r) => ({ key: r.relation, kind: r.kind }));
  return { fields: def.fields, tabs: [{ key: 'overview' }, ...subs] };
}

/** The ids of the actions a row offers (row menu, batch menu: `batch` true). */
export function kindRowActions(def: KindDefinition, row: { status: string; locked: boolean; spec?: Record<string, unknown> }, batch = false): string[] {
  return availableActions(def, row)
    .filter((a) => !batch || a.batch)
    .map((a) => a.id);
}
