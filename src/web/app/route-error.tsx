// The router's error element. A failed lazy page load online means a new version was deployed: the
// seed's message 「系统已更新，页面即将刷新！」 shows for 5 s (closable) and the page reloads.
// Offline it means only that the page's code is not on this device: no update is claimed and
// nothing reloads into the browser's offline error; the page says so and opens once the network is
// back (issue 27). Plain elements only: the kit's own chunks may be the ones that are gone.
import { useEffect, useLayoutEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTICE } from '../../domain/constants.ts';
import { isChunkLoadError } from '../../domain/navigation/rules.ts';
import { removeBootShell } from './boot-shell.ts';

const RELOAD_MARK = 'ys_chunk_reload_at';

/** A page whose code this device does not hold, opened offline: it opens when the network returns. */
function NotOnThisDevice() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload, { once: true });
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <div className="ys-fatal" data-page="offline-unavailable" role="status">
      <h1 className="ys-fatal__title">{t('offline_page.title')}</h1>
      <p className="ys-fatal__text">{t('offline_page.text')}</p>
      <div className="ys-fatal__actions">
        {window.history.length > 1 && (
          <button type="button" className="ys-fatal__btn" onClick={() => window.history.back()}>
            {t('offline_page.back')}
          </button>
        )}
        <Link className="ys-fatal__link" to="/portal">
          {t('nav.back_portal')}
        </Link>
      </div>
    </div>
  );
}

export function RouteError() {
  useLayoutEffect(removeBootShell, []);
  const error = useRouteError();
  const offline = isChunkLoadError(error) && typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline ? <NotOnThisDevice /> : <RouteFailure error={error} />;
}

function RouteFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const chunk = isChunkLoadError(error);
  const [open, setOpen] = useState(chunk);
  // what went wrong stays readable for whoever opens the console (the page shows only the notice)
  useEffect(() => console.error(error), [error]);

  useEffect(() => {
    if (!chunk) return;
    // One automatic reload per minute at most, so a broken deployment cannot loop.
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < 60_000) return;
    const timer = setTimeout(() => {
      sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
      window.location.reload();
    }, NOTICE.updateSeconds * 1000);
    return () => clearTimeout(timer);
  }, [chunk]);

  if (chunk) {
    return (
      <div className="ys-fatal" data-page="update">
        {open ? (
          <div className="ys-notices" style={{ top: NOTICE.messageTop }}>
            <div className="ys-notice ys-notice--info" role="status" data-notice="update">
              <div className="ys-notice__body">
                <div className="ys-notice__text">{t('update.reloading')}</div>
              </div>
              <button type="button" className="ys-notice__close" aria-label={t('notice.close')} onClick={() => setOpen(false)}>
                ×
              </button>
            </div>
          </div>
        ) : null}
        <button type="button" className="ys-fatal__btn" onClick={() => window.location.reload()}>
          {t('update.reload_now')}
        </button>
      </div>
    );
  }

  const status = isRouteErrorResponse(error) ? error.status : 0;
  return (
    <div className="ys-fatal" data-page="error">
      <h1 className="ys-fatal__title">{status === 404 ? t('not_found.title') : t('error_page.title')}</h1>
      <p className="ys-fatal__text">{t('error_page.text')}</p>
      <div className="ys-fatal__actions">
        <button type="button" className="ys-fatal__btn" onClick={() => window.location.reload()}>
          {t('error_page.retry')}
        </button>
        <Link className="ys-fatal__link" to="/portal">
          {t('nav.back_portal')}
        </Link>
      </div>
    </div>
  );
}
