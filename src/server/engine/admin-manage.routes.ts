// The admin lists of seed 000 (ecsAdminManage, volumeAdminManage): `GET /api/v1/manage/{collection}`
// lists a kind across every tenant for the platform administrators (read:resource:any), with each
// row's tenant and project names and its tags, so the admin tag editor can name the row's own
// tenant_id/project_id. Tenant roles are refused (403): their lists stay scoped by the headers.
// Filters: tenant_id, project_id and the shared resource filters (status, provider, name, …).
import type { FastifyInstance } from 'fastify';
import { KINDS } from '../../domain/kinds/registry.ts';
import type { KindDefinition } from '../../domain/kinds/kind.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission, requireUser } from '../platform/auth/auth-user.ts';
import { runList } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST } from './resources.repository.ts';
import { present } from './resource.service.ts';
import type { ResourceRow } from './engine.repository.ts';
import type { adminManageRepository } from './admin-manage.repository.ts';

const ADMIN_LIST = { ...RESOURCE_LIST, filters: { ...RESOURCE_LIST.filters, tenant_id: 'resources.tenant_id', project_id: 'resources.project_id' } };

/** Kinds with an admin list route (…AdminManage). */
export const adminListKinds = (kinds: readonly KindDefinition[] = KINDS) => kinds.filter((k) => k.routes.others?.some((r) => /AdminManage$/.test(r)));

/** What these routes use; the composition root (app.ts) hands it in. */
export interface AdminManageRoutesDeps {
  adminManage: ReturnType<typeof adminManageRepository>;
}

export async function adminManageRoutes(app: FastifyInstance, ctx: AdminManageRoutesDeps) {
  const repo = ctx.adminManage;
  for (const def of adminListKinds()) {
    app.get(`/api/v1/manage/${def.collection}`, async (req) => {
      const user = requireUser(req);
      requirePermission(can(user.platformRoles, 'read', 'resource', 'any'));
      const query = (req.query ?? {}) as Record<string, unknown>;
      // Recycled rows live in the recycle bin unless the status filter asks for them.
      const base = repo.allOfKind(def.kind, !def.recycle || query.status !== undefined);
      const page = await runList(
        base,
        (qb) => qb.select([...RESOURCE_COLUMNS]),
        query,
        ADMIN_LIST,
        (r) => present(r as ResourceRow),
      );
      if (!page.data.length) return page;
      const d = await repo.decorations(def.kind, page.data);
      return {
        ...page,
        data: page.data.map((r) => ({
          ...r,
          tenant_name: d.tenantName.get(r.tenant_id) ?? '',
          project_name: d.projectName.get(r.project_id) ?? '',
          tags: d.tagsOf(r.id),
        })),
      };
    });
  }
}
