// A list that is cards on phones and tablets (the first column as the card's title) and a table from
// 1024 px, with the row's actions at the end; the labels come translated from the caller.
import type { ReactNode } from 'react';
import './card-table.css';

export interface CardColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** long values may wrap in the table; the rest stay on one line */
  wrap?: boolean;
}

export function CardTable<T>({
  rows,
  rowKey,
  columns,
  actions,
  actionsLabel,
  testid,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly CardColumn<T>[];
  actions?: (row: T) => ReactNode;
  actionsLabel?: string;
  testid: string;
}) {
  const [head, ...rest] = columns;
  return (
    <>
      <ul className="ys-ct__cards">
        {rows.map((row) => (
          <li key={rowKey(row)} className="ys-ct__card" data-testid={`${testid}-card`}>
            <div className="ys-ct__head">{head!.render(row)}</div>
            <dl className="ys-ct__dl">
              {rest.map((c) => (
                <div key={c.key} className="ys-ct__row">
                  <dt>{c.label}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="ys-ct__actions">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
      <table className="ys-ct__table" data-testid={`${testid}-table`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
            {actions ? <th>{actionsLabel}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={`${testid}-row`}>
              {columns.map((c) => (
                <td key={c.key} className={c.wrap ? 'ys-ct__wrap' : 'ys-ct__nowrap'}>
                  {c.render(row)}
                </td>
              ))}
              {actions ? (
                <td>
                  <div className="ys-ct__actions">{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A labelled form field with its hint and, while the value breaks a rule, the rule in red. */
export function FormField({ label, hint, error, children }: { label: string; hint?: string; error?: string | null; children: ReactNode }) {
  return (
    <label className="ys-ct__field">
      <span className="ys-ct__label">{label}</span>
      {children}
      {error ? (
        <small className="ys-ct__error" role="alert">
          {error}
        </small>
      ) : hint ? (
        <small className="ys-ct__hint">{hint}</small>
      ) : null}
    </label>
  );
}
