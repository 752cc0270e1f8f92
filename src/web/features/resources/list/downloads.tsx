// The export records (downloadRecord / downloadResource): the caller's export tasks with their
// state and a download link (a blob saved under the content-disposition file name). Tasks still
// being written refresh every few seconds. Previous/next-only paging (no total).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { kindByProductCode } from '../../../../domain/kinds/registry.ts';
import { EXPORT_MAX_ROWS } from '../../../../domain/constants.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table/data-table.tsx';
import { Pagination } from '../../../ui/data-table/pagination.tsx';
import { downloadExport, listExports, type ExportTask } from '../api.ts';
import { formatTime } from '../kind-meta.ts';
import { resourceKeys } from '../query-keys.ts';

const RUNNING = new Set(['queued', 'running']);

export function Downloads({ title, productCode }: { title: string; productCode?: string }) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const params = { __limit: pageSize, __offset: (page - 1) * pageSize, ...(productCode ? { product_code: productCode } : {}) };
  const q = useQuery({
    queryKey: resourceKeys.exports(params),
    queryFn: () => listExports(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((x) => RUNNING.has(x.state)) ? 2000 : false),
  });
  const rows = q.data?.data ?? [];
  const product = (code: string) => {
    const k = kindByProductCode(code);
    // lists that are not a kind's (the operation log) name themselves under downloads.products
    return k ? t(`kinds:${k.kind}.name`) : t(`resources:downloads.products.${code}`, { defaultValue: code });
  };
  // The server stops at EXPORT_MAX_ROWS and says so: the record tells the user the file is not the whole list.
  const cut = (x: ExportTask) => (x.truncated ? t('resources:downloads.truncated', { max: EXPORT_MAX_ROWS.toLocaleString('en-US') }) : '');
  const state = (s: string) => (
    <span className={`ys-status ys-status--${s === 'done' ? 'success' : s === 'failed' ? 'danger' : 'processing'}`} data-state={s}>
      <i className="ys-status__dot" />
      {t(`resources:downloads.state_${s}`, { defaultValue: s })}
    </span>
  );
  const link = (x: ExportTask) =>
    x.download_url ? (
      <Button
        size="mini"
        color="primary"
        fill="none"
        data-testid="download-link"
        data-task={x.id}
        onClick={() => void downloadExport(x.download_url!, x.file_name).catch(() => undefined)}
      >
        {t('resources:downloads.download')}
      </Button>
    ) : (
      <span className="ys-muted">-</span>
    );
  const columns: DataColumn<ExportTask>[] = [
    { id: 'file_name', header: t('resources:downloads.file'), frozen: true, text: (x) => x.file_name, cell: (x) => <span>{x.file_name}</span> },
    { id: 'product', header: t('resources:downloads.product'), text: (x) => product(x.product_code), cell: (x) => <span>{product(x.product_code)}</span> },
    { id: 'state', header: t('resources:downloads.state'), text: (x) => x.state, cell: (x) => state(x.state) },
    {
      id: 'rows',
      header: t('resources:downloads.rows'),
      text: (x) => [x.row_count ?? '-', cut(x)].filter(Boolean).join(' '),
      cell: (x) => (
        <span>
          {x.row_count ?? '-'}
          {x.truncated ? (
            <span className="ys-downloads__cut" data-testid="export-truncated">
              {' '}
              {cut(x)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: t('resources:downloads.created_at'),
      text: (x) => formatTime(x.created_at),
      cell: (x) => <span>{formatTime(x.created_at)}</span>,
    },
    { id: 'download', header: t('resources:downloads.download'), text: () => '', cell: link },
  ];
  return (
    <div className="ys-downloads" data-testid="downloads">
      {bp !== 'phone' ? <h1 className="ys-page__title">{title}</h1> : null}
      {bp === 'phone' ? (
        <div className="ys-rlist__cards">
          {rows.map((x) => (
            <article key={x.id} className="ys-card" data-testid="download-card">
              <div className="ys-card__top">
                <div className="ys-card__name">{x.file_name}</div>
                {state(x.state)}
              </div>
              <div className="ys-card__place">{`${product(x.product_code)} · ${formatTime(x.created_at)}`}</div>
              {x.truncated ? (
                <div className="ys-card__place" data-testid="export-truncated">
                  {cut(x)}
                </div>
              ) : null}
              <div className="ys-card__actions">{link(x)}</div>
            </article>
          ))}
          {!q.isLoading && !rows.length ? <div className="ys-empty">{t('resources:table.empty')}</div> : null}
        </div>
      ) : (
        <DataTable<ExportTask> columns={columns} rows={rows} rowKey={(x) => x.id} loading={q.isLoading} testId="downloads-table" />
      )}
      <Pagination
        page={page}
        pageSize={pageSize}
        pageRows={rows.length}
        onChange={(p, s) => {
          setPage(s !== pageSize ? 1 : p);
          setPageSize(s);
        }}
      />
    </div>
  );
}
