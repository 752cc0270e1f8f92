// Where the help widget's shortcuts lead (seed 000 §2 "Root and help widget"): with a token, to the
// page (or into the parent layout's tab when the console runs inside one); without, through login,
// which remembers the target.

export const WORK_ORDER_ROUTE = '/workorderAdd';
export const FEEDBACK_ROUTE = '/opinionAdd';

/** Message the widget posts to a parent layout with tabs. */
export interface OpenTabMessage {
  type: 'openTab';
  path: string;
}

export type ShortcutAction =
  { kind: 'navigate'; to: string } | { kind: 'parent-tab'; message: OpenTabMessage } | { kind: 'login'; to: string; returnPath: string };

/** The login page with the destination to return to. */
export function loginTarget(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

export function resolveShortcut(target: string, ctx: { hasToken: boolean; parentHasTabs: boolean }): ShortcutAction {
  if (!ctx.hasToken) return { kind: 'login', to: loginTarget(target), returnPath: target };
  if (ctx.parentHasTabs) return { kind: 'parent-tab', message: { type: 'openTab', path: target } };
  return { kind: 'navigate', to: target };
}

/** tel: link from a support phone as configured (spaces and dashes dropped, a leading + kept). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailHref(email: string): string {
  return `mailto:${email.trim()}`;
}

const MANUAL_URL = /^[\w-]+(\/[\w-]+)*$/;

/** The static manual of a product: /docs/{url}/manual.html; null for a malformed url. */
export function manualHref(url: string): string | null {
  const clean = url.trim().replace(/^\/+|\/+$/g, '');
  return MANUAL_URL.test(clean) ? `/docs/${clean}/manual.html` : null;
}

/** One manual opens directly; several show a list; none shows nothing. */
export function helpDocsMode(urls: readonly string[]): 'none' | 'direct' | 'list' {
  const valid = urls.filter((u) => manualHref(u) !== null);
  return valid.length === 0 ? 'none' : valid.length === 1 ? 'direct' : 'list';
}

/** The support desk's contacts (GET /api/v1/site-config). */
export interface SiteConfig {
  support_phone: string;
  support_email: string;
}
