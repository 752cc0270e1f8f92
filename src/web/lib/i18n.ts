// i18next with the namespaces of locales/{lang}/*.json. zh-CN (the default) is bundled; zh-TW is
// loaded when chosen. The choice is kept under localStorage `local` and sent as Accept-Language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/errors.ts';
import { browserLanguage } from '../../domain/session.ts';
import { getLanguage, setLanguageStored, storedLanguage } from './session.ts';
import { languageAtom, store } from './store.ts';

type Bundle = Record<string, unknown>;
const zhCN = import.meta.glob<Bundle>('../../../locales/zh-CN/*.json', { eager: true, import: 'default' });
const zhTW = import.meta.glob<Bundle>('../../../locales/zh-TW/*.json', { import: 'default' });

const nsOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
export const NAMESPACES = Object.keys(zhCN).map(nsOf);

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
