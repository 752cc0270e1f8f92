// A slim banner while the network is gone (with the age of the data on screen when known), and the
// count of queued writes linking to the outbox screen. Mount under the nav bar of every layout.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginStateAtom, offlineDataSavedAtAtom } from '../lib/store.ts';
import { useOnline } from '../offline/online.ts';
import { STRIP } from './offline-strip.ts';

// The queued writes (Dexie) are a signed-in user's: their link loads only then.
const OutboxLink = lazy(() => import('./outbox-link.tsx'));
import { dataAge } from '../offline/data-age.ts';

/** Re-renders every 30 s so the age of the data stays current. */
function useTicker(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
}

export interface OfflineBannerProps {
  /** When the data on screen was saved; defaults to what the offline store last served. */
  savedAt?: number | null;
}

export function OfflineBanner({ savedAt }: OfflineBannerProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const signedIn = useAtomValue(loginStateAtom);
  const servedAt = useAtomValue(offlineDataSavedAtAtom);
  useTicker();
  const at = savedAt ?? servedAt;
  if (online && !signedIn) return null;
  const age = at ? dataAge(at, Date.now()) : null;

  return (
    <div data-testid="offline-banner" role="status" aria-live="polite">
      {!online && (
        <div data-testid="offline-notice" style={{ ...STRIP, background: '#fff7e6', color: '#ad6800' }}>
          <span>{t('offline:banner.offline')}</span>
          {age && <span style={{ whiteSpace: 'nowrap' }}>{t(`offline:age.${age.unit}`, { n: age.count })}</span>}
        </div>
      )}
      {signedIn ? (
        <Suspense fallback={null}>
          <OutboxLink />
        </Suspense>
      ) : null}
    </div>
  );
}
