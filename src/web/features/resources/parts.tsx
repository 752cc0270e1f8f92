// Small pieces of the resource screens: status badge (spinner while in-between), copyable id,
// place names for region/zone refs, the vendor → region → zone options, the export notice.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { CopyValue } from '../../ui/copy-value.tsx';
import { InfiniteScroll } from 'antd-mobile';
import type { ListKind } from '../../../domain/kinds/list-kind.ts';
import { listAllAzs, listRegions, listVendors } from './api.ts';
import { statusLabel, statusTone, type PlaceNames } from './kind-meta.ts';
import { resourceKeys } from './query-keys.ts';

export function StatusBadge({ def, status }: { def?: ListKind; status: string }) {
  const { t } = useTranslation();
  const tone = statusTone(def, status);
  return (
    <span className={`ys-status ys-status--${tone}`} data-status={status} data-testid="status-badge">
      {tone === 'processing' ? (
        <SpinLoading style={{ '--size': '11px', '--color': 'currentColor' } as React.CSSProperties} />
      ) : (
        <i className="ys-status__dot" />
      )}
      {statusLabel(t, status)}
    </span>
  );
}

/** A resource's id (or address) with its copy button, in the resource screens' words. */
export function CopyId({ id, shown, label }: { id: string; shown?: string; label?: string }) {
  const { t } = useTranslation();
  return <CopyValue value={id} shown={shown} label={label ?? t('resources:table.copy')} copied={t('resources:table.copied')} />;
}

/** Region and zone names for ref fields (cached for the session). */
export function usePlaceNames(): PlaceNames {
  const q = useQuery({
    queryKey: resourceKeys.places(),
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const [regions, azs] = await Promise.all([listRegions(), listAllAzs()]);
      return {
        regions: Object.fromEntries(regions.data.map((r) => [r.id, r.name])),
        azs: Object.fromEntries(azs.data.map((z) => [z.id, z.name])),
      };
    },
  });
  return q.data ?? { regions: {}, azs: {} };
}

/** Vendor → region → zone options of the filters (region needs a vendor, zone needs a region). */
export function usePlaceOptions(vendor: string | undefined, regionId: string | undefined) {
  const vendors = useQuery({ queryKey: resourceKeys.vendors(), queryFn: listVendors, staleTime: 10 * 60_000 });
  const regions = useQuery({ queryKey: resourceKeys.regions(vendor), queryFn: () => listRegions(vendor), enabled: Boolean(vendor), staleTime: 10 * 60_000 });
  const region = regions.data?.data.find((r) => r.id === regionId);
  return {
    vendors: vendors.data?.data ?? [],
    regions: vendor ? (regions.data?.data ?? []) : [],
    zones: region?.region_az ?? [],
  };
}

/** 「已加入导出任务」 with a link to the export records, for 10 s (seed 000 §8). */
export function useExportNotice() {
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    if (shownAt === null) return;
    const timer = setTimeout(() => setShownAt(null), 10_000);
    return () => clearTimeout(timer);
  }, [shownAt]);
  return { show: () => setShownAt(Date.now()), hide: () => setShownAt(null), visible: shownAt !== null };
}

export function ExportNotice({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className="ys-export-notice" role="status" data-testid="export-notice">
      <span>{t('kinds:messages.export_queued')}</span>
      <Link to="/downloadResource" data-testid="export-records-link">
        {t('resources:export.records')}
      </Link>
      <button type="button" className="ys-export-notice__close" aria-label={t('resources:common.close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/**
 * The end of a phone list paged by cursor: 加载中… while the first page comes, in the cards' place and
 * gone with them, then the infinite scroll that loads the next pages. (Shown meanwhile, the infinite
 * scroll's own footer was pushed down by the arriving cards: a layout shift, CLS 0.10 on the host list.)
 */
export function PagedListEnd({
  q,
  count,
}: {
  q: { isLoading: boolean; isFetching: boolean; isError: boolean; hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  count: number;
}) {
  const { t } = useTranslation();
  if (q.isLoading && !count)
    return (
      <div className="ys-rlist__loading" role="status" data-testid="list-loading">
        {t('resources:common.loading')}
      </div>
    );
  return (
    <InfiniteScroll
      loadMore={async () => {
        await q.fetchNextPage();
      }}
      hasMore={q.hasNextPage !== false && !q.isError}
    >
      {q.isFetching ? t('resources:common.loading') : q.hasNextPage ? '' : count ? t('resources:list.no_more') : ''}
    </InfiniteScroll>
  );
}
