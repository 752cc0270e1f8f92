// /login: account and password; errors come from the request helper's notices. After sign-in the
// menus and territories are loaded and the user returns to the remembered destination.
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { safeReturnPath } from '../../../domain/navigation/rules.ts';
import { signIn, signInWithPasskey } from '../../lib/auth-flow.ts';
import { returnPathAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { LanguageSwitch } from '../../ui/shell/language-switch.tsx';
import './login.css';

// Registration, recovery, QR sign-in and the appeal: fetched only when `?view=` asks (ADR 0026).
const LoginViews = lazy(() => import('./signup/login-views.tsx'));
// The captcha an account under attack asks new devices for (ADR 0043): fetched only when asked.
const LoginCaptcha = lazy(() => import('./signup/login-captcha.tsx'));

/** Plain elements only: the sign-in page stays within the first-screen budget without the UI kit. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = useAtomValue(returnPathAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const view = params.get('view');
  const [captchaRound, setCaptchaRound] = useState<number | null>(null);
  const captcha = useRef<{ captcha_id: string; captcha: string } | undefined>(undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!account.trim() || !password || busy) return;
    await enter(() => signIn(account.trim(), password, captchaRound === null ? undefined : captcha.current));
  };
  const enter = async (how: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await how();
      const target = safeReturnPath(params.get('redirect') ?? returnPath?.path);
      setReturnPath(null);
      navigate(target, { replace: true });
    } catch (err) {
      // the request helper already showed the server's description; a locked account learns how to appeal
      const status = (err as { status?: number }).status;
      if (status === 403) navigate(`?view=appeal&account=${encodeURIComponent(account.trim())}`);
      // the server asks for the captcha (428); a shown image is used up by any attempt
      if (status === 428 || captchaRound !== null) setCaptchaRound((r) => (r === null ? 0 : r + 1));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame name="login" className="ys-login">
      <aside className="ys-login__hero" aria-hidden="true">
        <div className="ys-login__hero-inner">
          <div className="ys-login__hero-brand">
            <img src="/icons/icon.svg" alt="" width={40} height={40} />
            <span>{t('shell:brand')}</span>
          </div>
          <p className="ys-login__hero-title">{t('hero.title')}</p>
          <ul className="ys-login__hero-points">
            <li>{t('hero.point_hybrid')}</li>
            <li>{t('hero.point_approval')}</li>
            <li>{t('hero.point_alarm')}</li>
          </ul>
        </div>
      </aside>
      <section className="ys-login__panel">
        <div className="ys-login__top">
          <Link to="/portal" className="ys-login__home">
            {t('back_portal')}
          </Link>
          <LanguageSwitch compact />
        </div>
        {view ? (
          <Suspense>
            <LoginViews view={view} />
          </Suspense>
        ) : (
          <form className="ys-login__form" onSubmit={submit} noValidate>
            <img className="ys-login__logo" src="/icons/icon.svg" alt="" width={48} height={48} />
            <h1 className="ys-login__title">{t('title')}</h1>
            <p className="ys-login__subtitle">{t('subtitle')}</p>
            <label className="ys-login__label" htmlFor="login-account">
              {t('account')}
            </label>
            <div className={`ys-login__field${touched && !account.trim() ? ' is-error' : ''}`}>
              <input
                id="login-account"
                className="ys-login__input"
                name="account"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                placeholder={t('account_placeholder')}
                value={account}
                onChange={(e) => setAccount(e.target.value)}
              />
            </div>
            {touched && !account.trim() ? <div className="ys-login__error">{t('account_required')}</div> : null}
            <label className="ys-login__label" htmlFor="login-password">
              {t('password')}
            </label>
            <div className={`ys-login__field ys-login__field--password${touched && !password ? ' is-error' : ''}`}>
              <input
                id="login-password"
                className="ys-login__input"
                name="password"
                type={visible ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder={t('password_placeholder')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className="ys-login__eye"
                aria-label={visible ? t('hide_password') : t('show_password')}
                onClick={() => setVisible((v) => !v)}
              >
                <EyeIcon open={visible} />
              </button>
            </div>
            {touched && !password ? <div className="ys-login__error">{t('password_required')}</div> : null}
            {captchaRound !== null ? (
              <Suspense>
                <LoginCaptcha round={captchaRound} onChange={(v) => (captcha.current = v)} />
              </Suspense>
            ) : null}
            <button type="submit" className="ys-login__submit" data-testid="login-submit" disabled={busy} aria-busy={busy}>
              {busy ? <span className="ys-login__spin" aria-hidden="true" /> : null}
              {t('submit')}
            </button>
            <button type="button" className="ys-login__passkey" data-testid="login-passkey" disabled={busy} onClick={() => void enter(signInWithPasskey)}>
              {t('passkey')}
            </button>
            <p className="ys-login__links">
              <Link to="?view=register">{t('register')}</Link>
              <Link to="?view=forgot">{t('forgot')}</Link>
              <Link to="?view=qr">{t('qr')}</Link>
            </p>
            <p className="ys-login__hint">{t('hint')}</p>
          </form>
        )}
      </section>
    </PageFrame>
  );
}
