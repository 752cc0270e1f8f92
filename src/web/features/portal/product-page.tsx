// A catalogue product's page: productRoute/{id}, and every route the catalogue adds (seed 000 §2,
// the route carries the product id). Name, summary and highlights come from the catalogue in the
// reader's language; the buttons lead to the product's console list and purchase pages.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { useAtomValue } from 'jotai';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';
import { get } from '../../lib/request.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { languageAtom, loginStateAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './portal-home.css';
import { portalKeys } from './query-keys.ts';

export interface CatalogueProductView {
  id: string;
  name: string;
  summary: string;
  highlights: string[];
  link: string | null;
  is_inner: boolean;
  is_static_html: boolean;
  console_route: string | null;
  buy_route: string | null;
}

const pathOf = (name: string | null) => (name ? ROUTE_TABLE.find((r) => r.name === name)?.path : undefined);

export default function ProductPageWithQuery() {
  return (
    <QueryProvider>
      <ProductPage />
    </QueryProvider>
  );
}

function ProductPage() {
  const { t } = useTranslation('portal');
  const handle = usePageHandle() as (ReturnType<typeof usePageHandle> & { productId?: string }) | undefined;
  const params = useParams();
  const id = handle?.productId ?? params.id ?? '';
  const lang = useAtomValue(languageAtom);
  const loggedIn = useAtomValue(loginStateAtom);
  const q = useQuery({
    queryKey: portalKeys.product(id, lang),
    queryFn: () => get<CatalogueProductView>(`v1/service-catalog/products/${encodeURIComponent(id)}`, undefined, { isNeedloading: false, notice: false }),
    enabled: Boolean(id),
    retry: false,
  });
  const p = q.data;
  const consolePath = pathOf(p?.console_route ?? null);
  const buyPath = pathOf(p?.buy_route ?? null);
  return (
    <PageFrame name="productRoute" className="ys-home">
      {q.isPending && id ? (
        <div className="ys-product__loading">
          <DotLoading />
        </div>
      ) : null}
      {(!id || q.isError) && (
        <LoadFailed empty title={t('product.not_found')}>
          <Link className="ys-btn ys-btn--primary" to="/portal">
            {t('product.back')}
          </Link>
        </LoadFailed>
      )}
      {p && (
        <>
          <section className="ys-hero ys-hero--product" data-testid="product-hero">
            <div className="ys-hero__inner">
              <p className="ys-hero__eyebrow">{t('product.eyebrow')}</p>
              <h1 className="ys-hero__title" data-testid="product-name">
                {p.name}
              </h1>
              <p className="ys-hero__text">{p.summary}</p>
              <div className="ys-hero__actions">
                {buyPath ? (
                  <Link className="ys-btn ys-btn--light" to={buyPath} data-testid="product-buy">
                    {t('product.buy')}
                  </Link>
                ) : null}
                {consolePath ? (
                  <Link className="ys-btn ys-btn--ghost" to={consolePath} data-testid="product-console">
                    {t('product.console')}
                  </Link>
                ) : null}
                {!loggedIn && !buyPath && !consolePath ? (
                  <Link className="ys-btn ys-btn--light" to="/login">
                    {t('hero.login')}
                  </Link>
                ) : null}
              </div>
            </div>
          </section>
          {p.highlights.length > 0 && (
            <section className="ys-section" aria-labelledby="product-highlights">
              <h2 className="ys-section__title" id="product-highlights">
                {t('product.highlights')}
              </h2>
              <ul className="ys-product__highlights">
                {p.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </PageFrame>
  );
}
