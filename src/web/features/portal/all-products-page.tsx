// /allProducts: every landing page by category (a waterfall of cards on phones and tablets, a grid
// on the desktop), then the scenario journeys. Read with its snapshot, so it works offline too.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/request.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useArticlePages } from './articles-page.tsx';
import { PageState, useSnapshotLoad } from './portal-data.tsx';
import { Waterfall } from './waterfall.tsx';
import './portal-home.css';
import './site.css';

interface ProductCard {
  product_id: string;
  name: string;
  category: string;
  description: string;
  theme: string;
}
const CATEGORY_ORDER = ['compute', 'storage', 'network', 'database', 'security', 'platform', 'industry', 'service'];
const INDUSTRY_ROUTES = new Set(['Logistics', 'Park', 'Storage']);
const pathOf = (id: string) => (INDUSTRY_ROUTES.has(id) ? `/${id}` : `/portal/${id}`);

export default function AllProductsPage() {
  const { t } = useTranslation(['site_tools', 'site']);
  const bp = useBreakpoint();
  const state = useSnapshotLoad('products', () => get<{ data: ProductCard[] }>('v1/portal/products', undefined, { isNeedloading: false, notice: false }));
  const journeys = useArticlePages('scenario');
  const card = (p: ProductCard) => (
    <Link to={pathOf(p.product_id)} className={`ys-pcard ys-theme-edge--${p.theme}`} data-testid="product-card">
      <h3 className="ys-pcard__title">{p.name}</h3>
      <p className="ys-pcard__text">{p.description}</p>
    </Link>
  );
  return (
    <PageFrame name="allProducts" className="ys-home ys-articles">
      <header className="ys-pagehead">
        <div className="ys-pagehead__inner">
          <h1 className="ys-pagehead__title">{t('products.title')}</h1>
          <p className="ys-pagehead__lead">{t('products.lead')}</p>
        </div>
      </header>
      <PageState state={state}>
        {(v) => (
          <div className="ys-section">
            {CATEGORY_ORDER.map((c) => {
              const items = v.data.filter((p) => p.category === c);
              if (!items.length) return null;
              return (
                <section key={c} className="ys-pgroup" aria-labelledby={`cat-${c}`}>
                  <h2 className="ys-pgroup__title" id={`cat-${c}`}>
                    {t(`products.categories.${c}`)}
                    <span className="ys-pgroup__count">{t('products.count', { count: items.length })}</span>
                  </h2>
                  {bp === 'desktop' ? (
                    <div className="ys-pgrid">
                      {items.map((p) => (
                        <div key={p.product_id}>{card(p)}</div>
                      ))}
                    </div>
                  ) : (
                    <Waterfall items={items} keyOf={(p) => p.product_id} render={card} testId={`products-${c}`} />
                  )}
                </section>
              );
            })}
          </div>
        )}
      </PageState>
      {journeys.items.length ? (
        <section className="ys-section ys-section--alt" aria-labelledby="journeys-title">
          <div>
            <h2 className="ys-section__title" id="journeys-title">
              {t('articles.scenario.title')}
            </h2>
            <p className="ys-section__lead">{t('articles.scenario.lead')}</p>
            <Waterfall
              items={journeys.items}
              keyOf={(a) => a.id}
              onEnd={journeys.more}
              hasMore={journeys.hasMore}
              testId="journey-waterfall"
              render={(a) => (
                <Link to={`/senceJourney/${a.id}`} className="ys-acard" data-testid="journey-card">
                  <span className="ys-acard__tag">{a.category}</span>
                  <h3 className="ys-acard__title">{a.title}</h3>
                  <p className="ys-acard__text">{a.summary}</p>
                </Link>
              )}
            />
          </div>
        </section>
      ) : null}
    </PageFrame>
  );
}
