// The pieces the service catalogue's pages share: the frame (title, way back, the tabs between the
// catalogue's setting and the three categories), the status tag, a service's terms in words
// (¥1,200.00/月, 5×7 working hours, 含税 6%), labelled rows and an entry's actions (edit, publish
// through approval, delete) for those who may manage the catalogue.
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { CATEGORIES, CATEGORY_ROUTES, yuan, type CatalogueEntry, type Category } from '../../../domain/service-catalogue.ts';
import { useCan } from '../../lib/can.ts';
import { TaskFrame } from '../../ui/task-frame.tsx';
import { deleteEntry, publishEntry } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import './catalogue.css';

export const PATHS = {
  setting: '/serviceSetting',
  firstAdd: (q = '') => `/serviceFirstAdd${q}`,
  first: (id: string) => `/serviceFirstDetail/${id}`,
  thirdAdd: (q: string) => `/serviceThirdAdd${q}`,
  entry: (id: string) => `/serviceIndexDetail?id=${id}`,
  manage: (c: Category) => `/${CATEGORY_ROUTES[c].manage}`,
  config: (c: Category) => `/${CATEGORY_ROUTES[c].config}`,
} as const;
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
/** The page an entry opens: a level-1 entry its own page with its tree, the others their detail. */
export const entryPath = (e: Pick<CatalogueEntry, 'id' | 'level'>) => (e.level === 1 ? PATHS.first(e.id) : PATHS.entry(e.id));

export function useCanManage(): boolean {
  const can = useCan();
  return can('update:service_catalogue');
}

export function CatalogueFrame({
  page,
  title,
  back,
  tab,
  children,
  toolbar,
}: {
  page: string;
  title: string;
  back?: { to: string; label: string };
  tab?: string;
  children: ReactNode;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('service_catalogue');
  const tabs = tab
    ? [{ key: 'setting', to: PATHS.setting, label: t('tabs.setting') }, ...CATEGORIES.map((c) => ({ key: c, to: PATHS.manage(c), label: t(`category.${c}`) }))]
    : undefined;
  return (
    <TaskFrame
      page={page}
      className="ys-sc"
      title={title}
      back={back ?? { to: '/homeOperation', label: t('back_home') }}
      tabs={tabs}
      tab={tab}
      tabsLabel={t('title')}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

const COLORS: Record<string, 'primary' | 'success' | 'warning' | 'danger' | 'default'> = {
  draft: 'default',
  approving: 'warning',
  published: 'success',
  rejected: 'danger',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('service_catalogue');
  return (
    <Tag color={COLORS[status] ?? 'default'} fill="outline" className="ys-sc__tag" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** ¥1,200.00/月 */
export function usePrice() {
  const { t } = useTranslation('service_catalogue');
  return (s: NonNullable<CatalogueEntry['service']>) => `${yuan(s.price_fen)}/${t(`unit.${s.unit}`)}`;
}

/** Label and value rows. */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="ys-sc__dl">
      {rows.map(([label, value]) => (
        <div key={label} className="ys-sc__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A service's terms, each in words. */
export function useTermRows() {
  const { t } = useTranslation('service_catalogue');
  const price = usePrice();
  return (s: NonNullable<CatalogueEntry['service']>): [string, ReactNode][] => [
    [t('field.price'), price(s)],
    [t('field.tax_rate'), t('tax', { rate: s.tax_rate })],
    [t('field.billing_method'), t(`billing.${s.billing_method}`)],
    [t('field.service_level'), t(`service_level.${s.service_level}`)],
    [t('field.charge_hours'), t(`hours.${s.charge_hours}`)],
    [t('field.valid_year'), t('year', { year: s.valid_year })],
  ];
}

export const ownerNames = (e: CatalogueEntry) => e.owners.map((o) => o.name).join('、') || '—';

/** Edit, publish (through approval) and delete, each as allowed by the entry's state. */
export function EntryActions({ entry, onDeleted }: { entry: CatalogueEntry; onDeleted: string }) {
  const { t } = useTranslation('service_catalogue');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: catalogueKeys.all });
  const publish = useMutation({
    mutationFn: () => publishEntry(entry.id),
    onSuccess: (e) => {
      Toast.show({ content: e.status === 'published' ? t('toast.published') : t('toast.approving') });
      void done();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteEntry(entry.id),
    onSuccess: () => {
      Toast.show({ content: t('toast.deleted') });
      void done();
      navigate(onDeleted);
    },
  });
  if (!useCanManage()) return null;
  const waiting = entry.status === 'approving';
  const editTo = entry.level === 3 ? PATHS.thirdAdd(`?id=${entry.id}`) : PATHS.firstAdd(`?id=${entry.id}`);
  return (
    <div className="ys-sc__actions">
      {entry.status === 'draft' || entry.status === 'rejected' ? (
        <Button color="primary" loading={publish.isPending} onClick={() => publish.mutate()} data-testid="sc-publish">
          {t('action.publish')}
        </Button>
      ) : null}
      <Button disabled={waiting} onClick={() => navigate(editTo)} data-testid="sc-edit">
        {t('action.edit')}
      </Button>
      <Button
        color="danger"
        fill="outline"
        disabled={waiting || entry.children > 0}
        loading={remove.isPending}
        onClick={async () => {
          if (await Dialog.confirm({ content: t('confirm_delete', { name: entry.name }), confirmText: t('action.delete'), cancelText: t('action.cancel') }))
            remove.mutate();
        }}
      >
        {t('action.delete')}
      </Button>
      {waiting ? <p className="ys-sc__muted">{t('waiting_hint')}</p> : null}
    </div>
  );
}

export function EntryLink({ entry }: { entry: CatalogueEntry }) {
  return (
    <Link to={entryPath(entry)} className="ys-sc__name">
      {entry.name}
    </Link>
  );
}

/** The category whose manage or config route is open. */
export function useCategory(): Category {
  const { pathname } = useLocation();
  const name = pathname.split('/')[1] ?? '';
  return CATEGORIES.find((c) => CATEGORY_ROUTES[c].manage === name || CATEGORY_ROUTES[c].config === name) ?? 'office';
}
