// 表空间 (databaseDetail_tableSpaces, ADR 0058): the instance's own tables with their real sizes
// (PostgreSQL pg_total_relation_size, MySQL information_schema.TABLES), largest first, with totals.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { useWide } from './admin-frame.tsx';
import { O, OpsFrame, OpsState, refusalText } from './ops-frame.tsx';
import { bytesText, countText, opsKeys, tableSizes } from './ops-api.ts';

const S = `${O}.tables`;

function TablesBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const wide = useWide();
  const q = useQuery({ queryKey: opsKeys.tables(id), queryFn: () => tableSizes(id) });
  if (q.isPending) return <OpsState loading text={t(`${O}.loading`)} />;
  if (q.isError) return <OpsState text={refusalText(q.error, t(`${O}.failed_load`))} />;
  const { totals, schemas, data } = q.data;
  const schemaLabel = t(q.data.engine === 'mysql' ? `${S}.database` : `${S}.schema`);
  const tiles = [
    { key: 'total', label: t(`${S}.total`), value: bytesText(totals.total_bytes) },
    { key: 'data', label: t(`${S}.data`), value: bytesText(totals.data_bytes) },
    { key: 'index', label: t(`${S}.index`), value: bytesText(totals.index_bytes) },
    { key: 'tables', label: t(`${S}.count`), value: t(`${S}.count_value`, { n: totals.tables }) },
  ];
  return (
    <>
      <div className="ys-ops__tiles" data-testid="tables-totals">
        {tiles.map((x) => (
          <div key={x.key} className="ys-ops__tile">
            <span className="ys-ops__tile-label">{x.label}</span>
            <span className="ys-ops__tile-value">{x.value}</span>
          </div>
        ))}
      </div>
      {schemas.length > 1 ? (
        <p className="ys-ops__note">{schemas.map((s) => t(`${S}.by_schema`, { schema: s.schema, n: s.tables, size: bytesText(s.total_bytes) })).join('；')}</p>
      ) : null}
      {!data.length ? (
        <OpsState text={t(`${S}.empty`)} testId="tables-empty" />
      ) : wide ? (
        <table className="ys-ops__table" data-testid="tables-table">
          <thead>
            <tr>
              <th>{t(`${S}.table`)}</th>
              <th>{schemaLabel}</th>
              <th className="ys-ops__num">{t(`${S}.rows`)}</th>
              <th className="ys-ops__num">{t(`${S}.data`)}</th>
              <th className="ys-ops__num">{t(`${S}.index`)}</th>
              <th className="ys-ops__num">{t(`${S}.total`)}</th>
              <th>{t(`${S}.share`)}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={`${r.schema}.${r.table}`}>
                <td className="ys-ops__mono">{r.table}</td>
                <td className="ys-ops__mono">{r.schema}</td>
                <td className="ys-ops__num">{countText(r.rows)}</td>
                <td className="ys-ops__num">{bytesText(r.data_bytes)}</td>
                <td className="ys-ops__num">{bytesText(r.index_bytes)}</td>
                <td className="ys-ops__num ys-ops__strong">{bytesText(r.total_bytes)}</td>
                <td>
                  <Share part={r.total_bytes} whole={totals.total_bytes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="ys-ops__cards" data-testid="tables-cards">
          {data.map((r) => (
            <article key={`${r.schema}.${r.table}`} className="ys-ops__card">
              <div className="ys-ops__card-top">
                <span className="ys-ops__mono ys-ops__strong">{r.table}</span>
                <span className="ys-ops__strong">{bytesText(r.total_bytes)}</span>
              </div>
              <Share part={r.total_bytes} whole={totals.total_bytes} />
              <div className="ys-ops__kv">
                <span>{schemaLabel}</span>
                <span className="ys-ops__mono">{r.schema}</span>
              </div>
              <div className="ys-ops__kv">
                <span>{t(`${S}.rows`)}</span>
                <span>{countText(r.rows)}</span>
              </div>
              <div className="ys-ops__kv">
                <span>
                  {t(`${S}.data`)} / {t(`${S}.index`)}
                </span>
                <span>
                  {bytesText(r.data_bytes)} / {bytesText(r.index_bytes)}
                </span>
              </div>
            </article>
          ))}
        </div>
      )}
    </>
  );
}

function Share({ part, whole }: { part: number; whole: number }) {
  const pct = whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
  return (
    <div className="ys-ops__bar" title={`${pct}%`}>
      <span style={{ width: `${Math.max(pct, 1)}%` }} />
      <em>{pct}%</em>
    </div>
  );
}

export function TableSpacesPage({ id }: KindPageProps<true>) {
  return (
    <OpsFrame id={id} page="databaseDetail_tableSpaces">
      {() => <TablesBody id={id} />}
    </OpsFrame>
  );
}
