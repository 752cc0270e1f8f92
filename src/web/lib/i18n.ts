// i18next with the namespaces of locales/{lang}/*.json. zh-CN's namespaces of the shell and the
// public pages are bundled; the console's (kinds, approvals, menus… and every later area's) load
// with the first console page (loadConsoleNamespaces, awaited by the router), so a visitor's first
// load does not carry them. zh-TW is loaded when chosen. The choice is kept under localStorage
// `local` and sent as Accept-Language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/errors.ts';
import { browserLanguage } from '../../domain/session.ts';
import { getLanguage, setLanguageStored, storedLanguage } from './session.ts';
import { languageAtom, store } from './store.ts';

type Bundle = Record<string, unknown>;
/**
 * What the shell, the sign-in and the public pages use; the rest is the console's. The error
 * texts (errors.json, mostly the form rules) load with the console or with the first failure
 * (loadNamespace, used by the request helper).
 */
const zhCN = import.meta.glob<Bundle>('../../../locales/zh-CN/{shell,auth,portal,help,offline,routes}.json', { eager: true, import: 'default' });
const zhCNAll = import.meta.glob<Bundle>('../../../locales/zh-CN/*.json', { import: 'default' });
const zhTW = import.meta.glob<Bundle>('../../../locales/zh-TW/*.json', { import: 'default' });

const nsOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
export const NAMESPACES = Object.keys(zhCNAll).map(nsOf);
const EAGER = new Set(Object.keys(zhCN).map(nsOf));

const loading = new Map<string, Promise<void>>();
/** The zh-CN namespaces loaded whole (a namespace may hold only parts of itself: addNamespacePart). */
const whole = new Set<string>();
/** One zh-CN namespace, loaded once (a no-op for a bundled one). */
export function loadNamespace(ns: string): Promise<void> {
  if (EAGER.has(ns) || whole.has(ns)) return Promise.resolve();
  const file = Object.keys(zhCNAll).find((f) => nsOf(f) === ns);
  if (!file) return Promise.resolve();
  return loadOnce(ns, zhCNAll[file]!, (bundle) => {
    i18next.addResourceBundle(DEFAULT_LANGUAGE, ns, bundle, true, true);
    whole.add(ns);
  });
}

/** Loads `key` once and hands its bundle to `apply`; a failed load may be tried again. */
function loadOnce(key: string, load: () => Promise<Bundle>, apply: (bundle: Bundle) => void): Promise<void> {
  let p = loading.get(key);
  if (!p) {
    p = load().then(apply, (err: unknown) => {
      loading.delete(key);
      throw err;
    });
    loading.set(key, p);
  }
  return p;
}

/**
 * A part of a zh-CN namespace (a slice of the kinds' texts, lib/kind-texts.ts), loaded once and merged
 * into it; the namespace still counts as not loaded, so loadNamespace fetches it whole when asked.
 */
export function addNamespacePart(ns: string, part: string, load: () => Promise<Bundle>): Promise<void> {
  if (EAGER.has(ns) || whole.has(ns)) return Promise.resolve();
  return loadOnce(`${ns}#${part}`, load, (bundle) => {
    // Deep, never over what a whole load already put there.
    if (!whole.has(ns)) i18next.addResourceBundle(DEFAULT_LANGUAGE, ns, bundle, true, false);
  });
}

/**
 * The texts of the later areas (alarms, billing, service desk, notifications, user centre, portal
 * pages): each area's pages load their own (console-pages.ts, portal-pages.ts), so a host list does not
 * carry the billing texts.
 */
const AREA_NAMESPACES = new Set([
  'alarms',
  'billing',
  'orders',
  'invoices',
  'desk',
  'notify',
  'account',
  'site',
  'site_tools',
  'signup',
  'org',
  'keys',
  'access',
  'bastion',
  'protect',
  'backup_center',
  'oss',
  'icp',
  'service_catalogue',
  'security',
  'dashboards',
  'stacks',
]);
let consoleNamespaces: Promise<void> | null = null;
/** The console's zh-CN namespaces (also the fallback of zh-TW), loaded once. */
export function loadConsoleNamespaces(): Promise<void> {
  consoleNamespaces ??= Promise.all(
    Object.keys(zhCNAll)
      .map(nsOf)
      .filter((ns) => !EAGER.has(ns) && !AREA_NAMESPACES.has(ns))
      .map(loadNamespace),
  ).then(
    () => undefined,
    (err: unknown) => {
      consoleNamespaces = null;
      throw err;
    },
  );
  return consoleNamespaces;
}

/**
 * A lazy part of a page that lists its own namespaces (PAGE_NAMESPACES) but may show any console
 * text (a detail pane, a form, a desktop table): its chunk and the console's texts, together.
 */
export function withConsoleTexts<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadConsoleNamespaces()]).then(([m]) => m);
}

/**
 * A lazy part that reads a few namespaces beyond its page's (a kind folder's screens, the tag editor):
 * its chunk and those namespaces, together.
 */
export function withNamespaces<T>(namespaces: readonly string[], chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, ...namespaces.map(loadNamespace)]).then(([m]) => m);
}

async function ensureBundles(lang: Language): Promise<void> {
  if (lang === DEFAULT_LANGUAGE || i18next.hasResourceBundle(lang, 'shell')) return;
  await Promise.all(
    Object.entries(zhTW).map(async ([file, load]) => {
      i18next.addResourceBundle(lang, nsOf(file), await load(), true, true);
    }),
  );
}

function applyDocumentLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function initI18n(): Promise<typeof i18next> {
  // First visit: the browser's language (a zh-TW/zh-HK/zh-Hant browser starts in Traditional
  // Chinese), kept like a choice so API calls ask for the same language.
  if (!storedLanguage() && typeof navigator !== 'undefined') setLanguageStored(browserLanguage(navigator.languages ?? [navigator.language]));
  const lang = getLanguage();
  const resources: Record<string, Record<string, Bundle>> = { [DEFAULT_LANGUAGE]: {} };
  for (const [file, bundle] of Object.entries(zhCN)) resources[DEFAULT_LANGUAGE]![nsOf(file)] = bundle;
  await i18next.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: NAMESPACES,
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  if (lang !== DEFAULT_LANGUAGE) {
    await ensureBundles(lang);
    await i18next.changeLanguage(lang);
  }
  store.set(languageAtom, lang);
  applyDocumentLanguage(lang);
  return i18next;
}

/** Switch language: bundles loaded, choice stored; queries refetch with the new Accept-Language. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureBundles(lang);
  await i18next.changeLanguage(lang);
  setLanguageStored(lang);
  store.set(languageAtom, lang);
  applyDocumentLanguage(lang);
}

export { i18next };
