// Every product landing page (/portal/adam … /portal/vpc_p, and the industry pages /Logistics,
// /Park, /Storage) from data: GET auto_product_details/{productId}. The banner is the first
// product_advert item, the sections are product_details; the sticky section menu labels each
// section with its top_title, and when the banner's first button is 立即购买 a 选购 button joins
// the menu (buyDecision: sign in first, then the button's link — internal, or http(s) in a new tab).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  buyDecision,
  internalPath,
  isBuyNow,
  safeExternalUrl,
  type AdvertButton,
  type ProductDetails,
  type ProductSection,
} from '../../../domain/portal-content.ts';
import { loginUrl } from '../../../domain/navigation/rules.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { pushNotice } from '../../lib/notices.ts';
import { loginStateAtom, returnPathAtom, store } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PageState, fetchProduct, inlineProduct, useSnapshotLoad, yuan } from './portal-data.tsx';
import './portal-home.css';
import './site.css';

// DOMPurify and the frame logic load only with a page that has a template section.
const TemplateView = lazy(async () => ({ default: (await import('./template-view.tsx')).TemplateView }));

/** The landing key of a route name: portal_bms → bms; Logistics → Logistics. */
export const productKeyOf = (routeName: string) => (routeName.startsWith('portal_') ? routeName.slice('portal_'.length) : routeName);

export default function LandingPage() {
  const handle = usePageHandle();
  const name = handle?.name ?? '';
  const key = productKeyOf(name);
  const state = useSnapshotLoad(
    key ? `product:${key}` : null,
    () => fetchProduct(key),
    (lang) => inlineProduct(key, lang),
  );
  return (
    <PageFrame name={name} className="ys-home ys-landing">
      <PageState state={state}>{(d) => <Landing details={d} />}</PageState>
    </PageFrame>
  );
}

function ButtonLink({ button, primary }: { button: AdvertButton; primary: boolean }) {
  const cls = `ys-btn ${primary ? 'ys-btn--light' : 'ys-btn--ghost'} ys-btn--tall`;
  if (button.is_inner) {
    const path = internalPath(button.link);
    return path ? (
      <Link className={cls} to={path}>
        {button.name}
      </Link>
    ) : null;
  }
  const url = safeExternalUrl(button.link);
  return url ? (
    <a className={cls} href={url} target="_blank" rel="noopener noreferrer">
      {button.name}
    </a>
  ) : null;
}

function Landing({ details }: { details: ProductDetails }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useAtomValue(loginStateAtom);
  const banner = details.product_advert[0];
  const first = banner?.buttons[0];
  const withBuy = isBuyNow(first?.name);
  const [active, setActive] = useState(details.product_details[0]?.id ?? '');

  useEffect(() => {
    const io = new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (seen) setActive(seen.target.id.replace(/^sec-/, ''));
      },
      { rootMargin: '-120px 0px -60% 0px' },
    );
    for (const s of details.product_details) {
      const el = document.getElementById(`sec-${s.id}`);
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, [details]);

  const buy = () => {
    if (!first) return;
    const d = buyDecision({ loggedIn, here: location.pathname + location.search, link: first.link, isInner: first.is_inner });
    if (d.kind === 'login') {
      store.set(returnPathAtom, { path: d.returnTo, menuUrl: undefined });
      navigate(loginUrl(d.returnTo));
    } else if (d.kind === 'navigate') navigate(d.path);
    else if (d.kind === 'open') window.open(d.url, '_blank', 'noopener,noreferrer');
    else pushNotice({ type: 'warning', description: t('landing.bad_link') });
  };
  const jump = (id: string) => {
    setActive(id);
    document.getElementById(`sec-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      {banner ? (
        <section className={`ys-hero ys-hero--product ys-theme--${banner.theme}`} data-testid="landing-banner">
          <div className="ys-hero__inner">
            <p className="ys-hero__eyebrow">{t('landing.eyebrow')}</p>
            <h1 className="ys-hero__title" data-testid="landing-title">
              {banner.title}
            </h1>
            <p className="ys-hero__text">{banner.description}</p>
            <div className="ys-hero__actions">
              {banner.buttons.map((b, i) => (
                <ButtonLink key={`${b.name}-${i}`} button={b} primary={i === 0} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
      <nav className="ys-secmenu" aria-label={t('landing.menu')} data-testid="section-menu">
        <div className="ys-secmenu__inner">
          <div className="ys-secmenu__items">
            {details.product_details.map((s) => (
              <button key={s.id} type="button" className={`ys-secmenu__item${active === s.id ? ' is-active' : ''}`} onClick={() => jump(s.id)}>
                {s.top_title || s.title}
              </button>
            ))}
          </div>
          {withBuy ? (
            <button type="button" className="ys-btn ys-btn--primary ys-secmenu__buy" onClick={buy} data-testid="landing-buy">
              {t('landing.buy')}
            </button>
          ) : null}
        </div>
      </nav>
      {details.product_details.map((s, i) => (
        <Section key={s.id} section={s} alt={i % 2 === 1} />
      ))}
    </>
  );
}

/** Renders its children once they come within 600 px of the viewport (the template code loads then). */
function NearViewport({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} className="ys-tpl-wait" />;
}

function Section({ section: s, alt }: { section: ProductSection; alt: boolean }) {
  const { t } = useTranslation('site');
  return (
    <section
      id={`sec-${s.id}`}
      className={`ys-section ys-landing__sec${alt ? ' ys-section--alt' : ''}`}
      aria-labelledby={`sec-${s.id}-title`}
      data-section={s.type}
    >
      <div>
        <h2 className="ys-section__title" id={`sec-${s.id}-title`}>
          {s.title}
        </h2>
        {s.subtitle ? <p className="ys-section__lead">{s.subtitle}</p> : null}
        {s.type === 'specs' ? (
          <div className="ys-specs" role="list">
            {s.rows.map((r) => (
              <article key={r.flavor} className="ys-spec" role="listitem">
                <h3 className="ys-spec__name">{r.name}</h3>
                <p className="ys-spec__flavor">{r.flavor}</p>
                <p className="ys-spec__fit">{r.fit}</p>
                <p className="ys-spec__price">
                  <strong>{yuan(r.price_fen)}</strong>
                  <span>{t(`landing.per_${r.unit}`)}</span>
                </p>
              </article>
            ))}
          </div>
        ) : s.type === 'template' ? (
          <NearViewport>
            <Suspense fallback={<div className="ys-tpl-wait" />}>
              <TemplateView template={s.auto_template} scope={s.auto_template.id} />
            </Suspense>
          </NearViewport>
        ) : s.type === 'faq' ? (
          <dl className="ys-faq">
            {s.items.map((it) => (
              <div key={it.title} className="ys-faq__item">
                <dt>{it.title}</dt>
                <dd>{it.text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className={`ys-cards ys-cards--${s.type}`}>
            {s.items.map((it, i) => (
              <article key={it.title} className="ys-card">
                <span className="ys-card__num" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className="ys-card__title">{it.title}</h3>
                <p className="ys-card__text">{it.text}</p>
              </article>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
