// The offline banner (web/offline) under each layout's bar, loaded after the first screen: it
// brings the IndexedDB store along, which the first screen does not need.
import { lazy, Suspense, useEffect, useState } from 'react';

// Offline before this chunk arrived (no service worker yet): no banner rather than a failed page.
const OfflineBanner = lazy(() =>
  import('../../ui/offline-banner.tsx').then(
    (m) => ({ default: m.OfflineBanner }),
    () => ({ default: () => null }),
  ),
);

export function DeferredOfflineBanner() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}
