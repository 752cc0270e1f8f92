// The public portal's content (seed 000 §1, §3, §7): product landing pages (GET
// auto_product_details/{productId}: product_advert, product_details), articles (announcements,
// news, help, manuals, scenario journeys) and the administrators' templates and custom pages.
// Shared by the server and the web (rendering); no zod here, so a landing page does not load it
// (the request schemas are in portal-schemas.ts).
export const ARTICLE_KINDS = ['announcement', 'news', 'help', 'manual', 'scenario'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export interface AdvertButton {
  name: string;
  link: string;
  is_inner: boolean;
}
export interface ProductAdvert {
  title: string;
  description: string;
  /** a theme key the web maps to a background (no remote images) */
  theme: string;
  buttons: AdvertButton[];
}
export interface SpecRow {
  /** e.g. "2 核 4 GB" or "500 GB" */
  flavor: string;
  name: string;
  fit: string;
  /** integer fen per unit */
  price_fen: number;
  unit: 'month' | 'hour' | 'year';
}
export interface SectionItem {
  title: string;
  text: string;
}
export interface ServerTemplate {
  id: string;
  name: string;
  html_code: string;
  css_code: string;
  js_code: string;
  data_json: Record<string, unknown>;
}
interface SectionBase {
  id: string;
  /** the label of this section in the sticky section menu */
  top_title: string;
  title: string;
  subtitle: string;
}
export type ProductSection =
  | (SectionBase & { type: 'features' | 'scenarios' | 'faq'; items: SectionItem[] })
  | (SectionBase & { type: 'specs'; rows: SpecRow[] })
  | (SectionBase & { type: 'template'; auto_template: ServerTemplate });

export interface ProductDetails {
  product_id: string;
  name: string;
  product_advert: ProductAdvert[];
  product_details: ProductSection[];
}

export interface ArticleSummary {
  id: string;
  kind: ArticleKind;
  category: string;
  title: string;
  summary: string;
  published_at: string;
}
export interface Article extends ArticleSummary {
  body: string[];
}

/** The phrase of a banner's first button that adds 选购 to the section menu (seed 000 §1). */
export const BUY_NOW = ['立即购买', '立即購買'] as const;
export const isBuyNow = (name: string | undefined) => (BUY_NOW as readonly string[]).includes((name ?? '').trim());

/** Only http(s) links leave the site (no javascript:, data:, vbscript:…); answers null otherwise. */
export function safeExternalUrl(link: string): string | null {
  try {
    const u = new URL(link);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** An internal link: a path on this site (not protocol-relative), or the legacy '/#/path' form. */
export function internalPath(link: string): string | null {
  const hash = link.indexOf('/#/');
  const path = hash >= 0 ? link.slice(hash + 2) : link;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

export const TEMPLATE_KINDS = ['template', 'custom_page'] as const;
export const TEMPLATE_LIMITS = { name: 40, html: 100_000, css: 50_000, js: 50_000, data: 50_000 } as const;

export interface TemplateOut extends ServerTemplate {
  kind: (typeof TEMPLATE_KINDS)[number];
  published: boolean;
  updated_at: string;
}

/** {{ name }} placeholders of a custom page's HTML filled from its data (text only, escaped). */
export function fillPlaceholders(html: string, data: Record<string, unknown>): string {
  return html.replace(/\{\{\s*([\w.]{1,60})\s*\}\}/g, (_m, path: string) => {
    let v: unknown = data;
    for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
    if (v === undefined || v === null || typeof v === 'object') return '';
    return String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  });
}

export type BuyDecision = { kind: 'login'; returnTo: string } | { kind: 'navigate'; path: string } | { kind: 'open'; url: string } | { kind: 'refuse' };

/**
 * What 选购 does (seed 000 §1): a visitor signs in first (coming back to this page); a signed-in
 * user follows the button's link — a path of this site, or an http(s) address in a new tab. Any
 * other scheme is refused. The route guard of the target checks the user's menus as usual.
 */
export function buyDecision(input: { loggedIn: boolean; here: string; link: string; isInner: boolean }): BuyDecision {
  if (!input.loggedIn) return { kind: 'login', returnTo: input.here };
  if (input.isInner) {
    const path = internalPath(input.link);
    return path ? { kind: 'navigate', path } : { kind: 'refuse' };
  }
  const url = safeExternalUrl(input.link);
  return url ? { kind: 'open', url } : { kind: 'refuse' };
}
