// Shared pieces of the order and cost pages: loading/error states, a labelled tag, the cost tabs.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="ys-ord__hint">
      <DotLoading /> {t('orders:loading')}
    </div>
  );
}

export function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={t('orders:load_failed')} description="">
      <Button onClick={retry}>{t('orders:retry')}</Button>
    </ErrorBlock>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <ErrorBlock status="empty" title={children} description="" />;
}

export function Tag({ kind, children }: { kind: string; children: ReactNode }) {
  return (
    <span className={`ys-ord__tag ys-ord__tag--${kind}`} data-tag={kind}>
      {children}
    </span>
  );
}

const COST_TABS = ['billCostSeo', 'billCostSeo_resourceStatistics', 'billCostSeo_billCostStatistics', 'zoneBillCostSeo'] as const;
const PATHS: Record<(typeof COST_TABS)[number], string> = {
  billCostSeo: '/billCostSeo',
  billCostSeo_resourceStatistics: '/billCostSeo/resourceStatistics',
  billCostSeo_billCostStatistics: '/billCostSeo/billCostStatistics',
  zoneBillCostSeo: '/zoneBillCostSeo',
};

export function CostTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <nav className="ys-ord__tabs" aria-label={t('orders:cost.tabs')}>
      {COST_TABS.map((n) => (
        <Link key={n} to={PATHS[n]} aria-current={n === current ? 'page' : undefined}>
          {t(`orders:cost.tab.${n}`)}
        </Link>
      ))}
    </nav>
  );
}
