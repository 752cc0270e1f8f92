// The organisation tree (standardTreeManage): administrative organisation → tenants → projects.
// Every node is shown; greyed ones are invalid (disabled), hold no project, or are out of the
// caller's reach (seed 001 §6). A tenant out of reach shows as a greyed node without its name, id or
// projects (tenant isolation, isolation.test.ts).
import { greyOf, type TreeNode } from '../../domain/org.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { accessOf, canSeeProject, type Access } from '../platform/auth/tenancy.repository.ts';
import { treeRows, type TreeRows } from './org.repository.ts';
import type { OrgDeps } from './org.service.ts';

type Tenant = TreeRows['tenants'][number];
type Unit = TreeRows['units'][number];

/** Builds the tree's nodes from its rows, as `access` sees them. */
function treeBuilder(rows: TreeRows, access: Access) {
  const { units, links, tenants, projects } = rows;
  let hidden = 0;
  const tenantNode = (t: Tenant): TreeNode => {
    const seeTenant = access.allTenants || access.wholeTenants.has(t.id) || access.projects.has(t.id);
    const own = projects.filter((p) => p.tenant_id === t.id);
    const children: TreeNode[] = seeTenant
      ? own.map((p) => ({
          id: p.id,
          type: 'project',
          name: p.name_zh || p.name,
          grey: greyOf({ enabled: p.enabled && t.enabled, hasProject: true, allowed: canSeeProject(access, t.id, p.id) }),
          children: [],
        }))
      : [];
    const grey = greyOf({ enabled: t.enabled, hasProject: own.length > 0, allowed: seeTenant });
    // A tenant out of reach is a greyed place in the tree: neither its name nor its id is told.
    if (!seeTenant) return { id: `hidden-${++hidden}`, type: 'tenant', name: null, grey, children };
    return { id: t.id, type: 'tenant', name: t.name, grey, children };
  };
  const unitNode = (u: Unit): TreeNode => {
    const children = [
      ...units.filter((c) => c.parent_id === u.id).map(unitNode),
      ...links
        .filter((l) => l.unit_id === u.id)
        .map((l) => tenants.find((t) => t.id === l.tenant_id))
        .filter((t) => t !== undefined)
        .map(tenantNode),
    ];
    const hasProject = (n: TreeNode): boolean => n.type === 'project' || n.children.some(hasProject) || (n.type === 'tenant' && n.grey !== 'no_project');
    const allowed = (n: TreeNode): boolean => (n.type !== 'unit' && n.grey !== 'forbidden') || n.children.some(allowed);
    const node: TreeNode = { id: u.id, type: 'unit', name: u.name, grey: null, children };
    node.grey = greyOf({ enabled: u.enabled, hasProject: children.some(hasProject), allowed: children.some(allowed) });
    return node;
  };
  return { tenantNode, unitNode };
}

export async function orgTree(deps: OrgDeps, scope: Scope) {
  const rows = await treeRows(deps.db);
  const { tenantNode, unitNode } = treeBuilder(rows, accessOf(scope.user));
  const roots = rows.units.filter((u) => !u.parent_id).map(unitNode);
  const placed = new Set(rows.links.map((l) => l.tenant_id));
  const loose = rows.tenants.filter((t) => !placed.has(t.id)).map(tenantNode);
  return { data: [...roots, ...loose] };
}
