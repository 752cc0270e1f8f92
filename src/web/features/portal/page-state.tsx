// Loading, not-found and offline-without-copy states shared by the portal's data pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoadState } from './portal-data.ts';

export function PageState<T>({ state, children }: { state: LoadState<T>; children: (value: T) => ReactNode }) {
  const { t } = useTranslation('site');
  if (state.status === 'loading')
    return (
      <div className="ys-state ys-state--loading" role="status" aria-live="polite">
        <span className="ys-state__spin" aria-hidden="true" />
        {t('state.loading')}
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="ys-state" role="alert" data-testid="page-state-error">
        <p className="ys-state__title">{state.notFound ? t('state.not_found') : t('state.unavailable')}</p>
        <Link className="ys-btn ys-btn--primary" to="/portal">
          {t('state.home')}
        </Link>
      </div>
    );
  return (
    <>
      {state.fromSnapshot ? (
        <p className="ys-state__offline" role="status" data-testid="offline-copy">
          {t('state.offline_copy')}
        </p>
      ) : null}
      {children(state.value)}
    </>
  );
}
