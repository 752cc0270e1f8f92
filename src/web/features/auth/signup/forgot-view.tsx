// /login?view=forgot: an internet user proves the registered phone (captcha, then SMS code) and
// sets a new password under the user centre's rules; every session ends. Users opened by their
// organisation are told to ask their tenant administrator by the page's note: the server answers
// every account alike until the code is proven (ADR 0043), so the page never names a phone.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../../domain/account.ts';
import { recoverSchema } from '../../../../domain/signup.ts';
import { CaptchaField, SmsField, TextField, useCaptcha } from './code-fields.tsx';
import { fieldErrors, ruleMessage, type FieldErrors } from './form-rules.ts';
import { recoverPassword, sendSignupCode } from './signup-api.ts';

export default function ForgotView() {
  const { t } = useTranslation(['signup', 'errors']);
  const captcha = useCaptcha();
  const [v, setV] = useState({ account: '', sms_code: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const [finished, setFinished] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: '' }));
  };
  const labels = { account: t('forgot.account'), sms_code: t('code.sms'), password: t('forgot.password'), confirm_password: t('forgot.confirm_password') };

  const send = async () => {
    const account = v.account.trim();
    const found: FieldErrors = {};
    if (!account) found.account = `${labels.account}${t('errors:rules.required')}`;
    if (!captcha.answer.trim()) found.captcha = t('code.captcha_first');
    setErrors(found);
    if (Object.keys(found).length) throw new Error('fields');
    try {
      const answer = await sendSignupCode({ purpose: 'recover', account }, captcha.value());
      setSent(true);
      return answer.countdown;
    } finally {
      captcha.refresh();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { ...v, account: v.account.trim() };
    const found = fieldErrors(recoverSchema.safeParse(body), t, labels);
    const problem = !found.password && v.password ? passwordProblem(v.password, body.account) : null;
    if (problem) found.password = ruleMessage(t, problem);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await recoverPassword(body);
      setFinished(true);
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };

  if (finished)
    return (
      <div className="ys-login__form ys-signup" data-view="forgot-done">
        <h1 className="ys-login__title">{t('forgot.title')}</h1>
        <p className="ys-signup__ok" role="status">
          {t('forgot.done')}
        </p>
        <Link className="ys-login__submit ys-signup__link-button" to="/login">
          {t('forgot.back')}
        </Link>
      </div>
    );

  return (
    <form className="ys-login__form ys-signup" onSubmit={submit} noValidate data-view="forgot">
      <h1 className="ys-login__title">{t('forgot.title')}</h1>
      <p className="ys-login__subtitle">{t('forgot.subtitle')}</p>
      <p className="ys-signup__note">{t('forgot.only_internet')}</p>
      <TextField
        id="fg-account"
        label={labels.account}
        value={v.account}
        onChange={set('account')}
        placeholder={t('forgot.account_placeholder')}
        autoComplete="username"
        maxLength={64}
        error={errors.account}
      />
      <CaptchaField state={captcha} error={errors.captcha} onInput={() => setErrors((old) => ({ ...old, captcha: '' }))} />
      <SmsField value={v.sms_code} onChange={set('sms_code')} send={send} error={errors.sms_code} />
      {sent ? <p className="ys-signup__sent">{t('forgot.code_sent')}</p> : null}
      <TextField
        id="fg-password"
        label={labels.password}
        type="password"
        value={v.password}
        onChange={set('password')}
        placeholder={t('register.password_placeholder')}
        autoComplete="new-password"
        maxLength={32}
        error={errors.password}
      />
      <TextField
        id="fg-confirm"
        label={labels.confirm_password}
        type="password"
        value={v.confirm_password}
        onChange={set('confirm_password')}
        placeholder={t('register.confirm_placeholder')}
        autoComplete="new-password"
        maxLength={32}
        error={errors.confirm_password}
      />
      <button type="submit" className="ys-login__submit" disabled={busy} aria-busy={busy} data-testid="forgot-submit">
        {busy ? <span className="ys-login__spin" aria-hidden="true" /> : null}
        {t('forgot.submit')}
      </button>
    </form>
  );
}
