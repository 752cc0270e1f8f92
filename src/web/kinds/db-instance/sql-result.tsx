// The answer of a statement: a table (columns, rows; it scrolls sideways on a phone) with the row
// count, the time taken and a notice when the server cut the rows at its limit; a statement with no
// columns (DDL, DML) says how many rows it touched; a refusal is the platform's {title, description}.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure, SqlAnswer } from './sql-api.ts';

/** A cell as text: NULL apart, objects (JSON columns) as JSON. */
function cellText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

/** Columns whose every value is a number, set right as numbers are read. */
const numericColumns = (answer: SqlAnswer) =>
  answer.columns.map((_, j) => answer.rows.length > 0 && answer.rows.every((r) => r[j] === null || r[j] === undefined || typeof r[j] === 'number'));

function Table({ answer }: { answer: SqlAnswer }) {
  const { t } = useTranslation();
  const numeric = numericColumns(answer);
  return (
    <div className="ys-sql__scroll" tabIndex={0} data-testid="sql-table">
      <table className="ys-sql__table">
        <thead>
          <tr>
            <th className="ys-sql__idx">#</th>
            {answer.columns.map((c, i) => (
              <th key={i} className={numeric[i] ? 'ys-sql__num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((r, i) => (
            <tr key={i}>
              <td className="ys-sql__idx">{i + 1}</td>
              {r.map((v, j) =>
                v === null || v === undefined ? (
                  <td key={j} className="ys-sql__null">
                    {t('kinds:db_instance.console.null')}
                  </td>
                ) : (
                  <td key={j} className={numeric[j] ? 'ys-sql__num' : undefined} title={cellText(v).length > 40 ? cellText(v) : undefined}>
                    {cellText(v)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {answer.rows.length ? null : <div className="ys-sql__state">{t('kinds:db_instance.console.no_rows')}</div>}
    </div>
  );
}

interface ResultProps {
  ref: Ref<HTMLElement>;
  answer: SqlAnswer | undefined;
  failure: Failure | null;
  running: boolean;
}

export function SqlResult({ ref, answer, failure, running }: ResultProps) {
  const { t } = useTranslation();
  let body;
  if (running) body = <div className="ys-sql__state">{t('kinds:db_instance.console.running')}</div>;
  else if (failure)
    body = (
      <div className="ys-sql__error" role="alert" data-testid="sql-error">
        <strong>{failure.title}</strong>
        <p>{failure.description}</p>
      </div>
    );
  else if (!answer) body = <div className="ys-sql__state">{t('kinds:db_instance.console.result_empty')}</div>;
  else
    body = (
      <>
        <p className="ys-sql__meta" data-testid="sql-meta">
          <span>{t(answer.columns.length ? 'kinds:db_instance.console.rows' : 'kinds:db_instance.console.affected', { count: answer.row_count })}</span>
          <span>{t('kinds:db_instance.console.elapsed', { ms: answer.elapsed_ms })}</span>
        </p>
        {answer.truncated ? (
          <p className="ys-sql__notice" data-testid="sql-truncated">
            {t('kinds:db_instance.console.truncated', { limit: answer.limit })}
          </p>
        ) : null}
        {answer.columns.length ? <Table answer={answer} /> : null}
      </>
    );
  return (
    <section ref={ref} className="ys-sql__result" aria-live="polite" data-testid="sql-result">
      <h2 className="ys-sql__h2">{t('kinds:db_instance.console.result')}</h2>
      {body}
    </section>
  );
}
