// /login?view=qr: the QR code of a one-time ticket (drawn by the server); the page asks every two
// seconds whether a signed-in phone confirmed it, then starts that session. After about two
// minutes the code shows 二维码已过期 with 刷新.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QR_POLL_MS } from '../../../../domain/signup.ts';
import { startSession } from '../../../lib/auth-flow.ts';
import { createQrTicket, pollQrTicket, type QrTicket } from './signup-api.ts';

export default function QrView({ done }: { done: () => void }) {
  const { t } = useTranslation('signup');
  const [ticket, setTicket] = useState<QrTicket | null>(null);
  const [left, setLeft] = useState(0);
  // The deadline, not a count of ticks: a background tab's timers are throttled.
  const deadline = useRef(0);
  const [state, setState] = useState<'loading' | 'pending' | 'expired' | 'signing'>('loading');
  const finished = useRef(false);

  const refresh = useCallback(() => {
    setState('loading');
    createQrTicket().then(
      (tk) => {
        setTicket(tk);
        deadline.current = Date.now() + tk.expires_in * 1000;
        setLeft(tk.expires_in);
        setState('pending');
      },
      () => setState('expired'),
    );
  }, []);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (state !== 'pending') return;
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (state !== 'pending' || !ticket) return;
    const timer = setInterval(async () => {
      try {
        const res = await pollQrTicket(ticket.ticket, ticket.poll_token);
        if (res.status === 'confirmed' && !finished.current) {
          finished.current = true;
          setState('signing');
          await startSession(res.profile);
          done();
        } else if (res.status === 'expired' || res.status === 'consumed') setState('expired');
      } catch {
        // a dropped poll is retried by the next tick
      }
    }, QR_POLL_MS);
    return () => clearInterval(timer);
  }, [state, ticket, done]);

  const expired = state === 'expired' || (state === 'pending' && left === 0);
  const src = ticket ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.svg)}` : undefined;
  return (
    <div className="ys-login__form ys-signup" data-view="qr">
      <h1 className="ys-login__title">{t('qr.title')}</h1>
      <p className="ys-login__subtitle">{t('qr.subtitle')}</p>
      <div className="ys-signup__qr" data-testid="qr-box" data-state={expired ? 'expired' : state}>
        {src ? <img src={src} alt={t('qr.title')} width={220} height={220} className={expired ? 'is-expired' : undefined} /> : null}
        {expired ? (
          <div className="ys-signup__qr-mask" role="status">
            <strong>{t('qr.expired')}</strong>
            <button type="button" className="ys-signup__send" onClick={refresh} data-testid="qr-refresh">
              {t('qr.refresh')}
            </button>
          </div>
        ) : null}
      </div>
      <p className="ys-signup__sent" aria-live="polite">
        {state === 'signing' ? t('qr.scanned') : !expired && state === 'pending' ? t('qr.expires', { seconds: left }) : '\u00a0'}
      </p>
      <p className="ys-login__hint">
        <Link to="/login">{t('qr.password_login')}</Link>
      </p>
    </div>
  );
}
