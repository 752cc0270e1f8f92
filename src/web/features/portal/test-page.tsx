// /test: a self-check a support engineer can ask a visitor to open — is the service reachable, is
// the app installed (service worker), which language and screen width it runs with.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { get } from '../../lib/request.ts';
import { languageAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './site.css';

type Check = 'checking' | 'ok' | 'failed';

export default function TestPage() {
  const { t } = useTranslation(['site_tools', 'site']);
  const lang = useAtomValue(languageAtom);
  const [api, setApi] = useState<Check>('checking');
  const [ms, setMs] = useState<number | null>(null);
  const [sw, setSw] = useState<boolean | null>(null);
  const run = useCallback(() => {
    setApi('checking');
    const started = performance.now();
    get('health', undefined, { isNeedloading: false, notice: false }).then(
      () => {
        setMs(Math.round(performance.now() - started));
        setApi('ok');
      },
      () => setApi('failed'),
    );
    if ('serviceWorker' in navigator) void navigator.serviceWorker.getRegistration().then((r) => setSw(Boolean(r?.active)));
    else setSw(false);
  }, []);
  useEffect(run, [run]);
  return (
    <PageFrame name="test" className="ys-gitsign">
      <div className="ys-gitsign__box ys-gitsign__box--wide">
        <h1 className="ys-gitsign__title">{t('test.title')}</h1>
        <p className="ys-gitsign__lead">{t('test.lead')}</p>
        <dl className="ys-kv" data-testid="self-check">
          <div>
            <dt>{t('test.api')}</dt>
            <dd className={`ys-check ys-check--${api}`}>{api === 'ok' ? t('test.api_ok', { ms: ms ?? 0 }) : t(`test.${api}`)}</dd>
          </div>
          <div>
            <dt>{t('test.network')}</dt>
            <dd>{navigator.onLine ? t('test.online') : t('test.offline')}</dd>
          </div>
          <div>
            <dt>{t('test.sw')}</dt>
            <dd>{sw === null ? t('test.checking') : sw ? t('test.sw_on') : t('test.sw_off')}</dd>
          </div>
          <div>
            <dt>{t('test.language')}</dt>
            <dd>{lang === 'zh-TW' ? t('test.zh_tw') : t('test.zh_cn')}</dd>
          </div>
          <div>
            <dt>{t('test.screen')}</dt>
            <dd>{t('test.screen_value', { w: window.innerWidth, h: window.innerHeight })}</dd>
          </div>
        </dl>
        <button type="button" className="ys-btn ys-btn--primary ys-btn--block ys-btn--tall" onClick={run}>
          {t('test.again')}
        </button>
        <p className="ys-gitsign__foot">
          <Link to="/portal">{t('git.back')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
