import { PERSONAL_BUSINESS_TYPE } from '../../domain/signup.ts';
import { businessTypeList } from '../../domain/tenant-industry.ts';
import type { FastifyInstance } from 'fastify';
import { MENU_GROUPS } from '../../domain/navigation/menu-groups.ts';
import { holding, menusFor } from '../../domain/navigation/menus.ts';
import { KINDS } from '../../domain/kinds/registry.ts';
import { kindMenuGroups } from '../../domain/kinds/kind-views.ts';
import { ROUTE_TABLE } from '../../domain/navigation/route-table.ts';
import type { Role } from '../../domain/roles.ts';
import { declaredRoutes, requestPermissions } from '../access/guard.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import { accessOf, rolesIn } from '../platform/auth/tenancy.repository.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { pagingSchema, splitMulti } from '../../domain/list-query.ts';
import { t } from '../platform/lib/i18n.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** Territories are few and read whole by the shell: 1000 unless asked (the shared paging rule). */
const TERRITORY_PAGING = pagingSchema({ defaultLimit: 1000, maxLimit: 1000 });

const TENANT_LIST: ListSpec = {
  sortable: { name: 'tenants.name', created_at: 'tenants.created_at' },
  filters: { id: 'tenants.id', business_type: 'tenants.business_type' },
  booleanFilters: { enabled: 'tenants.enabled' },
  defaultOrder: 'name',
  idColumn: 'tenants.id',
  search: { param: 'name', columns: ['tenants.name', 'tenants.chinese_name_abbreviation'] },
};

const PROJECT_LIST: ListSpec = {
  sortable: { name: 'projects.name', created_at: 'projects.created_at' },
  filters: { tenant_id: 'projects.tenant_id', id: 'projects.id', template_flag: 'projects.template_flag' },
  booleanFilters: { enabled: 'projects.enabled' },
  defaultOrder: 'name',
  idColumn: 'projects.id',
  search: { param: 'name', columns: ['projects.name', 'projects.name_zh'] },
};

/** What these routes use; the composition root (app.ts) hands it in. */
export interface TenancyRoutesDeps {
  tenancy: TenancyRepository;
}

export async function tenancyRoutes(app: FastifyInstance, ctx: TenancyRoutesDeps) {
  app.get('/api/tenants', async (req) => {
    const access = accessOf(requireUser(req));
    return runList(
      ctx.tenancy.tenantsQuery(access),
      (qb) => qb.select(['tenants.id', 'tenants.name', 'tenants.chinese_name_abbreviation', 'tenants.business_type', 'tenants.enabled', 'tenants.created_at']),
      req.query,
      TENANT_LIST,
    );
  });

  // The platform's business types and what each one's industry asks (domain/tenant-industry.ts).
  app.get('/api/v1/tenants/business_types', { config: { permission: 'self' } }, async (req) => {
    requireUser(req);
    return businessTypeList();
  });

  app.get('/api/projects', async (req) => {
    const access = accessOf(requireUser(req));
    return runList(
      ctx.tenancy.projectsQuery(access),
      (qb) =>
        qb.select([
          'projects.id',
          'projects.name',
          'projects.name_zh',
          'projects.tenant_id',
          'tenants.name as tenant_name',
          'projects.enabled',
          'projects.template_flag',
          'projects.created_at',
        ]),
      req.query,
      PROJECT_LIST,
    );
  });

  // Territories: the tenants the caller can work in, each with the projects it can see.
  app.get('/api/v1/auth/territories', async (req) => {
    const user = requireUser(req);
    const access = accessOf(user);
    const q = req.query as Record<string, unknown>;
    let qb = ctx.tenancy
      .projectsQuery(access)
      .select([
        'tenants.id as tenant_id',
        'tenants.name as tenant_name',
        'tenants.chinese_name_abbreviation',
        'tenants.business_type',
        'projects.id as project_id',
        'projects.name as project_name',
        'projects.name_zh as project_name_zh',
      ])
      // internet users' personal spaces after the organisations' tenants: the shell starts in the first one
      .orderBy((eb) => eb('tenants.business_type', '=', PERSONAL_BUSINESS_TYPE))
      .orderBy('tenants.name')
      .orderBy('projects.name');
    if (q.enabled === 'true') qb = qb.where('tenants.enabled', '=', true).where('projects.enabled', '=', true);
    const tenantIds = splitMulti(q.tenant_id);
    if (tenantIds.length) qb = qb.where('tenants.id', 'in', tenantIds);
    const rows = await qb.execute();
    const byTenant = new Map<
      string,
      {
        tenant_id: string;
        tenant_name: string;
        chinese_name_abbreviation: string | null;
        business_type: string;
        roles: Role[];
        projects: { project_id: string; project_name: string; project_name_zh: string }[];
      }
    >();
    for (const r of rows) {
      let entry = byTenant.get(r.tenant_id);
      if (!entry) {
        entry = {
          tenant_id: r.tenant_id,
          tenant_name: r.tenant_name,
          chinese_name_abbreviation: r.chinese_name_abbreviation,
          business_type: r.business_type,
          roles: rolesIn(user, r.tenant_id, null),
          projects: [],
        };
        byTenant.set(r.tenant_id, entry);
      }
      entry.projects.push({ project_id: r.project_id, project_name: r.project_name, project_name_zh: r.project_name_zh });
    }
    const data = [...byTenant.values()];
    const page = TERRITORY_PAGING.parse(q);
    return { count: data.length, data: data.slice(page.__offset, page.__offset + page.__limit) };
  });

  // The console menu with the kinds' own entries (a kind that declares `menu` needs no line here).
  const paths = new Map(ROUTE_TABLE.map((r) => [r.name, r.path]));
  const CONSOLE_MENU = kindMenuGroups(MENU_GROUPS, KINDS, (name) => paths.get(name));

  // Menus the caller's permissions allow (roles and granted policies, as the guard reads them): an entry
  // needs what the guard checks on its page's list call, read from the routes' declarations.
  app.get('/api/v1/menus', async (req) => {
    const user = requireUser(req);
    const roles = [...new Set(user.memberships.map((m) => m.role))];
    const declared = declaredRoutes(app);
    const has = holding(requestPermissions(req, user));
    const groups = menusFor(CONSOLE_MENU, (key) => declared.get(key), has).map((g) => ({
      code: g.code,
      icon: g.icon,
      name: t(req.lang, `menus:${g.code}.title`),
      menus: g.menus.map((m) => ({ ...m, name: t(req.lang, `menus:${g.code}.${m.code}`) })),
    }));
    return { count: groups.length, data: groups, roles };
  });
}
