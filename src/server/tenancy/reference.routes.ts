import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { splitMulti } from '../../domain/list-query.ts';
import { placeName } from '../../domain/place-names.ts';
import { persistentFieldsSchema } from '../../domain/schemas/reference.schema.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import { accessOf, canSeeTenant } from '../platform/auth/tenancy.repository.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { ReferenceRepository } from './reference.repository.ts';

const VENDOR_LIST: ListSpec = {
  sortable: { order_value: 'vendors.order_value', name_en: 'vendors.name_en' },
  filters: { id: 'vendors.id', cloud_type: 'vendors.cloud_type' },
  defaultOrder: 'order_value',
  idColumn: 'vendors.id',
};
const REGION_LIST: ListSpec = {
  sortable: { sort_value: 'regions.sort_value', name: 'regions.name', created_date: 'regions.created_date' },
  filters: { id: 'regions.id', public_cloud_provider: 'regions.public_cloud_provider' },
  defaultOrder: 'sort_value',
  idColumn: 'regions.id',
  search: { param: 'name', columns: ['regions.name', 'regions.name_en'] },
};
const AZ_LIST: ListSpec = {
  sortable: { sort_value: 'azs.sort_value', name: 'azs.name', created_date: 'azs.created_date' },
  filters: {
    id: 'azs.id',
    region_id: 'azs.region_id',
    'region.public_cloud_provider': 'regions.public_cloud_provider',
    az_type: 'azs.az_type',
    ip_version: 'azs.ip_version',
  },
  booleanFilters: { enabled: 'azs.enabled' },
  defaultOrder: 'sort_value',
  idColumn: 'azs.id',
};
const PKG_LIST: ListSpec = {
  sortable: { name: 'charging_pkgs.name', code: 'charging_pkgs.code', created_at: 'charging_pkgs.created_at' },
  filters: { product_code: 'charging_pkgs.product_code', code: 'charging_pkgs.code' },
  booleanFilters: { enabled: 'charging_pkgs.enabled' },
  defaultOrder: 'code',
  idColumn: 'charging_pkgs.id',
};

const AZ_COLUMNS = [
  'azs.id',
  'azs.name',
  'azs.name_en',
  'azs.sort_value',
  'azs.az_type',
  'azs.ip_version',
  'azs.enabled',
  'azs.region_id',
  'azs.created_date',
  'regions.name as region_name',
  'regions.public_cloud_provider',
] as const;
const azRowIn = (lang: string) => (r: Record<string, unknown>) => {
  const { region_name, public_cloud_provider, ...az } = r;
  return { ...az, name: placeName(az.name as string, lang), region: { id: r.region_id, name: placeName(region_name as string, lang), public_cloud_provider } };
};

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ReferenceRoutesDeps {
  reference: ReferenceRepository;
  tenancy: TenancyRepository;
}

export async function referenceRoutes(app: FastifyInstance, ctx: ReferenceRoutesDeps) {
  app.get('/api/vendors', async (req) => {
    requireUser(req);
    return runList(
      ctx.reference.vendorsQuery(),
      (qb) => qb.select(['id', 'name_cn', 'name_en', 'cloud_type', 'order_value', 'is_deleted']),
      { __limit: 100, ...(req.query as object) },
      VENDOR_LIST,
    );
  });

  app.get('/api/regions', async (req) => {
    requireUser(req);
    const q = req.query as Record<string, unknown>;
    const base = ctx.reference.regionsQuery(typeof q.product_code === 'string' ? q.product_code : undefined);
    const page = await runList(
      base,
      (qb) => qb.select(['regions.id', 'regions.name', 'regions.name_en', 'regions.public_cloud_provider', 'regions.sort_value', 'regions.created_date']),
      { __limit: 100, ...q },
      REGION_LIST,
    );
    const zones = await ctx.reference.zonesOfRegions(page.data.map((r) => (r as { id: string }).id));
    return {
      ...page,
      data: page.data.map((r) => ({
        ...(r as object),
        name: placeName((r as { name: string }).name, req.lang),
        region_id: (r as { id: string }).id,
        region_az: zones.filter((z) => z.region_id === (r as { id: string }).id).map((z) => ({ id: z.id, name: placeName(z.name, req.lang) })),
      })),
    };
  });

  app.get('/api/azs', async (req) => {
    requireUser(req);
    return runList(ctx.reference.azsQuery(), (qb) => qb.select([...AZ_COLUMNS]), { __limit: 100, ...(req.query as object) }, AZ_LIST, azRowIn(req.lang));
  });

  // Zones open for a product (the purchase wizards' zone picker).
  app.get('/api/v1/azs', async (req) => {
    requireUser(req);
    const q = req.query as Record<string, unknown>;
    const base = ctx.reference.azsQuery(splitMulti(q.product_code));
    return runList(base, (qb) => qb.select([...AZ_COLUMNS]), { __limit: 100, ...q }, AZ_LIST, azRowIn(req.lang));
  });

  app.get('/api/tenants/:id/synchronizedazs', async (req) => {
    const user = requireUser(req);
    const { id } = req.params as { id: string };
    if (!isId(id) || !canSeeTenant(accessOf(user), id) || !(await ctx.tenancy.tenantById(id))) throw notFound();
    const q = req.query as Record<string, unknown>;
    const rows = await ctx.reference.synchronizedAzs(id, typeof q.product_code === 'string' ? q.product_code : undefined);
    const data = rows.map(({ region_id, region_name, public_cloud_provider, ...az }) => ({
      ...az,
      name: placeName(az.name, req.lang),
      region: { id: region_id, name: placeName(region_name, req.lang), public_cloud_provider },
    }));
    return { count: data.length, data };
  });

  app.get('/api/charging-pkgs', async (req) => {
    const user = requireUser(req);
    const q = req.query as Record<string, unknown>;
    const tenantIds = splitMulti(q.tenant_id);
    const access = accessOf(user);
    for (const tid of tenantIds) if (!isId(tid) || !canSeeTenant(access, tid)) throw notFound();
    // Platform packages (tenant_id null) plus the asked tenants' own.
    const base = ctx.reference
      .chargingPkgsQuery()
      .where((eb) => eb.or([eb('charging_pkgs.tenant_id', 'is', null), ...(tenantIds.length ? [eb('charging_pkgs.tenant_id', 'in', tenantIds)] : [])]));
    return runList(
      base,
      (qb) => qb.select(['id', 'name', 'code', 'product_code', 'tenant_id', 'enabled', 'unit_price_fen', 'measurement_display']),
      { __limit: 100, ...q },
      PKG_LIST,
    );
  });

  app.get('/api/persistent_fields', async (req) => {
    const user = requireUser(req);
    const route = String((req.query as Record<string, unknown>).route ?? '');
    const { route: r } = persistentFieldsSchema.pick({ route: true }).parse({ route });
    const row = await ctx.reference.persistentFields(user.id, r);
    return row ? { route: row.route, fields_item: row.fields_item } : { route: r, fields_item: null };
  });

  app.post('/api/v1/persistent_fields', async (req) => {
    const user = requireUser(req);
    const input = persistentFieldsSchema.parse(req.body ?? {});
    await ctx.reference.savePersistentFields(user.id, input.route, input.fields_item);
    return { route: input.route, fields_item: input.fields_item };
  });
}
