// Browser storage of the session (seed 000 §3): localStorage keys and the tenant/project cookies.
// Only this module touches localStorage and document.cookie for the session.
import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_HOURS } from '../../domain/constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/errors.ts';
import { PAGE_SIZES } from '../../domain/constants.ts';
import { STORAGE_KEYS, cookieDomain, cookieNames, type Scoped } from '../../domain/session.ts';

const hasWindow = typeof window !== 'undefined';
const host = () => (hasWindow ? window.location.hostname : 'localhost');

function read(key: string): string | null {
  try {
    return hasWindow ? window.localStorage.getItem(key) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (!hasWindow) return;
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* private mode: the session lives in memory only */
  }
}
function readJson(key: string): Scoped | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Scoped;
    return v && typeof v.id === 'string' && v.id ? { id: v.id, name: String(v.name ?? '') } : null;
  } catch {
    return null;
  }
}

export const getToken = () => read(STORAGE_KEYS.token);
export const getUsername = () => read(STORAGE_KEYS.username);
export const getTenant = () => readJson(STORAGE_KEYS.tenant);
export const getProject = () => readJson(STORAGE_KEYS.project);

export function getLanguage(): Language {
  const v = read(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}
/** The page size chosen for a list (its route name), kept across reloads; `fallback` until chosen. */
export function getPageSize(list: string, fallback: number): number {
  const n = Number(read(`page_size:${list}`));
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
}
export const setPageSize = (list: string, size: number) => write(`page_size:${list}`, String(size));

/** The language the user chose (or the first visit detected), null before any. */
export const storedLanguage = () => read(STORAGE_KEYS.language);
export const setLanguageStored = (lang: Language) => write(STORAGE_KEYS.language, lang);

function cookieOptions(): Cookies.CookieAttributes {
  const secure = hasWindow && window.location.protocol === 'https:';
  return { domain: cookieDomain(host()), expires: COOKIE_LIFETIME_HOURS / 24, sameSite: 'Lax', secure, path: '/' };
}

export function setSession(token: string, username: string): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.username, username);
  Cookies.set(cookieNames(host()).token, token, cookieOptions());
}

export function setUsername(username: string): void {
  write(STORAGE_KEYS.username, username);
}

/** Clears the authorisation and the user name (401, sign-out); the scope stays for the next sign-in. */
export function clearAuth(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.username, null);
  const { domain } = cookieOptions();
  Cookies.remove(cookieNames(host()).token, { path: '/', domain });
  Cookies.remove(cookieNames(host()).token, { path: '/' });
}

/** Tokens that sibling sites (and this one) keep in cookies. */
export function cookieTokens(): string[] {
  const names = cookieNames(host());
  return [...new Set([Cookies.get(names.token), Cookies.get('x_auth_token')].filter((t): t is string => Boolean(t)))];
}

export function readPublicScope(): { tenant: Scoped | null; project: Scoped | null } {
  const n = cookieNames(host());
  const tenantId = Cookies.get(n.publicTenantId);
  const projectId = Cookies.get(n.publicProjectId);
  return {
    tenant: tenantId ? { id: tenantId, name: Cookies.get(n.publicTenantName) ?? '' } : null,
    project: projectId ? { id: projectId, name: Cookies.get(n.publicProjectName) ?? '' } : null,
  };
}

/** Stores the working tenant and project: localStorage, the cookies and their public variants. */
export function setScope(tenant: Scoped | null, project: Scoped | null): void {
  write(STORAGE_KEYS.tenant, tenant ? JSON.stringify(tenant) : null);
  write(STORAGE_KEYS.project, project ? JSON.stringify(project) : null);
  const n = cookieNames(host());
  const opts = cookieOptions();
  const pairs: [string, string | undefined][] = [
    [n.tenantId, tenant?.id],
    [n.tenantName, tenant?.name],
    [n.projectId, project?.id],
    [n.projectName, project?.name],
    [n.publicTenantId, tenant?.id],
    [n.publicTenantName, tenant?.name],
    [n.publicProjectId, project?.id],
    [n.publicProjectName, project?.name],
  ];
  for (const [name, value] of pairs) {
    if (value) Cookies.set(name, value, opts);
    else Cookies.remove(name, { path: '/', domain: opts.domain });
  }
}
