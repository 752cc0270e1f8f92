// The portal's content: landing pages (auto_product_details), articles with offset paging, and the
// administrators' templates and custom pages, in the caller's language (rows: portal.repository.ts).
import { notFound, type Language } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { articleListQuerySchema, templateInputSchema } from '../../domain/portal-schemas.ts';
import {
  type Article,
  type ArticleKind,
  type ArticleSummary,
  type ProductDetails,
  type ProductSection,
  type ServerTemplate,
  type TemplateOut,
} from '../../domain/portal-content.ts';
import type { Db } from '../platform/db/database.ts';
import type { LocalText } from '../platform/db/tables.ts';
import * as repo from './portal.repository.ts';
import { sanitizeTemplateCss, servedTemplateCss } from './template-css.ts';

const text = (t: LocalText | null | undefined, lang: Language) => (t ? (t[lang] ?? t['zh-CN'] ?? '') : '');
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const ID = /^[\w-]{1,64}$/;

const templateOut = (r: repo.TemplateRow): TemplateOut => ({
  id: r.id,
  kind: r.kind as TemplateOut['kind'],
  name: r.name,
  html_code: r.html_code,
  // Sanitised again on the way out: a row stored before the check (or written around it) stays in its box.
  css_code: servedTemplateCss(r.css_code),
  js_code: r.js_code,
  data_json: r.data_json,
  published: r.published,
  updated_at: iso(r.updated_at),
});

/** GET auto_product_details/{productId}: the banner and sections in the caller's language; sections naming a template carry it. */
export async function productDetails(db: Db, productId: string, lang: Language): Promise<ProductDetails> {
  if (!ID.test(productId)) throw notFound();
  const row = await repo.pageOf(db, productId);
  const content = row ? (row.content[lang] ?? row.content['zh-CN']) : undefined;
  if (!row || !content) throw notFound();
  const sections = content.product_details as (ProductSection | { type: 'template'; template_id: string })[];
  const templateIds = sections.flatMap((s) => (s.type === 'template' && 'template_id' in s ? [s.template_id] : []));
  const templates = templateIds.length ? await repo.publishedTemplates(db, templateIds) : [];
  const byId = new Map(templates.map((t) => [t.id, templateOut(t)]));
  const product_details: ProductSection[] = [];
  for (const s of sections) {
    if (s.type === 'template' && 'template_id' in s) {
      const tpl = byId.get(s.template_id);
      if (!tpl) continue; // an unpublished or deleted template leaves its section out
      const { template_id: _omit, ...rest } = s as ProductSection & { template_id: string };
      const auto_template: ServerTemplate = {
        id: tpl.id,
        name: tpl.name,
        html_code: tpl.html_code,
        css_code: tpl.css_code,
        js_code: tpl.js_code,
        data_json: tpl.data_json,
      };
      product_details.push({ ...(rest as object), type: 'template', auto_template } as ProductSection);
    } else product_details.push(s as ProductSection);
  }
  return { product_id: row.product_id, name: content.name, product_advert: content.product_advert as ProductDetails['product_advert'], product_details };
}

export interface ProductCard {
  product_id: string;
  name: string;
  category: string;
  description: string;
  theme: string;
}

/** Every landing page as a card (allProducts, the waterfall of products). */
export async function listProducts(db: Db, lang: Language): Promise<{ count: number; data: ProductCard[] }> {
  const rows = await repo.allPages(db);
  const data = rows.flatMap((r) => {
    const c = (r.content[lang] ?? r.content['zh-CN']) as
      { name: string; category?: string; product_advert: { description?: string; theme?: string }[] } | undefined;
    if (!c) return [];
    const ad = c.product_advert[0];
    return [{ product_id: r.product_id, name: c.name, category: c.category ?? 'platform', description: ad?.description ?? '', theme: ad?.theme ?? 'blue' }];
  });
  return { count: data.length, data };
}

/** Published custom pages, for visitors (names only). */
export async function listPublishedPages(db: Db): Promise<{ count: number; data: { id: string; name: string; updated_at: string }[] }> {
  const rows = await repo.publishedCustomPages(db);
  return { count: rows.length, data: rows.map((r) => ({ id: r.id, name: r.name, updated_at: iso(r.updated_at) })) };
}

const articleSummary = (r: repo.ArticleSummaryRow, lang: Language): ArticleSummary => ({
  id: r.id,
  kind: r.kind as ArticleKind,
  category: text(r.category, lang),
  title: text(r.title, lang),
  summary: text(r.summary, lang),
  published_at: iso(r.published_at),
});

/** Articles of one kind, newest first, offset paged: {count, data}. */
export async function listArticles(db: Db, query: unknown, lang: Language): Promise<{ count: number; data: ArticleSummary[] }> {
  const q = articleListQuerySchema.parse(query ?? {});
  const { n, rows } = await repo.articlePage(db, { kind: q.kind, category: q.category, limit: q.__limit, offset: q.__offset });
  return { count: Number(n), data: rows.map((r) => articleSummary(r, lang)) };
}

export async function getArticle(db: Db, id: string, lang: Language): Promise<Article> {
  if (!ID.test(id)) throw notFound();
  const r = await repo.articleOf(db, id);
  if (!r) throw notFound();
  return { ...articleSummary(r, lang), body: r.body[lang] ?? r.body['zh-CN'] ?? [] };
}

export async function listTemplates(db: Db, kind: string | undefined): Promise<{ count: number; data: TemplateOut[] }> {
  const rows = await repo.templates(db, kind === 'template' || kind === 'custom_page' ? kind : undefined);
  return { count: rows.length, data: rows.map(templateOut) };
}

/** One template; `publishedOnly` for visitors (an unpublished one is not found). */
export async function getTemplate(db: Db, id: string, publishedOnly: boolean): Promise<TemplateOut> {
  if (!ID.test(id)) throw notFound();
  const row = await repo.templateOf(db, id, publishedOnly);
  if (!row) throw notFound();
  return templateOut(row);
}

/** The validated body with its CSS reduced to what stays in the template's box (400 if it does not parse). */
function templateInput(body: unknown) {
  const input = templateInputSchema.parse(body ?? {});
  return { ...input, css_code: sanitizeTemplateCss(input.css_code) };
}

export async function createTemplate(db: Db, userId: string, body: unknown): Promise<TemplateOut> {
  const input = templateInput(body);
  const row = await repo.insertTemplate(db, { id: newId(), ...input, data_json: JSON.stringify(input.data_json), created_by: userId });
  return templateOut(row);
}

export async function updateTemplate(db: Db, id: string, body: unknown): Promise<TemplateOut> {
  if (!ID.test(id)) throw notFound();
  const input = templateInput(body);
  const row = await repo.updateTemplateRow(db, id, { ...input, data_json: JSON.stringify(input.data_json), updated_at: new Date() });
  if (!row) throw notFound();
  return templateOut(row);
}

export async function deleteTemplate(db: Db, id: string): Promise<{ id: string }> {
  if (!ID.test(id)) throw notFound();
  const row = await repo.deleteTemplateRow(db, id);
  if (!row) throw notFound();
  return { id: row.id };
}
