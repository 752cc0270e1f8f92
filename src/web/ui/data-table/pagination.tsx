// Pagination of the shared list page: page sizes 10/20/30/40 (a custom size is inserted in
// order), total, prev/pager/next/jumper; or the previous/next-only mode without a total, where
// next is disabled when the page came back with fewer (or more) rows than the limit. `small` is the
// seed's second pager for lists inside a detail (5 or 10 a page, hidden for one page).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMALL_PAGE_SIZES, hasNextPage, pageSizeOptions, pageWindow, smallPagerShown } from './table-rules.ts';

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** undefined: previous/next-only mode */
  total?: number;
  /** rows the current page returned (previous/next-only mode) */
  pageRows: number;
  onChange: (page: number, pageSize: number) => void;
  /** the second pager (lists inside a detail): 5 or 10 a page, prev/pager/next/jumper, hidden for one page */
  small?: boolean;
}

export function Pagination({ page, pageSize, total, pageRows, onChange, small = false }: PaginationProps) {
  const { t } = useTranslation('resources');
  const [jump, setJump] = useState('');
  const next = hasNextPage({ page, pageSize, total, pageRows });
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  if (small && !smallPagerShown({ page, pageSize, total })) return null;
  return (
    <nav className={`ys-pager${small ? ' ys-pager--small' : ''}`} aria-label={t('table.pagination')} data-testid="pagination">
      {total !== undefined && !small ? <span className="ys-pager__total">{t('table.total', { count: total })}</span> : null}
      <select className="ys-pager__size" aria-label={t('table.page_size')} value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
        {pageSizeOptions(pageSize, small ? SMALL_PAGE_SIZES : undefined).map((s) => (
          <option key={s} value={s}>
            {t('table.per_page', { size: s })}
          </option>
        ))}
      </select>
      <button type="button" className="ys-pager__btn" disabled={page <= 1} data-testid="page-prev" onClick={() => onChange(page - 1, pageSize)}>
        {t('table.prev')}
      </button>
      {pages !== undefined ? (
        pageWindow(page, pages).map((p, i) =>
          p === '…' ? (
            <span key={`gap-${i}`} className="ys-pager__gap">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`ys-pager__btn${p === page ? ' is-current' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p, pageSize)}
            >
              {p}
            </button>
          ),
        )
      ) : (
        <span className="ys-pager__current">{page}</span>
      )}
      <button type="button" className="ys-pager__btn" disabled={!next} data-testid="page-next" onClick={() => onChange(page + 1, pageSize)}>
        {t('table.next')}
      </button>
      {pages !== undefined && pages > 1 ? (
        <label className="ys-pager__jump">
          {t('table.jump_to')}
          <input
            inputMode="numeric"
            value={jump}
            onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && jump) {
                onChange(Math.min(pages, Math.max(1, Number(jump))), pageSize);
                setJump('');
              }
            }}
          />
        </label>
      ) : null}
    </nav>
  );
}
