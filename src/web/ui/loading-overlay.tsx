// The global loading overlay of the request helper (`isNeedloading`): shown while the counter is
// above zero, after a short delay so quick calls do not flash.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loadingCountAtom } from '../lib/store.ts';

export function LoadingOverlay() {
  const count = useAtomValue(loadingCountAtom);
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('shell');
  useEffect(() => {
    if (count === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 250);
    return () => clearTimeout(timer);
  }, [count]);
  if (!visible) return null;
  return (
    <div className="ys-loading" role="progressbar" aria-label={t('loading')} data-testid="loading-overlay">
      <div className="ys-loading__spinner" />
    </div>
  );
}
