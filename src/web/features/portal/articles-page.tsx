// Article lists: serviceAnnouncement (announcements, a dated list), cloudDynamic (news, a waterfall
// on phones and tablets), helpCenter (help articles by category; ?id= opens one), userManual
// (manuals and the static manual pages; ?id= opens one). Pages load 10 at a time (offset paging).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleKind, ArticleSummary } from '../../../domain/portal-content.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { loadWithSnapshot } from '../../offline/snapshots.ts';
import { useAtomValue } from 'jotai';
import { languageAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { fetchArticles, shanghaiTime } from './portal-data.tsx';
import { ArticleBody } from './article-view.tsx';
import { Waterfall } from './waterfall.tsx';
import './portal-home.css';
import './site.css';

const PAGE = 10;
const KIND_OF: Record<string, ArticleKind> = { serviceAnnouncement: 'announcement', cloudDynamic: 'news', helpCenter: 'help', userManual: 'manual' };
const DETAIL_OF: Partial<Record<ArticleKind, string>> = { announcement: '/serviceAnnouncementDetail', news: '/cloudDynamicDetail' };
/** The static manuals of the redirect routes (public/docs/{url}/manual.html). */
const STATIC_MANUALS = [
  { key: 'vpsOperate', href: '/docs/vps/manual.html' },
  { key: 'physicalModel', href: '/docs/physical-model/manual.html' },
  { key: 'ossOperate', href: '/docs/oss/manual.html' },
  { key: 'privacyProtocol', href: '/docs/privacy/manual.html' },
  { key: 'whitepaper', href: '/docs/whitepaper/manual.html' },
] as const;

/** Pages of one article kind with their offline snapshots; `more()` fetches the next page. */
export function useArticlePages(kind: ArticleKind) {
  const lang = useAtomValue(languageAtom);
  const [items, setItems] = useState<ArticleSummary[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [offline, setOffline] = useState(false);
  const busy = useRef(false);
  const loadPage = useCallback(
    async (offset: number, reset: boolean) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const got = await loadWithSnapshot(`portal:articles:${kind}:${offset}:${lang}`, () => fetchArticles(kind, PAGE, offset));
        setCount(got.value.count);
        setOffline(got.fromSnapshot);
        setItems((prev) => {
          const base = reset ? [] : prev;
          const ids = new Set(base.map((a) => a.id));
          return [...base, ...got.value.data.filter((a) => !ids.has(a.id))];
        });
        setFailed(false);
      } catch {
        setFailed(true);
      } finally {
        busy.current = false;
      }
    },
    [kind, lang],
  );
  useEffect(() => {
    setItems([]);
    setCount(null);
    void loadPage(0, true);
  }, [loadPage]);
  const hasMore = count !== null && items.length < count;
  const more = useCallback(() => {
    if (hasMore) void loadPage(items.length, false);
  }, [hasMore, items.length, loadPage]);
  return { items, count, failed, offline, hasMore, more };
}

export default function ArticlesPage() {
  const handle = usePageHandle();
  const name = handle?.name ?? 'serviceAnnouncement';
  const kind = KIND_OF[name] ?? 'announcement';
  const [params] = useSearchParams();
  const open = params.get('id');
  const { t } = useTranslation(['site_tools', 'site']);
  return (
    <PageFrame name={name} className="ys-home ys-articles">
      <header className="ys-pagehead">
        <div className="ys-pagehead__inner">
          <h1 className="ys-pagehead__title">{t(`articles.${kind}.title`)}</h1>
          <p className="ys-pagehead__lead">{t(`articles.${kind}.lead`)}</p>
        </div>
      </header>
      {open && (kind === 'help' || kind === 'manual') ? (
        <div className="ys-section">
          <Link className="ys-back" to={`/${name}`}>
            {t('articles.back')}
          </Link>
          <ArticleBody id={open} />
        </div>
      ) : (
        <ArticleList kind={kind} routeName={name} />
      )}
    </PageFrame>
  );
}

