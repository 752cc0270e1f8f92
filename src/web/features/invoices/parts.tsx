// Shared pieces of the invoice and contract screens: a list that is a table from 768px (tablet,
// the reference; desktop the same with more room) and cards on a phone, the state tag, a labelled
// field list, the receiptManage section tabs and the loading / failure / empty states.
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { fenToYuan } from '../../../domain/pricing.ts';
import { formatDateTime } from '../../../domain/time-format.ts';

export const yuan = (fen: number) => `¥${Number(fenToYuan(fen)).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
export const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

export interface Column<T> {
  key: string;
  /** the column title key under invoices:col */
  title: string;
  render: (row: T) => ReactNode;
  /** the value a card shows as its heading */
  main?: boolean;
  align?: 'end';
  /** shown only from 1200px (the tablet's table keeps to what matters) */
  wide?: boolean;
}

const cellClass = (c: { align?: 'end'; wide?: boolean }) =>
  [c.align === 'end' ? 'ys-inv__num' : '', c.wide ? 'ys-inv__wide' : ''].join(' ').trim() || undefined;

/** A table from 768px, cards below; a row (card) opens `to(row)` when given. */
export function DataView<T extends { id: string }>({ rows, columns, to, testId }: { rows: T[]; columns: Column<T>[]; to?: (r: T) => string; testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const main = columns.find((c) => c.main) ?? columns[0]!;
  return (
    <div className="ys-inv__data" data-testid={testId}>
      <div className="ys-inv__scroll">
        <table className="ys-inv__table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} className={cellClass(c)} scope="col">
                  {t(`invoices:col.${c.title}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-id={r.id}>
                {columns.map((c) => (
                  <td key={c.key} className={cellClass(c)}>
                    {c === main && to ? <Link to={to(r)}>{c.render(r)}</Link> : c.render(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="ys-inv__cards">
        {rows.map((r) => (
          <li key={r.id} data-id={r.id} className="ys-inv__card">
            <div
              className="ys-inv__card-head"
              role={to ? 'link' : undefined}
              tabIndex={to ? 0 : undefined}
              onClick={to ? () => void navigate(to(r)) : undefined}
              onKeyDown={to ? (e) => e.key === 'Enter' && void navigate(to(r)) : undefined}
            >
              {main.render(r)}
            </div>
            <dl className="ys-inv__card-body">
              {columns
                .filter((c) => c !== main)
                .map((c) => (
                  <div key={c.key} className="ys-inv__pair">
                    <dt>{t(`invoices:col.${c.title}`)}</dt>
                    <dd>{c.render(r)}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StateTag({ state, group = 'invoice' }: { state: string | null; group?: 'invoice' | 'bill' | 'reversal' | 'approval' | 'ar' | 'contract' }) {
  const { t } = useTranslation();
  if (!state) return <span className="ys-muted">—</span>;
  return (
    <span className={`ys-inv__state ys-inv__state--${state}`} data-state={state}>
      {t(`invoices:state_${group}.${state}`)}
    </span>
  );
}

export function Fields({ items }: { items: [string, ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <dl className="ys-inv__fields">
      {items.map(([k, v]) => (
        <div key={k} className="ys-inv__pair">
          <dt>{t(`invoices:col.${k}`)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS = [
  ['receiptManage_billApply', '/receiptManage/billApply'],
  ['receiptManage_invoiceManage', '/receiptManage/invoiceManage'],
  ['receiptManage_billHistory', '/receiptManage/billHistory'],
  ['receiptManage_billUndistributedHistory', '/receiptManage/billUndistributedHistory'],
  ['receiptManage_billOaHistory', '/receiptManage/billOaHistory'],
  ['receiptManage_arDocManage', '/receiptManage/arDocManage'],
] as const;

/** The sections of 发票管理, as links (each is its own route). */
export function ReceiptTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <nav className="ys-inv__tabs" aria-label={t('routes:receiptManage')}>
      <Link
        to="/receiptManage"
        className={current === 'receiptManage' ? 'is-current' : undefined}
        aria-current={current === 'receiptManage' ? 'page' : undefined}
      >
        {t('invoices:tabs.pools')}
      </Link>
      {SECTIONS.map(([name, path]) => (
        <Link key={name} to={path} className={current === name ? 'is-current' : undefined} aria-current={current === name ? 'page' : undefined}>
          {t(`routes:${name}`)}
        </Link>
      ))}
    </nav>
  );
}

/** Loading, failure with retry, empty, or the content. */
export function QueryView<T>({ q, empty, children }: { q: UseQueryResult<T>; empty?: (d: T) => boolean; children: (d: T) => ReactNode }) {
  const { t } = useTranslation();
  if (q.isPending)
    return (
      <div className="ys-inv__loading" role="status">
        <DotLoading /> {t('invoices:loading')}
      </div>
    );
  if (q.isError)
    return (
      <ErrorBlock status="default" title={t('invoices:load_failed')} description="">
        <Button onClick={() => void q.refetch()}>{t('invoices:retry')}</Button>
      </ErrorBlock>
    );
  if (empty?.(q.data)) return <ErrorBlock status="empty" title={t('invoices:empty')} description="" />;
  return <>{children(q.data)}</>;
}
