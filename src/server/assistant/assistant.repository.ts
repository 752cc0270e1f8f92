// The assistant's SQL: what it reads to build its search index — the portal's articles (help
// centre, manuals, announcements, news, scenario journeys) and the product catalogue. Public
// content only; nothing tenant-scoped is indexed (the tools read that through the slices' services).
import type { Db } from '../platform/db/database.ts';

/** Every article, newest first (a few hundred rows at most: the portal's own content). */
export async function articleRows(db: Db) {
  return db
    .selectFrom('portal_articles')
    .select(['id', 'kind', 'category', 'title', 'summary', 'body', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(2000)
    .execute();
}

/** Every catalogue product with its classify's name. */
export async function productRows(db: Db) {
  return db
    .selectFrom('catalog_products')
    .innerJoin('catalog_classifies', 'catalog_classifies.id', 'catalog_products.classify_id')
    .select([
      'catalog_products.id as id',
      'catalog_products.name as name',
      'catalog_products.summary as summary',
      'catalog_products.highlights as highlights',
      'catalog_classifies.name as classify',
    ])
    .orderBy('catalog_products.sort')
    .orderBy('catalog_products.id')
    .limit(2000)
    .execute();
}

/** A stamp of the indexed content: the index is rebuilt when it changes. */
export async function contentStamp(db: Db): Promise<string> {
  const a = await db
    .selectFrom('portal_articles')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('published_at').as('latest')])
    .executeTakeFirstOrThrow();
  const p = await db
    .selectFrom('catalog_products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return `${a.n}|${a.latest ? new Date(a.latest as Date | string).getTime() : 0}|${p.n}`;
}
