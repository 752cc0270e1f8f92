// officeServiceManage / operationServiceManage / safeServiceManage: a category's services — cards on
// a phone, a table on a desktop — with where each sits, its price, billing, service level, charge
// hours, status and whether projects may order it.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CATEGORY_ROUTES, type CatalogueEntry } from '../../../domain/service-catalogue.ts';
import { CardTable, type CardColumn } from '../../ui/card-table.tsx';
import { TaskListState } from '../../ui/task-frame.tsx';
import { listEntries } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, PATHS, StatusTag, useCategory, usePrice } from './catalogue-parts.tsx';

export default function CategoryManagePage() {
  const { t } = useTranslation('service_catalogue');
  const navigate = useNavigate();
  const category = useCategory();
  const price = usePrice();
  const q = useQuery({ queryKey: catalogueKeys.list({ category, level: 3 }), queryFn: () => listEntries({ category, level: 3 }) });
  const rows = q.data?.data ?? [];
  const columns: CardColumn<CatalogueEntry>[] = [
    {
      key: 'name',
      label: t('field.name'),
      render: (e) => (
        <Link to={PATHS.entry(e.id)} className="ys-sc__name">
          {e.name}
        </Link>
      ),
    },
    { key: 'path', label: t('field.path'), render: (e) => e.path.join(' / '), wrap: true },
    { key: 'price', label: t('field.price'), render: (e) => (e.service ? price(e.service) : '—') },
    { key: 'billing', label: t('field.billing_method'), render: (e) => (e.service ? t(`billing.${e.service.billing_method}`) : '—') },
    { key: 'level', label: t('field.service_level'), render: (e) => (e.service ? t(`service_level.${e.service.service_level}`) : '—') },
    { key: 'hours', label: t('field.charge_hours'), render: (e) => (e.service ? t(`hours_short.${e.service.charge_hours}`) : '—') },
    { key: 'status', label: t('field.status'), render: (e) => <StatusTag status={e.status} /> },
    {
      key: 'orderable',
      label: t('field.orderable'),
      render: (e) => (e.status === 'published' && e.config?.orderable ? t('config.orderable') : t('config.closed')),
    },
  ];
  return (
    <CatalogueFrame
      page={CATEGORY_ROUTES[category].manage}
      title={t(`category.${category}`)}
      tab={category}
      toolbar={
        <Button onClick={() => navigate(PATHS.config(category))} data-testid="sc-to-config">
          {t('link.config')}
        </Button>
      }
    >
      <p className="ys-sc__muted">{t(`intro_category.${category}`)}</p>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={!q.isPending && rows.length === 0}
        loadingText={t('loading')}
        failedText={t('failed')}
        emptyText={t('empty_category')}
      />
      {rows.length ? <CardTable rows={rows} rowKey={(e) => e.id} columns={columns} testid="sc-services" /> : null}
    </CatalogueFrame>
  );
}
