// handlePhone/:flag/:phone?/:area?/:email? (and the portal's portalHandlePhone): `verify` confirms
// the phone on record with an SMS code — the SMS delete flow sends users here first — and `change`
// asks for a new phone, which waits for review (1–2 working days).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { PhoneInput, phoneValueProblem } from '../../ui/phone-input.tsx';
import { pushNotice } from '../../lib/notices.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { changePhone, fetchProfile, sendCode, verifyPhone } from './account-api.ts';
import './account.css';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { accountKeys } from './query-keys.ts';

function HandlePhonePageContent() {
  const { t } = useTranslation('account');
  const handle = usePageHandle();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { flag = 'verify' } = useParams();
  const change = flag === 'change';
  const profile = useQuery({ queryKey: accountKeys.profile(), queryFn: fetchProfile });
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function send() {
    try {
      const sent = await sendCode(change ? 'change_phone' : 'verify_phone');
      setCountdown(sent.countdown);
    } catch {
      // the request helper showed the server's notice
    }
  }

  async function submit() {
    setBusy(true);
    try {
      const next = change ? await changePhone(phone.trim(), code.trim()) : await verifyPhone(code.trim());
      client.setQueryData(accountKeys.profile(), next);
      pushNotice({ type: 'success', description: t(change ? 'notices.phone_change_submitted' : 'notices.phone_verified'), seconds: 4 });
      navigate(-1);
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false);
    }
  }

  const p = profile.data;
  const phoneOk = !change || !phoneValueProblem(phone.trim());
  return (
    <PageFrame name={handle?.name ?? 'handlePhone'} className="ys-mine">
      <section className="ys-mine__head">
        <div className="ys-mine__name">{t(change ? 'phone.change_title' : 'phone.verify_title')}</div>
        {p && !p.phone && <p className="ys-mine__hint">{t('phone.no_phone')}</p>}
        {p?.phone && (
          <p className="ys-mine__hint" data-testid="phone-hint">
            {t(change ? 'phone.change_hint' : 'phone.verify_hint', { phone: p.phone })}
          </p>
        )}
        {!change && p?.is_phone_validate && (
          <p className="ys-mine__ok" data-testid="phone-verified">
            {t('phone.verified')}
          </p>
        )}
      </section>
      {p?.phone && (
        <Form layout="vertical" className="ys-mine__form">
          {change && (
            <Form.Item label={t('phone.new_phone')}>
              <PhoneInput value={phone} onChange={setPhone} testId="phone-new" />
            </Form.Item>
          )}
          <Form.Item
            label={t('phone.code')}
            extra={
              <Button size="small" color="primary" fill="none" disabled={countdown > 0} onClick={() => void send()} data-testid="phone-send">
                {countdown > 0 ? t('phone.resend', { n: countdown }) : t('phone.send')}
              </Button>
            }
          >
            <Input value={code} onChange={setCode} inputMode="numeric" maxLength={6} placeholder={t('phone.code_placeholder')} data-testid="phone-code" />
          </Form.Item>
        </Form>
      )}
      {p?.phone && (
        <Button
          block
          color="primary"
          size="large"
          disabled={!/^\d{6}$/.test(code.trim()) || !phoneOk}
          loading={busy}
          onClick={() => void submit()}
          data-testid="phone-submit"
        >
          {t(change ? 'phone.submit_change' : 'phone.submit_verify')}
        </Button>
      )}
    </PageFrame>
  );
}

/** Also shown in the portal layout (userCenter, portalAccountInfo, portalHandlePhone), which has no query client of its own. */
export default function HandlePhonePage() {
  return (
    <QueryProvider>
      <HandlePhonePageContent />
    </QueryProvider>
  );
}
