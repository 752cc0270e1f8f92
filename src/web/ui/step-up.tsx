// Step-up (ADR 0023): before a guarded call (approving a costly request) the user proves again who
// they are — with a passkey when they have one, else (or as fallback) with the password — and gets
// a proof the server checks on that call (header X-Step-Up-Token, good for 5 minutes). The
// WebAuthn browser library loads only when a passkey is used.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Input } from 'antd-mobile';
import { post } from '../lib/request.ts';

interface Proof {
  token: string;
  expires_at: string;
}
let cached: Proof | null = null;

function StepUpContent({ hasPasskey, options, hint, done }: { hasPasskey: boolean; options: unknown; hint: string; done: (token: string | null) => void }) {
  const { t } = useTranslation('keys');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const finish = (p: Proof) => {
    cached = p;
    done(p.token);
  };
  const withPasskey = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      finish(await post<Proof>('v1/step-up/passkey', { response }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const withPassword = async () => {
    setBusy(true);
    try {
      finish(await post<Proof>('v1/step-up/password', { password }));
    } catch {
      // the request helper showed the server's notice (wrong password)
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-step-up" data-testid="step-up">
      <p>{hint}</p>
      {hasPasskey ? (
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void withPasskey()}
          data-testid="step-up-passkey"
          style={{ minHeight: 44, marginBottom: 12 }}
        >
          {t('step_up.use_passkey')}
        </Button>
      ) : null}
      {failed ? <p role="alert">{t('step_up.failed')}</p> : null}
      <Input
        type="password"
        value={password}
        onChange={setPassword}
        placeholder={t('step_up.password_placeholder')}
        aria-label={t('step_up.use_password')}
        data-testid="step-up-password"
      />
      <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
        <Button block disabled={!password || busy} onClick={() => void withPassword()} data-testid="step-up-password-submit" style={{ minHeight: 44 }}>
          {hasPasskey ? t('step_up.use_password') : t('step_up.confirm')}
        </Button>
        <Button block onClick={() => done(null)} style={{ minHeight: 44 }}>
          {t('step_up.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** A live step-up proof (reused while it lasts), or null when the user cancels. */
export async function obtainStepUp(title: string, hint: string): Promise<string | null> {
  if (cached && new Date(cached.expires_at).getTime() - Date.now() > 30_000) return cached.token;
  const { has_passkey: hasPasskey, options } = await post<{ has_passkey: boolean; options: unknown }>('v1/step-up/options', {}, { isNeedloading: false });
  return new Promise((resolve) => {
    const handler = Dialog.show({
      title,
      closeOnMaskClick: false,
      content: (
        <StepUpContent
          hasPasskey={hasPasskey}
          options={options}
          hint={hint}
          done={(token) => {
            handler.close();
            resolve(token);
          }}
        />
      ),
    });
  });
}
