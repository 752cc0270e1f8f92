// /login?view=appeal&account=…: a locked (banned) user is told how to get the lock lifted (seed 001
// §8): a self-appeal that reaches the platform's administrators, or a service request (work order)
// filed by their tenant administrator.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appealSchema } from '../../../../domain/signup.ts';
import { CaptchaField, TextField, useCaptcha } from './code-fields.tsx';
import { fieldErrors, type FieldErrors } from './form-rules.ts';
import { sendAppeal } from './signup-api.ts';

export default function AppealView() {
  const { t } = useTranslation(['signup', 'errors']);
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const [v, setV] = useState({ account: params.get('account') ?? '', contact: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: '' }));
  };
  const labels = { account: t('appeal.account'), contact: t('appeal.contact'), reason: t('appeal.reason'), captcha: t('code.captcha') };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { account: v.account.trim(), contact: v.contact.trim(), reason: v.reason.trim(), ...captcha.value() };
    const found = fieldErrors(appealSchema.safeParse(body), t, labels);
    if (found.reason && body.reason) found.reason = t('appeal.reason_placeholder');
    if (found.captcha_id) found.captcha = t('code.captcha_first');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await sendAppeal(body);
      setSent(true);
    } catch {
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ys-login__form ys-signup" onSubmit={submit} noValidate data-view="appeal">
      <h1 className="ys-login__title">{t('appeal.title')}</h1>
      <p className="ys-signup__note">{t('appeal.intro')}</p>
      <ol className="ys-signup__ways">
        <li>{t('appeal.way_self')}</li>
        <li>{t('appeal.way_order')}</li>
      </ol>
      {sent ? (
        <p className="ys-signup__ok" role="status">
          {t('appeal.done')}
        </p>
      ) : (
        <>
          <TextField
            id="ap-account"
            label={labels.account}
            value={v.account}
            onChange={set('account')}
            autoComplete="username"
            maxLength={64}
            error={errors.account}
          />
          <TextField
            id="ap-contact"
            label={labels.contact}
            value={v.contact}
            onChange={set('contact')}
            placeholder={t('appeal.contact_placeholder')}
            maxLength={100}
            error={errors.contact}
          />
          <TextField
            id="ap-reason"
            label={labels.reason}
            value={v.reason}
            onChange={set('reason')}
            placeholder={t('appeal.reason_placeholder')}
            maxLength={500}
            multiline
            error={errors.reason}
          />
          <CaptchaField state={captcha} error={errors.captcha} onInput={() => setErrors((old) => ({ ...old, captcha: '' }))} />
          <button type="submit" className="ys-login__submit" disabled={busy} aria-busy={busy} data-testid="appeal-submit">
            {t('appeal.submit')}
          </button>
        </>
      )}
      <p className="ys-login__hint">
        <Link to="/login">{t('links.back_login')}</Link>
      </p>
    </form>
  );
}
