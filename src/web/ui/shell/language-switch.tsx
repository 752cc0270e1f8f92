// zh-CN / zh-TW switch: kept under localStorage `local`, sent as Accept-Language; menus refetched.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../domain/errors.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { reloadMenus } from '../../lib/auth-flow.ts';
import { languageAtom } from '../../lib/store.ts';

export async function switchLanguage(lang: Language): Promise<void> {
  await changeLanguage(lang);
  try {
    await reloadMenus();
  } catch {
    /* the notice says why; the old names stay */
  }
}

export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const lang = useAtomValue(languageAtom);
  const { t } = useTranslation('shell');
  return (
    <div className={`ys-lang${compact ? ' ys-lang--compact' : ''}`} role="group" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          className={`ys-lang__btn${l === lang ? ' is-active' : ''}`}
          aria-pressed={l === lang}
          data-lang={l}
          onClick={() => {
            if (l !== lang) void switchLanguage(l);
          }}
        >
          {t(`language.short.${l}`)}
        </button>
      ))}
    </div>
  );
}
