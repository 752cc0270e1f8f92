// Vendors, regions, zones, charging packages and per-user column preferences.
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

export function referenceRepository(db: Db) {
  return {
    vendorsQuery: () => db.selectFrom('vendors').where('vendors.is_deleted', '=', false),
    /** Regions; with a product code, only those with a zone open for it. */
    regionsQuery(productCode?: string) {
      const qb = db.selectFrom('regions');
      if (!productCode) return qb;
      return qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('azs')
            .select('azs.id')
            .whereRef('azs.region_id', '=', 'regions.id')
            .where(sql<boolean>`azs.product_codes ? ${productCode}`),
        ),
      );
    },
    async zonesOfRegions(regionIds: string[]) {
      if (!regionIds.length) return [];
      return db.selectFrom('azs').select(['id', 'name', 'region_id', 'sort_value']).where('region_id', 'in', regionIds).orderBy('sort_value').execute();
    },
    /** Zones with their region; with product codes, only zones open for any of them. */
    azsQuery(productCodes: string[] = []) {
      const qb = db.selectFrom('azs').innerJoin('regions', 'regions.id', 'azs.region_id');
      return productCodes.length ? qb.where(sql<boolean>`azs.product_codes ?| ${sql.val(productCodes)}::text[]`) : qb;
    },
    chargingPkgsQuery: () => db.selectFrom('charging_pkgs'),
    synchronizedAzs(tenantId: string, productCode: string | undefined) {
      let qb = db
        .selectFrom('tenant_azs')
        .innerJoin('azs', 'azs.id', 'tenant_azs.az_id')
        .innerJoin('regions', 'regions.id', 'azs.region_id')
        .select([
          'azs.id',
          'azs.name',
          'azs.name_en',
          'azs.sort_value',
          'azs.az_type',
          'azs.ip_version',
          'azs.enabled',
          'tenant_azs.product_code',
          'regions.id as region_id',
          'regions.name as region_name',
          'regions.public_cloud_provider',
        ])
        .where('tenant_azs.tenant_id', '=', tenantId);
      if (productCode) qb = qb.where('tenant_azs.product_code', '=', productCode);
      return qb.orderBy('regions.sort_value').orderBy('azs.sort_value').execute();
    },
    persistentFields(userId: string, route: string) {
      return db
        .selectFrom('persistent_fields')
        .select(['route', 'fields_item', 'updated_at'])
        .where('user_id', '=', userId)
        .where('route', '=', route)
        .executeTakeFirst();
    },
    async savePersistentFields(userId: string, route: string, fieldsItem: string) {
      await db
        .insertInto('persistent_fields')
        .values({ user_id: userId, route, fields_item: fieldsItem })
        .onConflict((oc) => oc.columns(['user_id', 'route']).doUpdateSet({ fields_item: fieldsItem, updated_at: sql`now()` }))
        .execute();
    },
  };
}
export type ReferenceRepository = ReturnType<typeof referenceRepository>;
