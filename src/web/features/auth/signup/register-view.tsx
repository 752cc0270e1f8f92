// /login?view=register: an internet user's registration — account, password (the user centre's
// rules), phone with captcha and SMS code, e-mail, the privacy agreement — then signed in.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../../domain/account.ts';
import { registerSchema } from '../../../../domain/signup.ts';
import { joinPhone } from '../../../../domain/phone.ts';
import { AreaCodeSelect, MAX_DIGITS, phoneParts, phoneValueProblem, typedDigits, usePhonePlaceholder } from '../../../ui/phone-code.tsx';
import { signIn } from '../../../lib/auth-flow.ts';
import { pushNotice } from '../../../lib/notices.ts';
import { CaptchaField, SmsField, TextField, useCaptcha } from './code-fields.tsx';
import { fieldErrors, ruleMessage, type FieldErrors } from './form-rules.ts';
import { registerAccount, sendSignupCode } from './signup-api.ts';

export default function RegisterView({ done }: { done: () => void }) {
  const { t } = useTranslation(['signup', 'errors']);
  const captcha = useCaptcha();
  const [v, setV] = useState({ account: '', password: '', confirm_password: '', phone: '', email: '', sms_code: '' });
  const [agreement, setAgreement] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: '' }));
  };
  const labels = {
    account: t('register.account'),
    password: t('register.password'),
    confirm_password: t('register.confirm_password'),
    phone: t('register.phone'),
    email: t('register.email'),
    sms_code: t('code.sms'),
  };

  const send = async () => {
    const phone = v.phone.trim();
    const problem = phoneValueProblem(phone);
    if (problem) {
      setErrors((e) => ({ ...e, phone: ruleMessage(t, problem) }));
      throw new Error('phone');
    }
    if (!captcha.answer.trim()) {
      setErrors((e) => ({ ...e, captcha: t('code.captcha_first') }));
      throw new Error('captcha');
    }
    setErrors((e) => ({ ...e, phone: '', captcha: '' }));
    try {
      return (await sendSignupCode({ purpose: 'register', phone }, captcha.value())).countdown;
    } finally {
      captcha.refresh();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { ...v, account: v.account.trim(), phone: v.phone.trim(), email: v.email.trim(), agreement: agreement ? (true as const) : undefined };
    const found = fieldErrors(registerSchema.safeParse(body), t, labels);
    const problem = !found.password && v.password ? passwordProblem(v.password, body.account) : null;
    if (problem) found.password = ruleMessage(t, problem);
    if (!agreement) found.agreement = ruleMessage(t, 'agreement');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await registerAccount(body);
      await signIn(body.account, v.password);
      pushNotice({ type: 'success', description: t('notices.registered'), seconds: 4 });
      done();
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ys-login__form ys-signup" onSubmit={submit} noValidate data-view="register">
      <h1 className="ys-login__title">{t('register.title')}</h1>
      <p className="ys-login__subtitle">{t('register.subtitle')}</p>
      <TextField
        id="reg-account"
        label={labels.account}
        value={v.account}
        onChange={set('account')}
        placeholder={t('register.account_placeholder')}
        autoComplete="username"
        maxLength={32}
        error={errors.account}
      />
      <TextField
        id="reg-password"
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
        id="reg-confirm"
        label={labels.confirm_password}
        type="password"
        value={v.confirm_password}
        onChange={set('confirm_password')}
        placeholder={t('register.confirm_placeholder')}
        autoComplete="new-password"
        maxLength={32}
        error={errors.confirm_password}
      />
      <PhoneField label={labels.phone} value={v.phone} onChange={set('phone')} placeholder={t('register.phone_placeholder')} error={errors.phone} />
      <CaptchaField state={captcha} error={errors.captcha} onInput={() => setErrors((old) => ({ ...old, captcha: '' }))} />
      <SmsField value={v.sms_code} onChange={set('sms_code')} send={send} error={errors.sms_code} />
      <TextField
        id="reg-email"
        label={labels.email}
        type="email"
        inputMode="email"
        value={v.email}
        onChange={set('email')}
        placeholder={t('register.email_placeholder')}
        autoComplete="email"
        maxLength={100}
        error={errors.email}
      />
      <label className="ys-signup__agree">
        <input type="checkbox" checked={agreement} onChange={(e) => setAgreement(e.target.checked)} data-testid="agreement" />
        <span>
          {t('register.agree_prefix')}
          <a href="/privacyProtocol" target="_blank" rel="noreferrer">
            {t('register.privacy')}
          </a>
        </span>
      </label>
      {errors.agreement ? <div className="ys-login__error">{errors.agreement}</div> : null}
      <button type="submit" className="ys-login__submit" disabled={busy} aria-busy={busy} data-testid="register-submit">
        {busy ? <span className="ys-login__spin" aria-hidden="true" /> : null}
        {t('register.submit')}
      </button>
      <p className="ys-login__hint">
        <Link to="/login">{t('register.have_account')}</Link>
      </p>
    </form>
  );
}

/** The phone with its country code (+86 / +852) in the sign-in form's own field style. */
function PhoneField(props: { label: string; value: string; onChange: (v: string) => void; placeholder: string; error?: string }) {
  const { area, digits } = phoneParts(props.value);
  const placeholder = usePhonePlaceholder(area, props.placeholder);
  return (
    <>
      <label className="ys-login__label" htmlFor="reg-phone">
        {props.label}
      </label>
      <div className={`ys-login__field ys-tel${props.error ? ' is-error' : ''}`}>
        <AreaCodeSelect value={area} onChange={(a) => props.onChange(joinPhone(a, typedDigits(digits, a)))} testId="reg-phone-area" />
        <input
          id="reg-phone"
          name="reg-phone"
          className="ys-login__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={MAX_DIGITS[area]}
          placeholder={placeholder}
          value={digits}
          onChange={(e) => props.onChange(joinPhone(area, typedDigits(e.target.value, area)))}
        />
      </div>
      {props.error ? <div className="ys-login__error">{props.error}</div> : null}
    </>
  );
}
