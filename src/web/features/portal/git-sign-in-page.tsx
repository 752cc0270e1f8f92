// /users/sign_in: the code-hosting service's sign-in page. The same accounts as the console
// (POST /api/v1/login through the shell's sign-in flow); afterwards to ?redirect= (same-site paths
// only) or the console.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HOME, safeReturnPath } from '../../../domain/navigation/rules.ts';
import { signIn } from '../../lib/auth-flow.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './site.css';

export default function GitSignInPage() {
  const { t } = useTranslation(['site_tools', 'site']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!account.trim() || !password || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await signIn(account.trim(), password);
      navigate(safeReturnPath(params.get('redirect'), CONSOLE_HOME), { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame name="users/sign_in" className="ys-gitsign">
      <div className="ys-gitsign__box">
        <div className="ys-gitsign__brand">
          <img src="/icons/icon-192.png" alt="" width={40} height={40} />
          <span>{t('git.brand')}</span>
        </div>
        <h1 className="ys-gitsign__title">{t('git.title')}</h1>
        <p className="ys-gitsign__lead">{t('git.lead')}</p>
        <form onSubmit={submit} noValidate className="ys-form">
          <label className="ys-form__label" htmlFor="git-account">
            {t('git.account')}
          </label>
          <input
            id="git-account"
            className="ys-form__input"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            aria-invalid={touched && !account.trim()}
          />
          {touched && !account.trim() ? <p className="ys-form__error">{t('git.account_required')}</p> : null}
          <label className="ys-form__label" htmlFor="git-password">
            {t('git.password')}
          </label>
          <input
            id="git-password"
            className="ys-form__input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={touched && !password}
          />
          {touched && !password ? <p className="ys-form__error">{t('git.password_required')}</p> : null}
          {failed ? (
            <p className="ys-form__error" role="alert">
              {t('git.failed')}
            </p>
          ) : null}
          <button type="submit" className="ys-btn ys-btn--primary ys-btn--block ys-btn--tall" disabled={busy} data-testid="git-sign-in">
            {busy ? t('git.signing_in') : t('git.submit')}
          </button>
        </form>
        <p className="ys-gitsign__foot">
          <Link to="/portal">{t('git.back')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
