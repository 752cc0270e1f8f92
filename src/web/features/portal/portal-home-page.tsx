// /portal: the public landing page — hero, the live service catalogue, product categories (from the
// portal product routes), platform strengths and the latest notices.
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';
import { CONSOLE_HOME } from '../../../domain/navigation/rules.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { importWhenOnline } from '../../lib/import-when-online.ts';
import { loginStateAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './portal-home.css';

/** Portal product routes grouped for the landing page (route names of routes.json). */
const CATEGORIES: readonly { key: string; products: readonly string[] }[] = [
  { key: 'compute', products: ['portal_bms', 'portal_cdh', 'portal_container', 'portal_imagePlat', 'portal_rp'] },
  { key: 'storage', products: ['portal_ebs', 'portal_obs', 'portal_nas', 'portal_cbs'] },
  { key: 'network', products: ['portal_vpc_p', 'portal_publicIp', 'portal_elb', 'portal_nat', 'portal_NATNetwork', 'portal_cdn', 'portal_dnsAd'] },
  {
    key: 'database',
    products: [
      'portal_rds_mysql',
      'portal_rds_postgre',
      'portal_rds_oracle',
      'portal_rds_server',
      'portal_redis',
      'portal_mongodb',
      'portal_oracle',
      'portal_dbs',
      'portal_dts',
      'portal_dtsTransfer',
    ],
  },
  { key: 'security', products: ['portal_firewall', 'portal_jumpCenter', 'portal_behaviorAnalysisPlat'] },
  {
    key: 'platform',
    products: [
      'portal_apiGateway',
      'portal_microservice',
      'portal_devOps',
      'portal_atp',
      'portal_taskSchedulePlat',
      'portal_ls',
      'portal_logPlat',
      'portal_messageCenter',
      'portal_mdp',
      'portal_adam',
      'portal_audioVideoServices',
      'portal_cloudBroadcast',
    ],
  },
  {
    key: 'services',
    products: ['portal_consult', 'portal_it_service', 'portal_cm', 'portal_insurance', 'portal_insInter', 'portal_customer', 'portal_partner'],
  },
];

const STRENGTHS = ['hybrid', 'tenancy', 'mobile', 'ops'] as const;
const NOTICES = ['n1', 'n2', 'n3'] as const;

// The live catalogue loads after the first screen (its chunk brings TanStack Query along): once the
// browser is idle after the page has painted, so the hero never waits for it.
// Offline, its chunk waits for the network (lib/import-when-online.ts) rather than failing the page.
const CatalogueSection = lazy(() => importWhenOnline(() => import('./catalogue-section.tsx')));

function useIdleAfterPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (h: number) => void };
    if (w.requestIdleCallback) {
      const h = w.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => w.cancelIdleCallback?.(h);
    }
    const t = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(t);
  }, []);
  return ready;
}

const pathOf = (name: string) => ROUTE_TABLE.find((r) => r.name === name)?.path ?? '/allProducts';

export default function PortalHomePage() {
  const { t } = useTranslation('portal');
  const loggedIn = useAtomValue(loginStateAtom);
  const catalogue = useIdleAfterPaint();
  return (
    <PageFrame name="portal" className="ys-home">
      <section className="ys-hero">
        <div className="ys-hero__inner">
          <p className="ys-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 className="ys-hero__title">{t('hero.title')}</h1>
          <p className="ys-hero__text">{t('hero.text')}</p>
          <div className="ys-hero__actions">
            {loggedIn ? (
              <Link className="ys-btn ys-btn--light" to={CONSOLE_HOME}>
                {t('hero.console')}
              </Link>
            ) : (
              <Link className="ys-btn ys-btn--light" to="/login">
                {t('hero.login')}
              </Link>
            )}
            <a className="ys-btn ys-btn--ghost" href="#products">
              {t('hero.browse')}
            </a>
          </div>
          <dl className="ys-hero__stats">
            {(['vendors', 'regions', 'products'] as const).map((k) => (
              <div key={k} className="ys-hero__stat">
                <dt>{t(`stats.${k}.label`)}</dt>
                <dd>{t(`stats.${k}.value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="ys-section" id="products" aria-labelledby="products-title">
        <h2 className="ys-section__title" id="products-title">
          {t('products.title')}
        </h2>
        <p className="ys-section__lead">{t('products.lead')}</p>
        <div className="ys-cats">
          {CATEGORIES.map((c) => (
            <article key={c.key} className="ys-cat" data-category={c.key}>
              <h3 className="ys-cat__title">{t(`categories.${c.key}.title`)}</h3>
              <p className="ys-cat__text">{t(`categories.${c.key}.text`)}</p>
              <ul className="ys-cat__list">
                {c.products.map((p) => (
                  <li key={p}>
                    <Link to={pathOf(p)}>{t(`routes:${p}`)}</Link>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      {/* Below the product categories: arriving after the first paint, it shifts nothing on screen. */}
      {catalogue ? (
        <Suspense fallback={null}>
          <CatalogueSection />
        </Suspense>
      ) : null}

      <section className="ys-section ys-section--alt" aria-labelledby="strengths-title">
        <h2 className="ys-section__title" id="strengths-title">
          {t('strengths.title')}
        </h2>
        <div className="ys-strengths">
          {STRENGTHS.map((s) => (
            <div key={s} className="ys-strength">
              <h3>{t(`strengths.${s}.title`)}</h3>
              <p>{t(`strengths.${s}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="ys-section" aria-labelledby="notices-title">
        <div className="ys-section__head">
          <h2 className="ys-section__title" id="notices-title">
            {t('notices.title')}
          </h2>
          <Link to="/serviceAnnouncement" className="ys-section__more">
            {t('notices.more')}
          </Link>
        </div>
        <ul className="ys-notices-list">
          {NOTICES.map((n) => (
            <li key={n}>
              <Link to="/serviceAnnouncement" className="ys-notice-item">
                <span className="ys-notice-item__tag">{t(`notices.${n}.tag`)}</span>
                <span className="ys-notice-item__title">{t(`notices.${n}.title`)}</span>
                <time className="ys-notice-item__date">{t(`notices.${n}.date`)}</time>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}
