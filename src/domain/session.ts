// Session rules of seed 000 §3 and §4 that need no browser: storage keys, cookie names and domain,
// the cookie-token validation flow and the tenant/project init flow. src/web/lib/session.ts applies them.

export const STORAGE_KEYS = { token: 'x_auth_token', tenant: 'tenant', project: 'project', language: 'local', username: 'username' } as const;

export interface Scoped {
  id: string;
  name: string;
}

export type CookieEnv = 'localhost' | 'sit' | 'dev' | 'uat' | null;

/** The environment suffix of the cookie names: localhost, sit, dev, uat; none in production. */
export function cookieEnv(hostname: string): CookieEnv {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1') return 'localhost';
  const labels = host.split(/[.-]/);
  for (const env of ['sit', 'dev', 'uat'] as const) if (labels.includes(env)) return env;
  return null;
}

export interface CookieNames {
  token: string;
  tenantId: string;
  tenantName: string;
  projectId: string;
  projectName: string;
  publicTenantId: string;
  publicTenantName: string;
  publicProjectId: string;
  publicProjectName: string;
}

export function cookieNames(hostname: string): CookieNames {
  const env = cookieEnv(hostname);
  const n = (base: string) => (env ? `${base}_${env}` : base);
  return {
    token: n('x_auth_token'),
    tenantId: n('tenant_id'),
    tenantName: n('tenant_name'),
    projectId: n('project_id'),
    projectName: n('project_name'),
    publicTenantId: n('public_tenant_id'),
    publicTenantName: n('public_tenant_name'),
    publicProjectId: n('public_project_id'),
    publicProjectName: n('public_project_name'),
  };
}

const TWO_PART_SUFFIXES = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'com.hk', 'com.tw', 'org.tw', 'com.mo']);

/** The cookie domain: the registrable domain with a leading dot; none for localhost and IP hosts. */
export function cookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase();
  if (cookieEnv(host) === 'localhost' || /^\d+(\.\d+){3}$/.test(host) || host.includes(':') || !host.includes('.')) return undefined;
  const labels = host.split('.');
  const keep = TWO_PART_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.length <= keep ? `.${host}` : `.${labels.slice(-keep).join('.')}`;
}

/**
 * The cookie-token flow: a stored token that is among the cookie tokens is valid as it is; else
 * each cookie token is tried against the user endpoint and the first accepted becomes the session;
 * none accepted: signed out. Without any cookie token (cookies blocked or expired in this browser
 * only), the stored token itself is checked against the server.
 */
export async function resolveSessionToken(
  stored: string | null,
  cookieTokens: readonly string[],
  validate: (token: string) => Promise<boolean>,
): Promise<{ token: string | null; checked: boolean }> {
  const tokens = [...new Set(cookieTokens.filter(Boolean))];
  if (stored && tokens.includes(stored)) return { token: stored, checked: false };
  const candidates = tokens.length ? tokens : stored ? [stored] : [];
  for (const token of candidates) {
    if (await validate(token)) return { token, checked: true };
  }
  return { token: null, checked: candidates.length > 0 };
}

export interface TerritoryLike {
  tenant_id: string;
  tenant_name: string;
  projects: { project_id: string; project_name: string; project_name_zh?: string | null }[];
}

export interface ScopeChoice {
  tenant: Scoped | null;
  project: Scoped | null;
  reload: boolean;
  store: boolean;
}

/**
 * The init flow: a public cookie scope that differs from the stored one replaces it and the page
 * reloads (no reload when nothing was stored yet); else the stored tenant is used while it is still authorised; else the first territory
 * with projects. The project falls back to the tenant's first project.
 */
export function chooseScope(
  stored: { tenant: Scoped | null; project: Scoped | null },
  publicCookie: { tenant: Scoped | null; project: Scoped | null },
  territories: readonly TerritoryLike[] | null,
): ScopeChoice {
  const differs = (a: Scoped | null, b: Scoped | null) => Boolean(b && b.id && (!a || a.id !== b.id));
  if (differs(stored.tenant, publicCookie.tenant) || (publicCookie.tenant && differs(stored.project, publicCookie.project))) {
    return { tenant: publicCookie.tenant, project: publicCookie.project ?? null, reload: Boolean(stored.tenant), store: true };
  }
  if (!territories) return { tenant: stored.tenant, project: stored.project, reload: false, store: false };
  const known = stored.tenant && territories.find((t) => t.tenant_id === stored.tenant!.id);
  const territory = known || territories.find((t) => t.projects.length > 0) || null;
  if (!territory) return { tenant: null, project: null, reload: false, store: Boolean(stored.tenant) };
  const tenant = { id: territory.tenant_id, name: territory.tenant_name };
  const keptProject = known && stored.project && territory.projects.find((p) => p.project_id === stored.project!.id);
  const first = keptProject || territory.projects[0];
  const project = first ? { id: first.project_id, name: first.project_name_zh || first.project_name } : null;
  const store = !known || !keptProject || stored.tenant?.name !== tenant.name;
  return { tenant, project, reload: false, store };
}

/** Tenant option label `name(abbreviation)`, '-' when the abbreviation is null. */
export function tenantLabel(name: string, abbreviation: string | null | undefined): string {
  return `${name}(${abbreviation?.trim() ? abbreviation : '-'})`;
}

/**
 * The language of a first visit, from the browser's preferred languages: Traditional Chinese for
 * zh-TW, zh-HK, zh-MO and any zh-Hant tag, else the first Chinese tag decides, else the default.
 */
export function browserLanguage(languages: readonly string[] | undefined): 'zh-CN' | 'zh-TW' {
  for (const raw of languages ?? []) {
    const tag = raw.toLowerCase();
    if (!tag.startsWith('zh')) continue;
    if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(tag)) return 'zh-TW';
    return 'zh-CN';
  }
  return 'zh-CN';
}
