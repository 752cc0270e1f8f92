// The service catalogue's SQL: classifies and products, in their display order.
import type { Db } from '../platform/db/database.ts';
import type { LocalText } from '../platform/db/tables.ts';

export type ProductRow = {
  id: string;
  name: LocalText;
  summary: LocalText;
  highlights: LocalText[];
  link: string | null;
  is_inner: boolean;
  is_static_html: boolean;
  console_route: string | null;
  buy_route: string | null;
};
const PRODUCT_COLUMNS = ['id', 'name', 'summary', 'highlights', 'link', 'is_inner', 'is_static_html', 'console_route', 'buy_route'] as const;

export async function classifiesInOrder(db: Db) {
  return db.selectFrom('catalog_classifies').selectAll().orderBy('area').orderBy('sort').orderBy('id').execute();
}

export async function productsInOrder(db: Db) {
  return db
    .selectFrom('catalog_products')
    .select([...PRODUCT_COLUMNS, 'classify_id'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function productById(db: Db, id: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('catalog_products')
    .select([...PRODUCT_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}
