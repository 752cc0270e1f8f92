// The portal's live service catalogue (GET /api/v1/service-catalog): header groups and their
// products; internal ones open at the route the catalogue adds, documents and outside links as links.
// Lazy: the portal's first screen does not wait for it. One plain request with the offline
// snapshot (readable offline, like the menus), no query cache: a visitor's first load stays small.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { productTarget, type CatalogueProduct } from '../../../domain/navigation/catalogue.ts';
import { get } from '../../lib/request.ts';
import { languageAtom } from '../../lib/store.ts';
import { loadWithSnapshot } from '../../offline/snapshots.ts';

/** The live service catalogue: header groups and their products (internal ones open as routes). */
export default function CatalogueSection() {
  const { t } = useTranslation('portal');
  const lang = useAtomValue(languageAtom);
  const [groups, setGroups] = useState<CatalogueGroup[]>([]);
  useEffect(() => {
    let live = true;
    loadWithSnapshot(`catalogue:${lang}`, () =>
      get<{ header_data?: CatalogueGroup[] }>('v1/service-catalog', undefined, { isNeedloading: false, notice: false }),
    )
      .then((loaded) => {
        if (live) setGroups(loaded.value.header_data ?? []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lang]);
  if (!groups.length) return null;
  return (
    <section className="ys-section" id="catalogue" aria-labelledby="catalogue-title" data-testid="catalogue">
      <h2 className="ys-section__title" id="catalogue-title">
        {t('catalogue.title')}
      </h2>
      <p className="ys-section__lead">{t('catalogue.lead')}</p>
      <div className="ys-cats">
        {groups.map((g) => (
          <article key={g.name} className="ys-cat">
            <h3 className="ys-cat__title">{g.name}</h3>
            {(g.classify_group ?? [])
              .flatMap((cg) => cg.auto_classify_catalog ?? [])
              .map((c) => (
                <div key={c.id} className="ys-cat__block">
                  <p className="ys-cat__text">{c.name}</p>
                  <ul className="ys-cat__list">
                    {(c.auto_product_catalog ?? []).map((p) => {
                      const to = productTarget(p);
                      return (
                        <li key={p.id}>
                          {to.kind === 'route' ? (
                            <Link to={to.path} data-testid="catalogue-product">
                              {p.name}
                            </Link>
                          ) : to.kind === 'none' ? (
                            <span>{p.name}</span>
                          ) : (
                            <a href={to.href} target="_blank" rel="noopener noreferrer">
                              {p.name}
                              {to.kind === 'external' ? ' ↗' : ''}
                            </a>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
          </article>
        ))}
      </div>
    </section>
  );
}

interface CatalogueGroup {
  name: string;
  classify_group?: { auto_classify_catalog?: { id: string; name: string; auto_product_catalog?: (CatalogueProduct & { id: string; name: string })[] }[] }[];
}
