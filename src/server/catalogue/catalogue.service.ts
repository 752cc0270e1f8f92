// The service catalogue's answers in the seed's shape (seed 000 §5 "Catalogue"), texts in the
// caller's language.
import { notFound, type Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import type { LocalText } from '../platform/db/tables.ts';
import { classifiesInOrder, productById, productsInOrder, type ProductRow } from './catalogue.repository.ts';

export interface CatalogueProductOut {
  id: string;
  name: string;
  summary: string;
  highlights: string[];
  link: string | null;
  is_inner: boolean;
  is_static_html: boolean;
  console_route: string | null;
  buy_route: string | null;
}
interface ClassifyOut {
  id: string;
  name: string;
  auto_product_catalog: CatalogueProductOut[];
}

/** The text in `lang`, else zh-CN, else any. */
export function localText(text: LocalText | null | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] ?? text['zh-CN'] ?? Object.values(text)[0] ?? '';
}

const productOut = (p: ProductRow, lang: Language): CatalogueProductOut => ({
  id: p.id,
  name: localText(p.name, lang),
  summary: localText(p.summary, lang),
  highlights: p.highlights.map((h) => localText(h, lang)),
  link: p.link,
  is_inner: p.is_inner,
  is_static_html: p.is_static_html,
  console_route: p.console_route,
  buy_route: p.buy_route,
});
export async function catalogue(db: Db, lang: Language) {
  const classifies = await classifiesInOrder(db);
  const products = await productsInOrder(db);
  const byClassify = new Map<string, CatalogueProductOut[]>();
  for (const p of products) {
    const list = byClassify.get(p.classify_id) ?? [];
    list.push(productOut(p, lang));
    byClassify.set(p.classify_id, list);
  }
  const classifyOut = (c: (typeof classifies)[number]): ClassifyOut => ({
    id: c.id,
    name: localText(c.name, lang),
    auto_product_catalog: byClassify.get(c.id) ?? [],
  });
  // Header: classifies grouped under their group name (one header entry per group, in order).
  const header: { name: string; classify_group: { auto_classify_catalog: ClassifyOut[] }[] }[] = [];
  for (const c of classifies.filter((x) => x.area === 'header')) {
    const name = localText(c.group_name, lang);
    let entry = header.find((h) => h.name === name);
    if (!entry) header.push((entry = { name, classify_group: [{ auto_classify_catalog: [] }] }));
    entry.classify_group[0]!.auto_classify_catalog.push(classifyOut(c));
  }
  // Footer: one entry per column, its classify directly.
  const footer = classifies.filter((x) => x.area === 'footer').map((c) => ({ name: localText(c.name, lang), auto_classify_catalog: [classifyOut(c)] }));
  return { header_data: header, footer_data: footer };
}

/** One product, or 404. */
export async function catalogueProduct(db: Db, id: string, lang: Language): Promise<CatalogueProductOut> {
  if (typeof id !== 'string' || id.length > 64) throw notFound();
  const row = await productById(db, id);
  if (!row) throw notFound();
  return productOut(row, lang);
}
