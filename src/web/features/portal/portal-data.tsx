// The public portal's reads: one plain request each, kept as an offline snapshot (IndexedDB,
// offline/snapshots.ts) so a product page or article a visitor opened stays readable offline; and
// the loading, not-found and offline-copy states of those pages (one module: one chunk).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import type { Article, ArticleKind, ArticleSummary, ProductDetails, TemplateOut } from '../../../domain/portal-content.ts';
import { get } from '../../lib/request.ts';
import { takeEarlyData } from '../../lib/early-get.ts';
import { languageAtom } from '../../lib/store.ts';
import { loadWithSnapshot, saveSnapshot } from '../../offline/snapshots.ts';

const quiet = { isNeedloading: false, notice: false } as const;

export type LoadState<T> = { status: 'loading' } | { status: 'error'; notFound: boolean } | { status: 'ready'; value: T; fromSnapshot: boolean };

/**
 * Loads `key` through `fetcher` (with its offline snapshot) whenever the key or language changes.
 * `initial` may answer at once on the first render (the data the page's HTML carries): it is kept as
 * the snapshot and nothing is requested for that key and language.
 */
export function useSnapshotLoad<T>(key: string | null, fetcher: () => Promise<T>, initial?: (lang: string) => T | undefined): LoadState<T> {
  const lang = useAtomValue(languageAtom);
  const first = useRef<{ key: string; lang: string; value: T } | undefined>(undefined);
  const [state, setState] = useState<LoadState<T>>(() => {
    const value = key ? initial?.(lang) : undefined;
    if (!key || value === undefined) return { status: 'loading' };
    first.current = { key, lang, value };
    return { status: 'ready', value, fromSnapshot: false };
  });
  useEffect(() => {
    if (!key) {
      setState({ status: 'error', notFound: true });
      return;
    }
    // The HTML's data serves the first render only; any later key or language is asked for.
    const given = first.current;
    first.current = undefined;
    if (given && given.key === key && given.lang === lang) {
      void saveSnapshot(`portal:${key}:${lang}`, given.value).catch(() => undefined);
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadWithSnapshot(`portal:${key}:${lang}`, fetcher).then(
      (loaded) => live && setState({ status: 'ready', value: loaded.value, fromSnapshot: loaded.fromSnapshot }),
      (err: unknown) => live && setState({ status: 'error', notFound: (err as { status?: number })?.status === 404 }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names what the fetcher reads
  }, [key, lang]);
  return state;
}

const productPath = (id: string) => `auto_product_details/${encodeURIComponent(id)}`;
/** A landing page's details; the entry may have started this request already (lib/request.ts prefetch). */
export const fetchProduct = (id: string) => get<ProductDetails>(productPath(id), undefined, quiet);
/** A landing page's details as its HTML carries them, in `lang` (lib/early-get.ts), once. */
export const inlineProduct = (id: string, lang: string) => takeEarlyData<ProductDetails>(productPath(id), lang);
export const fetchArticles = (kind: ArticleKind, limit: number, offset: number) =>
  get<{ count: number; data: ArticleSummary[] }>('v1/portal/articles', { kind, __limit: limit, __offset: offset }, quiet);
export const fetchArticle = (id: string) => get<Article>(`v1/portal/articles/${encodeURIComponent(id)}`, undefined, quiet);
export const fetchCustomPage = (id: string) => get<TemplateOut>(`v1/customize_pages/${encodeURIComponent(id)}`, undefined, quiet);

/** 2026-11-23 14:05 in Asia/Shanghai (dates never in US order). */
export function shanghaiTime(iso: string, withTime = false): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  const day = `${p('year')}-${p('month')}-${p('day')}`;
  return withTime ? `${day} ${p('hour')}:${p('minute')}` : day;
}

/** Integer fen as yuan with two decimals and thousands separators: ¥1,280.00. */
export const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Loading, not-found and offline-without-copy states shared by the portal's data pages. */
export function PageState<T>({ state, children }: { state: LoadState<T>; children: (value: T) => ReactNode }) {
  const { t } = useTranslation('site');
  if (state.status === 'loading')
    return (
      <div className="ys-state ys-state--loading" role="status" aria-live="polite">
        <span className="ys-state__spin" aria-hidden="true" />
        {t('state.loading')}
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="ys-state" role="alert" data-testid="page-state-error">
        <p className="ys-state__title">{state.notFound ? t('state.not_found') : t('state.unavailable')}</p>
        <Link className="ys-btn ys-btn--primary" to="/portal">
          {t('state.home')}
        </Link>
      </div>
    );
  return (
    <>
      {state.fromSnapshot ? (
        <p className="ys-state__offline" role="status" data-testid="offline-copy">
          {t('state.offline_copy')}
        </p>
      ) : null}
      {children(state.value)}
    </>
  );
}
