// The instance's statements, newest first (GET …/sql/history): tap one to put it back in the editor.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../domain/time-format.ts';
import { sqlHistory, sqlKeys, type SqlHistoryEntry } from './sql-api.ts';

function Entry({ h, onPick }: { h: SqlHistoryEntry; onPick: (sql: string) => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="ys-sql__item" data-testid="sql-history-item" onClick={() => onPick(h.statement)}>
        <code className="ys-sql__stmt">{h.statement}</code>
        <span className="ys-sql__itemmeta">
          <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time>
          <span className={h.ok ? 'ys-sql__ok' : 'ys-sql__bad'}>{t(h.ok ? 'kinds:db_instance.console.ok' : 'kinds:db_instance.console.error')}</span>
          {h.readonly ? <span className="ys-sql__tag">{t('kinds:db_instance.console.readonly')}</span> : null}
          {h.ok ? <span>{t('kinds:db_instance.console.history_rows', { count: h.row_count })}</span> : null}
          <span>{t('kinds:db_instance.console.ms', { ms: h.elapsed_ms })}</span>
        </span>
        {h.error ? <span className="ys-sql__itemerr">{h.error}</span> : null}
      </button>
    </li>
  );
}

export function SqlHistory({ id, onPick }: { id: string; onPick: (sql: string) => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: sqlKeys.history(id), queryFn: () => sqlHistory(id) });
  const rows = q.data?.data ?? [];
  let body;
  if (q.isPending) body = <div className="ys-sql__state">{t('kinds:db_instance.console.loading')}</div>;
  else if (q.isError) body = <div className="ys-sql__state">{t('kinds:db_instance.console.history_failed_load')}</div>;
  else if (!rows.length) body = <div className="ys-sql__state">{t('kinds:db_instance.console.history_empty')}</div>;
  else
    body = (
      <ol className="ys-sql__list">
        {rows.map((h) => (
          <Entry key={h.id} h={h} onPick={onPick} />
        ))}
      </ol>
    );
  return (
    <aside className="ys-sql__history" data-testid="sql-history">
      <h2 className="ys-sql__h2">
        {t('kinds:db_instance.console.history')}
        {rows.length ? <small>{t('kinds:db_instance.console.history_hint')}</small> : null}
      </h2>
      {body}
    </aside>
  );
}
