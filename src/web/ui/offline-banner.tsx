// A slim banner while the network is gone (with the age of the data on screen when known), and the
// count of queued writes linking to the outbox screen. Mount under the nav bar of every layout.
import { useEffect, useState, type CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { offlineDataSavedAtAtom } from '../lib/store.ts';
import { useOnline, useOutboxCounts } from '../offline/hooks.ts';
import { dataAge } from '../offline/data-age.ts';

export const OUTBOX_ROUTE = '/outbox';

/** Re-renders every 30 s so the age of the data stays current. */
function useTicker(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
}

const strip: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '6px 12px',
  fontSize: 13,
  lineHeight: '18px',
};

export interface OfflineBannerProps {
  /** When the data on screen was saved; defaults to what the offline store last served. */
  savedAt?: number | null;
}

export function OfflineBanner({ savedAt }: OfflineBannerProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const counts = useOutboxCounts();
  const servedAt = useAtomValue(offlineDataSavedAtAtom);
  useTicker();
  const at = savedAt ?? servedAt;
  if (online && counts.waiting === 0 && counts.attention === 0) return null;
  const age = at ? dataAge(at, Date.now()) : null;

  return (
    <div data-testid="offline-banner" role="status" aria-live="polite">
      {!online && (
        <div data-testid="offline-notice" style={{ ...strip, background: '#fff7e6', color: '#ad6800' }}>
          <span>{t('offline:banner.offline')}</span>
          {age && <span style={{ whiteSpace: 'nowrap' }}>{t(`offline:age.${age.unit}`, { n: age.count })}</span>}
        </div>
      )}
      {(counts.waiting > 0 || counts.attention > 0) && (
        <Link to={OUTBOX_ROUTE} data-testid="outbox-link" style={{ ...strip, background: '#e6f4ff', color: '#1366d6', textDecoration: 'none' }}>
          <span>
            {counts.waiting > 0 && t('offline:banner.waiting', { n: counts.waiting })}
            {counts.waiting > 0 && counts.attention > 0 && t('offline:banner.separator')}
            {counts.attention > 0 && t('offline:banner.attention', { n: counts.attention })}
          </span>
          <span aria-hidden="true">›</span>
        </Link>
      )}
    </div>
  );
}
