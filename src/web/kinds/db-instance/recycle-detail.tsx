// 回收站实例详情 (dbRecycleBinDetail): a deleted instance in the engine's recycle bin — when it was
// deleted and when it will be destroyed for good — with the bin's own restore and destroy (confirmed),
// through the same /api/recyclebin calls as the kind's derived recycle list (dbRecycleBin).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { getResource, recycleAction } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { detailPath, routePath, statusLabel } from '../../features/resources/kind-meta.ts';
import { OpsState, refusalText } from './ops-frame.tsx';
import './ops.css';

const R = 'kinds:db_instance.ops.recycle';

/** What is left before the purge, in days and hours (0 once it is due). */
export function remaining(until: string | undefined, now = Date.now()): { days: number; hours: number } | null {
  const end = until ? Date.parse(until) : NaN;
  if (Number.isNaN(end)) return null;
  const h = Math.max(0, Math.floor((end - now) / 3_600_000));
  return { days: Math.floor(h / 24), hours: h % 24 };
}

export function RecycleDetail({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const client = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const binPath = routePath('dbRecycleBin') ?? '/dbRecycleBin';
  const row = q.data;
  const act = async (action: 'recover' | 'destroy') => {
    setBusy(true);
    try {
      const res = await recycleAction(id, action);
      Toast.show({ content: res.message ?? t(`${R}.done`) });
      void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
      void client.invalidateQueries({ queryKey: resourceKeys.recycleOf(def.kind) });
      await q.refetch();
      if (action === 'destroy') navigate(binPath, { replace: true });
    } catch (e) {
      Toast.show({ content: refusalText(e, t('kinds:db_instance.ops.failed')), duration: 5000 });
    } finally {
      setBusy(false);
    }
  };
  const left = remaining(row?.spec.recycle_until as string | undefined);
  const inBin = row?.status === 'deleted';
  const field = (label: string, value: string, testId?: string) => (
    <div className="ys-ops__kv" data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className="ys-ops" data-testid="db-recycle-detail">
      <header className="ys-ops__head">
        <Link to={binPath} className="ys-ops__back" data-testid="recycle-back">
          <LeftOutline aria-hidden="true" /> {t(`${R}.back`)}
        </Link>
        <h1 className="ys-ops__title">
          {t(`${R}.title`)}
          {row ? <span className="ys-ops__inst">{row.name}</span> : null}
        </h1>
      </header>
      {q.isPending ? (
        <OpsState loading text={t('kinds:db_instance.ops.loading')} />
      ) : q.isError || !row ? (
        <OpsState text={t(`${R}.missing`)} />
      ) : (
        <article className="ys-ops__card ys-ops__card--wide">
          {inBin && left ? (
            <p className="ys-ops__purge" data-testid="recycle-purge">
              {t(`${R}.purge_in`, { days: left.days, hours: left.hours, time: formatDateTime(row.spec.recycle_until) })}
            </p>
          ) : null}
          {!inBin ? (
            <p className="ys-ops__note">
              {t(`${R}.not_in_bin`, { status: statusLabel(t, row.status) })} <Link to={detailPath(def, id) ?? '/database'}>{t(`${R}.open_detail`)}</Link>
            </p>
          ) : null}
          {field(t(`${R}.status`), statusLabel(t, row.status))}
          {field(t('kinds:db_instance.fields.engine'), `${t(`kinds:db_instance.options.engine.${String(row.spec.engine)}`)} ${String(row.spec.version ?? '')}`)}
          {field(t(`${R}.flavor`), t(`kinds:db_instance.options.flavor.${String(row.spec.flavor)}`, { defaultValue: String(row.spec.flavor ?? '—') }))}
          {field(t(`${R}.disks`), t(`${R}.disks_value`, { data: row.spec.data_disk ?? '—', archive: row.spec.archive_disk ?? '—' }))}
          {field(t(`${R}.recycled_at`), row.spec.recycled_at ? formatDateTime(row.spec.recycled_at) : '—', 'recycle-at')}
          {field(t(`${R}.until`), row.spec.recycle_until ? formatDateTime(row.spec.recycle_until) : '—', 'recycle-until')}
          {field(t(`${R}.created_at`), formatDateTime(row.created_at))}
          {inBin ? (
            <div className="ys-ops__card-actions">
              <button type="button" className="ys-ops__act" disabled={busy} onClick={() => void act('recover')} data-testid="recycle-recover">
                {t(`${R}.recover`)}
              </button>
              <button type="button" className="ys-ops__act ys-ops__act--danger" disabled={busy} onClick={() => setConfirm(true)} data-testid="recycle-destroy">
                {t(`${R}.destroy`)}
              </button>
            </div>
          ) : null}
        </article>
      )}
      <Dialog
        visible={confirm}
        onClose={() => setConfirm(false)}
        title={t(`${R}.destroy_title`)}
        content={t(`${R}.destroy_confirm`, { name: row?.name ?? '' })}
        actions={[
          [
            { key: 'cancel', text: t('kinds:db_instance.ops.cancel'), onClick: () => setConfirm(false) },
            {
              key: 'ok',
              text: t(`${R}.destroy`),
              danger: true,
              bold: true,
              onClick: () => {
                setConfirm(false);
                void act('destroy');
              },
            },
          ],
        ]}
      />
    </div>
  );
}
