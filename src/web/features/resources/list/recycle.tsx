// The recycle bin (ecsRecycle): deleted hosts and disks of the kinds that recycle, with their
// retention, recover (related disks come back, billing resumes) and destroy (confirm dialog).
import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/light/overlay.tsx';
import { Tabs } from '../../../ui/light/tabs.tsx';
import { Toast } from '../../../ui/light/toast.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import type { DataColumn, RowAction } from '../../../ui/data-table/data-table.tsx';
import { Pagination } from '../../../ui/data-table/pagination.tsx';
import { listRecycle, recycleAction } from '../api.ts';
import { actionLabel, formatTime, type Resource } from '../kind-meta.ts';
import { CopyId, StatusBadge } from '../parts.tsx';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { resourceKeys } from '../query-keys.ts';
// The cards' action buttons and the pager are styled there (CSS only: the table's script stays lazy).
import '../../../ui/data-table/data-table.css';

// The desktop table loads at its width only; the phone draws cards (issue 28).
const DataTable = lazy(() => import('../../../ui/data-table/data-table.tsx').then((m) => ({ default: m.DataTable<Resource> })));

function RecycleList({ def }: { def: ListKind }) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const params = { __limit: pageSize, __offset: (page - 1) * pageSize };
  const q = useQuery({ queryKey: resourceKeys.recycle(def.kind, params), queryFn: () => listRecycle(def.kind, params), placeholderData: keepPreviousData });
  const [confirm, setConfirm] = useState<Resource | null>(null);
  const rows = q.data?.data ?? [];
  const act = async (r: Resource, action: 'recover' | 'destroy') => {
    try {
      const res = await recycleAction(r.id, action);
      Toast.show({ content: res.message ?? t('resources:messages.done') });
      void client.invalidateQueries({ queryKey: resourceKeys.recycleOf(def.kind) });
      void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
    } catch {
      /* notice shown */
    }
  };
  const actions = (r: Resource): RowAction[] =>
    r.status !== 'deleted'
      ? []
      : [
          { key: 'recover', label: actionLabel(t, def, 'recover'), onClick: () => void act(r, 'recover') },
          { key: 'destroy', label: actionLabel(t, def, 'destroy'), danger: true, onClick: () => setConfirm(r) },
        ];
  const columns: DataColumn<Resource>[] = [
    { id: 'name', header: t(`kinds:${def.kind}.fields.name`), frozen: true, text: (r) => r.name, cell: (r) => <span>{r.name}</span> },
    { id: 'id', header: 'ID', copyable: true, text: (r) => r.id, cell: (r) => <span>{r.id}</span> },
    { id: 'status', header: t(`kinds:${def.kind}.fields.status`), text: (r) => r.status, cell: (r) => <StatusBadge def={def} status={r.status} /> },
    {
      id: 'recycled_at',
      header: t('resources:recycle.recycled_at'),
      text: (r) => formatTime(r.spec.recycled_at),
      cell: (r) => <span>{formatTime(r.spec.recycled_at) || '-'}</span>,
    },
    {
      id: 'recycle_until',
      header: t('resources:recycle.until'),
      text: (r) => formatTime(r.spec.recycle_until),
      cell: (r) => <span>{formatTime(r.spec.recycle_until) || '-'}</span>,
    },
  ];
  return (
    <div className="ys-recycle" data-kind={def.kind}>
      {bp === 'phone' ? (
        <div className="ys-rlist__cards">
          {rows.map((r) => (
            <article key={r.id} className="ys-card" data-testid="recycle-card" data-id={r.id}>
              <div className="ys-card__top">
                <div className="ys-card__name">{r.name}</div>
                <StatusBadge def={def} status={r.status} />
              </div>
              {/* Not the 32-hex id on a card (issue 28): 「ID」 with its copy button. */}
              <CopyId id={r.id} shown="ID" label={t('resources:table.copy_id')} />
              <div className="ys-card__place">{t('resources:recycle.until_short', { time: formatTime(r.spec.recycle_until) || '-' })}</div>
              <div className="ys-card__actions">
                {actions(r).map((a) => (
                  <button key={a.key} type="button" className={`ys-dt__action${a.danger ? ' is-danger' : ''}`} onClick={a.onClick}>
                    {a.label}
                  </button>
                ))}
              </div>
            </article>
          ))}
          {!q.isLoading && !rows.length ? <div className="ys-empty">{t('resources:table.empty')}</div> : null}
        </div>
      ) : (
        <Suspense fallback={<div className="ys-empty">{t('resources:common.loading')}</div>}>
          <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} rowActions={actions} loading={q.isLoading} testId="recycle-table" />
        </Suspense>
      )}
      <Pagination
        page={page}
        pageSize={pageSize}
        total={q.data?.count}
        pageRows={rows.length}
        onChange={(p, s) => {
          setPage(s !== pageSize ? 1 : p);
          setPageSize(s);
        }}
      />
      <Dialog
        visible={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('resources:dialog.delete.title', { action: actionLabel(t, def, 'destroy') })}
        content={t('resources:recycle.destroy_confirm', { name: confirm?.name ?? '' })}
        actions={[
          [
            { key: 'cancel', text: t('resources:common.cancel'), onClick: () => setConfirm(null) },
            {
              key: 'ok',
              text: actionLabel(t, def, 'destroy'),
              danger: true,
              bold: true,
              onClick: () => {
                const r = confirm;
                setConfirm(null);
                if (r) void act(r, 'destroy');
              },
            },
          ],
        ]}
      />
    </div>
  );
}

export function RecycleBin({ defs, title }: { defs: readonly ListKind[]; title: string }) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const [active, setActive] = useState(defs[0]?.kind ?? '');
  return (
    <div className="ys-recyclebin">
      {bp !== 'phone' ? <h1 className="ys-page__title">{title}</h1> : null}
      <p className="ys-muted">{t('resources:recycle.notice')}</p>
      <Tabs activeKey={active} onChange={setActive}>
        {defs.map((d) => (
          <Tabs.Tab key={d.kind} title={t(`kinds:${d.kind}.name`)}>
            <RecycleList def={d} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </div>
  );
}