function ArticleList({ kind, routeName }: { kind: ArticleKind; routeName: string }) {
  const { t } = useTranslation(['site_tools', 'site']);
  const bp = useBreakpoint();
  const pages = useArticlePages(kind);
  const hrefOf = (a: ArticleSummary) => (DETAIL_OF[kind] ? `${DETAIL_OF[kind]}/${a.id}` : `/${routeName}?id=${a.id}`);
  const card = (a: ArticleSummary) => (
    <Link to={hrefOf(a)} className="ys-acard" data-testid="article-card">
      <span className="ys-acard__tag">{a.category}</span>
      <h2 className="ys-acard__title">{a.title}</h2>
      <p className="ys-acard__text">{a.summary}</p>
      <time className="ys-acard__date" dateTime={a.published_at}>
        {shanghaiTime(a.published_at)}
      </time>
    </Link>
  );
  const waterfall = kind === 'news' && bp !== 'desktop';
  return (
    <div className="ys-section">
      {pages.offline ? (
        <p className="ys-state__offline" role="status" data-testid="offline-copy">
          {t('site:state.offline_copy')}
        </p>
      ) : null}
      {pages.count === null && !pages.failed ? (
        <div className="ys-state ys-state--loading" role="status">
          <span className="ys-state__spin" aria-hidden="true" />
          {t('site:state.loading')}
        </div>
      ) : null}
      {pages.failed && pages.items.length === 0 ? (
        <div className="ys-state" role="alert">
          <p className="ys-state__title">{t('site:state.unavailable')}</p>
        </div>
      ) : null}
      {pages.count === 0 ? <p className="ys-state">{t('site:state.empty')}</p> : null}
      {waterfall ? (
        <Waterfall items={pages.items} keyOf={(a) => a.id} render={card} onEnd={pages.more} hasMore={pages.hasMore} testId="news-waterfall" />
      ) : kind === 'announcement' ? (
        <ul className="ys-alist" data-testid="article-list">
          {pages.items.map((a) => (
            <li key={a.id}>
              <Link to={hrefOf(a)} className="ys-alist__row" data-testid="article-card">
                <span className="ys-acard__tag">{a.category}</span>
                <span className="ys-alist__title">{a.title}</span>
                <time className="ys-alist__date" dateTime={a.published_at}>
                  {shanghaiTime(a.published_at)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="ys-agrid" data-testid="article-list">
          {pages.items.map((a) => (
            <div key={a.id}>{card(a)}</div>
          ))}
        </div>
      )}
      {pages.hasMore && !waterfall ? (
        <div className="ys-more">
          <button type="button" className="ys-btn ys-btn--outline ys-btn--tall" onClick={pages.more} data-testid="articles-more">
            {t('articles.more', { shown: pages.items.length, count: pages.count ?? 0 })}
          </button>
        </div>
      ) : null}
      {kind === 'manual' ? (
        <section className="ys-landing__sec" aria-labelledby="static-manuals">
          <h2 className="ys-section__title" id="static-manuals">
            {t('articles.static_manuals')}
          </h2>
          <ul className="ys-alist">
            {STATIC_MANUALS.map((m) => (
              <li key={m.key}>
                <a className="ys-alist__row" href={m.href}>
                  <span className="ys-alist__title">{t(`routes:${m.key}`)}</span>
                  <span className="ys-alist__date" aria-hidden="true">
                    ›
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {kind === 'help' ? (
        <aside className="ys-helpbar">
          <Link to="/userManual" className="ys-btn ys-btn--outline ys-btn--tall">
            {t('routes:userManual')}
          </Link>
          <Link to="/support" className="ys-btn ys-btn--outline ys-btn--tall">
            {t('routes:support')}
          </Link>
          <Link to="/contact-us" className="ys-btn ys-btn--outline ys-btn--tall">
            {t('routes:contact-us')}
          </Link>
        </aside>
      ) : null}
    </div>
  );
}
