// The portal's rows: landing pages (auto_product_details), articles, and the administrators'
// templates and custom pages.
import type { TemplateInput } from '../../domain/portal-schemas.ts';
import type { Db } from '../platform/db/database.ts';
import type { LocalText } from '../platform/db/tables.ts';

export type TemplateRow = {
  id: string;
  kind: string;
  name: string;
  html_code: string;
  css_code: string;
  js_code: string;
  data_json: Record<string, unknown>;
  published: boolean;
  updated_at: Date | string;
};
const TEMPLATE_COLUMNS = ['id', 'kind', 'name', 'html_code', 'css_code', 'js_code', 'data_json', 'published', 'updated_at'] as const;

/** A template's fields as written (its data as JSON text). */
export type TemplateValues = Omit<TemplateInput, 'data_json'> & { data_json: string };

export async function pageOf(db: Db, productId: string) {
  return db.selectFrom('portal_pages').select(['product_id', 'content']).where('product_id', '=', productId).executeTakeFirst();
}

export async function publishedTemplates(db: Db, ids: string[]) {
  return db
    .selectFrom('portal_templates')
    .select([...TEMPLATE_COLUMNS])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();
}

export async function allPages(db: Db) {
  return db.selectFrom('portal_pages').select(['product_id', 'content']).orderBy('product_id').execute();
}

export async function publishedCustomPages(db: Db) {
  return db
    .selectFrom('portal_templates')
    .select(['id', 'name', 'updated_at'])
    .where('kind', '=', 'custom_page')
    .where('published', '=', true)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

export interface ArticleSummaryRow {
  id: string;
  kind: string;
  category: LocalText;
  title: LocalText;
  summary: LocalText;
  published_at: Date | string;
}

/** Articles of one kind (and category, in either language), newest first: the count and one page. */
export async function articlePage(db: Db, q: { kind: string; category?: string; limit: number; offset: number }) {
  let base = db.selectFrom('portal_articles').where('kind', '=', q.kind);
  if (q.category)
    base = base.where(({ eb, ref }) =>
      eb.or([eb(ref('category', '->>').key('zh-CN'), '=', q.category!), eb(ref('category', '->>').key('zh-TW'), '=', q.category!)]),
    );
  const [{ n }] = [await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()];
  const rows = await base
    .select(['id', 'kind', 'category', 'title', 'summary', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { n, rows };
}

export async function articleOf(db: Db, id: string) {
  return db.selectFrom('portal_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function templates(db: Db, kind: TemplateInput['kind'] | undefined): Promise<TemplateRow[]> {
  let q = db.selectFrom('portal_templates').select([...TEMPLATE_COLUMNS]);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
}

export async function templateOf(db: Db, id: string, publishedOnly: boolean): Promise<TemplateRow | undefined> {
  let q = db
    .selectFrom('portal_templates')
    .select([...TEMPLATE_COLUMNS])
    .where('id', '=', id);
  if (publishedOnly) q = q.where('published', '=', true);
  return q.executeTakeFirst();
}

export async function insertTemplate(db: Db, row: TemplateValues & { id: string; created_by: string }): Promise<TemplateRow> {
  return db
    .insertInto('portal_templates')
    .values(row)
    .returning([...TEMPLATE_COLUMNS])
    .executeTakeFirstOrThrow();
}

export async function updateTemplateRow(db: Db, id: string, values: TemplateValues & { updated_at: Date }): Promise<TemplateRow | undefined> {
  return db
    .updateTable('portal_templates')
    .set(values)
    .where('id', '=', id)
    .returning([...TEMPLATE_COLUMNS])
    .executeTakeFirst();
}

export async function deleteTemplateRow(db: Db, id: string) {
  return db.deleteFrom('portal_templates').where('id', '=', id).returning('id').executeTakeFirst();
}
