// Dynamic product routes from the catalogue (seed 000 §2): every header_data/footer_data entry
// that is internal, has a link and is not static HTML becomes a route whose path is the link with
// everything up to and including '/#/' removed, carrying the product id. The catalogue endpoint is
// not built yet; the router calls this once, on the first unmatched navigation, with its JSON.

export interface CatalogueProduct {
  id?: string | number;
  link?: string | null;
  is_inner?: boolean | number | null;
  is_static_html?: boolean | number | null;
}
interface CatalogueClassify {
  auto_product_catalog?: CatalogueProduct[] | null;
}
interface CatalogueEntry {
  classify_group?: { auto_classify_catalog?: CatalogueClassify[] | null }[] | null;
  auto_classify_catalog?: CatalogueClassify[] | null;
}
export interface Catalogue {
  header_data?: CatalogueEntry[] | null;
  footer_data?: CatalogueEntry[] | null;
}

export interface ProductRoute {
  path: string;
  productId: string;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** The path of a catalogue link: what follows '/#/', always starting with '/'; query and hash kept off. */
export function productPath(link: string): string {
  const at = link.indexOf('/#/');
  const rest = at >= 0 ? link.slice(at + 3) : link.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const path = rest.split(/[?#]/)[0]!.replace(/^\/+/, '');
  return `/${path}`;
}

/** The routes to add, first occurrence of a path wins, existing paths left alone. */
export function catalogueRoutes(catalogue: Catalogue | null | undefined, existingPaths: Iterable<string> = []): ProductRoute[] {
  const taken = new Set(existingPaths);
  const out: ProductRoute[] = [];
  const entries = [...(catalogue?.header_data ?? []), ...(catalogue?.footer_data ?? [])];
  const classifies: CatalogueClassify[] = [];
  for (const entry of entries) {
    for (const group of entry?.classify_group ?? []) classifies.push(...(group?.auto_classify_catalog ?? []));
    classifies.push(...(entry?.auto_classify_catalog ?? []));
  }
  for (const classify of classifies) {
    for (const item of classify?.auto_product_catalog ?? []) {
      if (!item || !truthy(item.is_inner) || truthy(item.is_static_html) || !item.link || item.id === undefined || item.id === null) continue;
      const path = productPath(item.link);
      if (path === '/' || taken.has(path)) continue;
      taken.add(path);
      out.push({ path, productId: String(item.id) });
    }
  }
  return out;
}

/** How a catalogue product opens: a console route (internal, not static), a document, or an outside link. */
export type ProductTarget = { kind: 'route'; path: string } | { kind: 'document'; href: string } | { kind: 'external'; href: string } | { kind: 'none' };

export function productTarget(item: CatalogueProduct): ProductTarget {
  if (!item.link) return { kind: 'none' };
  if (truthy(item.is_static_html)) return { kind: 'document', href: item.link };
  if (!truthy(item.is_inner)) return { kind: 'external', href: item.link };
  const path = productPath(item.link);
  return path === '/' ? { kind: 'none' } : { kind: 'route', path };
}
