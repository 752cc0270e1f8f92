// Unit prices from charging packages: a tenant's own package wins over the platform's.
import type { Db } from '../platform/db/database.ts';

export async function unitPrices(db: Db, tenantId: string | null, productCodes: string[]) {
  if (!productCodes.length) return [];
  const rows = await db
    .selectFrom('charging_pkgs')
    .select(['product_code', 'code', 'name', 'unit_price_fen', 'measurement_display', 'tenant_id'])
    .where('product_code', 'in', productCodes)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('tenant_id', 'is', null), ...(tenantId ? [eb('tenant_id', '=', tenantId)] : [])]))
    .execute();
  const best = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = `${r.product_code}:${r.code}`;
    const have = best.get(key);
    if (!have || (have.tenant_id === null && r.tenant_id !== null)) best.set(key, r);
  }
  return [...best.values()];
}

/** Product codes among `productCodes` that have any charging package at all (enabled or not, any tenant). */
export async function packagedProductCodes(db: Db, productCodes: string[]): Promise<Set<string>> {
  if (!productCodes.length) return new Set();
  const rows = await db.selectFrom('charging_pkgs').select('product_code').distinct().where('product_code', 'in', productCodes).execute();
  return new Set(rows.map((r) => r.product_code));
}
