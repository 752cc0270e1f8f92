// /login?view=qr-confirm&ticket=…: the link inside the QR code, opened on a signed-in phone. The
// phone confirms (or cancels) signing the computer in; an expired or used ticket says so.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ensureSession } from '../../../lib/auth-flow.ts';
import { RequestError } from '../../../lib/request.ts';
import { nicknameAtom } from '../../../lib/store.ts';
import { confirmQrTicket, qrTicketInfo } from './signup-api.ts';

type State = 'loading' | 'need_login' | 'pending' | 'done' | 'cancelled' | 'expired' | 'used';

export default function QrConfirmView() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const nickname = useAtomValue(nicknameAtom);
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!(await ensureSession())) return live && setState('need_login');
      try {
        const info = await qrTicketInfo(ticket);
        if (!live) return;
        setState(info.status === 'pending' ? 'pending' : info.status === 'expired' ? 'expired' : 'used');
      } catch {
        if (live) setState('expired');
      }
    })();
    return () => {
      live = false;
    };
  }, [ticket]);

  const confirm = async () => {
    setBusy(true);
    try {
      await confirmQrTicket(ticket);
      setState('done');
    } catch (err) {
      const status = err instanceof RequestError ? err.status : 0;
      if (status === 410 || status === 404) setState('expired');
      else if (status === 409) setState('used');
    } finally {
      setBusy(false);
    }
  };

  const message: Partial<Record<State, string>> = {
    done: t('confirm.done'),
    cancelled: t('confirm.cancelled'),
    expired: t('confirm.expired'),
    used: t('confirm.used'),
    need_login: t('confirm.need_login'),
  };
  return (
    <div className="ys-login__form ys-signup" data-view="qr-confirm" data-state={state}>
      <h1 className="ys-login__title">{t('confirm.title')}</h1>
      {state === 'pending' ? (
        <>
          <div className="ys-signup__device" aria-hidden="true">
            <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="2" y="4" width="20" height="13" rx="1.5" />
              <path d="M8 21h8M12 17v4" />
            </svg>
          </div>
          <p className="ys-signup__question">{t('confirm.question')}</p>
          {nickname ? <p className="ys-login__subtitle">{t('confirm.who', { name: nickname })}</p> : null}
          <p className="ys-signup__note">{t('confirm.warning')}</p>
          <button type="button" className="ys-login__submit" onClick={confirm} disabled={busy} data-testid="qr-confirm">
            {t('confirm.confirm')}
          </button>
          <button type="button" className="ys-signup__secondary" onClick={() => setState('cancelled')}>
            {t('confirm.cancel')}
          </button>
        </>
      ) : state === 'loading' ? (
        <p className="ys-login__subtitle">{'\u00a0'}</p>
      ) : (
        <>
          <p className={state === 'done' ? 'ys-signup__ok' : 'ys-signup__note'} role="status">
            {message[state]}
          </p>
          {state === 'need_login' ? (
            <Link className="ys-login__submit ys-signup__link-button" to="/login">
              {t('confirm.go_login')}
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}
