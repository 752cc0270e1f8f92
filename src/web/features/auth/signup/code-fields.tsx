// The captcha image (self-hosted, answer kept on the server, one guess per image) and the SMS code
// with its 60-second countdown, shared by registration, recovery and the appeal.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha, type Captcha } from './signup-api.ts';

export interface CaptchaState {
  captcha: Captcha | null;
  answer: string;
  setAnswer: (v: string) => void;
  /** a new image (every send uses up the current one) */
  refresh: () => void;
  value: () => { captcha_id: string; captcha: string };
}

export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const refresh = useCallback(() => {
    setAnswer('');
    fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);
  useEffect(refresh, [refresh]);
  return { captcha, answer, setAnswer, refresh, value: () => ({ captcha_id: captcha?.captcha_id ?? '', captcha: answer.trim() }) };
}

export function CaptchaField({ state, error, onInput }: { state: CaptchaState; error?: string | null; onInput?: () => void }) {
  const { t } = useTranslation('signup');
  const src = state.captcha ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.captcha.svg)}` : undefined;
  return (
    <>
      <label className="ys-login__label" htmlFor="signup-captcha">
        {t('code.captcha')}
      </label>
      <div className="ys-signup__row">
        <div className={`ys-login__field${error ? ' is-error' : ''}`}>
          <input
            id="signup-captcha"
            className="ys-login__input"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={8}
            placeholder={t('code.captcha_placeholder')}
            value={state.answer}
            onChange={(e) => {
              state.setAnswer(e.target.value);
              onInput?.();
            }}
          />
        </div>
        <button
          type="button"
          className="ys-signup__captcha"
          onClick={state.refresh}
          aria-label={t('code.captcha_refresh')}
          title={t('code.captcha_refresh')}
          data-testid="captcha-image"
        >
          {src ? <img src={src} alt={t('code.captcha_alt')} width={120} height={44} /> : null}
        </button>
      </div>
      {error ? <div className="ys-login__error">{error}</div> : null}
    </>
  );
}

/** The SMS code input and its send button; `send` answers the countdown in seconds, or throws. */
export function SmsField({
  value,
  onChange,
  send,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  send: () => Promise<number>;
  error?: string | null;
}) {
  const { t } = useTranslation('signup');
  const [left, setLeft] = useState(0);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const click = async () => {
    if (busy || left > 0) return;
    setBusy(true);
    try {
      setLeft(await send());
      setSent(true);
    } catch {
      // the request helper showed why; the form shows the field's own error
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label className="ys-login__label" htmlFor="signup-sms">
        {t('code.sms')}
      </label>
      <div className="ys-signup__row">
        <div className={`ys-login__field${error ? ' is-error' : ''}`}>
          <input
            id="signup-sms"
            className="ys-login__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('code.sms_placeholder')}
            value={value}
            onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <button type="button" className="ys-signup__send" onClick={click} disabled={busy || left > 0} data-testid="sms-send">
          {left > 0 ? t('code.countdown', { seconds: left }) : sent ? t('code.resend') : t('code.send')}
        </button>
      </div>
      {error ? <div className="ys-login__error">{error}</div> : null}
    </>
  );
}

/** A labelled plain input in the sign-in page's style. */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  error?: string | null;
  maxLength?: number;
  multiline?: boolean;
}) {
  return (
    <>
      <label className="ys-login__label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className={`ys-login__field${props.multiline ? ' ys-signup__area' : ''}${props.error ? ' is-error' : ''}`}>
        {props.multiline ? (
          <textarea
            id={props.id}
            className="ys-login__input"
            rows={4}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
          />
        ) : (
          <input
            id={props.id}
            name={props.id}
            className="ys-login__input"
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            autoComplete={props.autoComplete ?? 'off'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
          />
        )}
      </div>
      {props.error ? <div className="ys-login__error">{props.error}</div> : null}
    </>
  );
}
