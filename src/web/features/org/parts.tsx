// Pieces the organisation pages share: one list that is cards on a phone and a table from 768px,
// the destructive-action confirmation, loading and empty states, the page bar.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DotLoading, Empty } from 'antd-mobile';
import { useBreakpoint } from '../../lib/hooks.ts';

export interface Column<R> {
  id: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** shown on the card's first line (phone) */
  title?: boolean;
}

export function Loading() {
  const { t } = useTranslation('org');
  return (
    <div className="ys-org__center" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
}

export function Nothing({ text }: { text?: string }) {
  const { t } = useTranslation('org');
  return <Empty description={text ?? t('common.empty')} />;
}

export function Bar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ys-org__bar">
      <h1>{title}</h1>
      {children && <div className="ys-org__bar-actions">{children}</div>}
    </div>
  );
}

/** Cards on a phone, a table from the tablet width up; `actions` render in both. */
export function OrgList<R>({
  columns,
  rows,
  rowKey,
  actions,
  testId,
  onOpen,
}: {
  columns: Column<R>[];
  rows: R[];
  rowKey: (r: R) => string;
  actions?: (r: R) => ReactNode;
  testId: string;
  onOpen?: (r: R) => void;
}) {
  const { t } = useTranslation('org');
  const bp = useBreakpoint();
  if (!rows.length) return <Nothing />;
  if (bp === 'phone') {
    const title = columns.find((c) => c.title) ?? columns[0]!;
    return (
      <div className="ys-org__cards" data-testid={testId}>
        {rows.map((r) => (
          <div key={rowKey(r)} className="ys-org__card" data-testid={`${testId}-row`} data-id={rowKey(r)}>
            <div
              className={`ys-org__card-title${onOpen ? ' ys-org__link' : ''}`}
              role={onOpen ? 'link' : undefined}
              tabIndex={onOpen ? 0 : undefined}
              onClick={onOpen ? () => onOpen(r) : undefined}
              onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen(r) : undefined}
            >
              {title.cell(r)}
            </div>
            <dl className="ys-org__meta">
              {columns
                .filter((c) => c !== title)
                .map((c) => (
                  <div key={c.id}>
                    <dt>{c.header}</dt>
                    <dd>{c.cell(r)}</dd>
                  </div>
                ))}
            </dl>
            {actions && <div className="ys-org__card-actions">{actions(r)}</div>}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="ys-org__table-wrap">
      <table className="ys-org__table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col">
                {c.header}
              </th>
            ))}
            {actions && <th scope="col">{t('common.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid={`${testId}-row`} data-id={rowKey(r)}>
              {columns.map((c, i) => (
                <td key={c.id}>
                  {i === 0 && onOpen ? (
                    <button type="button" className="ys-org__link" onClick={() => onOpen(r)}>
                      {c.cell(r)}
                    </button>
                  ) : (
                    c.cell(r)
                  )}
                </td>
              ))}
              {actions && (
                <td>
                  <div className="ys-org__row-actions">{actions(r)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asks before a destructive action; true when confirmed. */
export function confirmDanger(title: string, content: string, confirmText: string, cancelText: string): Promise<boolean> {
  return Dialog.confirm({ title, content, confirmText: <span className="ys-org__danger-text">{confirmText}</span>, cancelText });
}
