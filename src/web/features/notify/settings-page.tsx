// siteMessasgesSet: per category, which channels bring a message to this user (站内信 / 邮件 /
// 设备推送 / 群机器人), honoured by the notification service; Web Push on this device (the service
// worker's subscription, registered per device); a link to the project's robots.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, Toast } from 'antd-mobile';
import { SETTING_CHANNELS, type CategorySetting } from '../../../domain/notify.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { addDevice, getSettings, removeDevice, saveSettings, vapidKey } from './api.ts';
import './notify.css';
import { notifyKeys } from './query-keys.ts';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export default function SettingsPage() {
  const { t } = useTranslation('notify');
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: notifyKeys.settings(), queryFn: getSettings });
  const [rows, setRows] = useState<CategorySetting[] | null>(null);
  const [device, setDevice] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (q.data) setRows(q.data.data);
  }, [q.data]);
  useEffect(() => {
    if (!pushSupported()) return;
    void navigator.serviceWorker.getRegistration().then((reg) => reg?.pushManager.getSubscription().then(setDevice));
  }, []);

  const toggle = (category: string, channel: (typeof SETTING_CHANNELS)[number], on: boolean) =>
    setRows((prev) => prev && prev.map((r) => (r.category === category ? { ...r, [channel]: on } : r)));

  const save = async () => {
    if (!rows) return;
    setBusy(true);
    try {
      await saveSettings(rows);
      Toast.show({ content: t('settings.saved') });
      await client.invalidateQueries({ queryKey: notifyKeys.settings() });
    } finally {
      setBusy(false);
    }
  };

  const enablePush = async () => {
    if (!pushSupported()) return void Toast.show({ content: t('settings.push_unsupported') });
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return void Toast.show({ content: t('settings.push_denied') });
    const reg = await navigator.serviceWorker.ready;
    const { public_key } = await vapidKey();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
    await addDevice(sub.toJSON());
    setDevice(sub);
    Toast.show({ content: t('settings.push_enabled') });
    await client.invalidateQueries({ queryKey: notifyKeys.settings() });
  };
  const disablePush = async () => {
    if (!device) return;
    await removeDevice(device.endpoint).catch(() => undefined);
    await device.unsubscribe();
    setDevice(null);
    Toast.show({ content: t('settings.push_disabled') });
    await client.invalidateQueries({ queryKey: notifyKeys.settings() });
  };

  const info = q.data;
  return (
    <PageFrame name="siteMessasgesSet" className="ys-nset">
      <section className="ys-nset__card">
        <p className="ys-nset__intro">{t('settings.intro')}</p>
      </section>
      <section className="ys-nset__card">
        {!rows ? (
          <DotLoading />
        ) : (
          <table className="ys-nset__table" data-testid="notify-settings">
            <thead>
              <tr>
                <th scope="col">{t('centre.category')}</th>
                {SETTING_CHANNELS.map((c) => (
                  <th key={c} scope="col">
                    {t(`settings.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.category}>
                  <td>{t(`categories.${r.category}`)}</td>
                  {SETTING_CHANNELS.map((c) => (
                    <td key={c}>
                      <Checkbox
                        checked={r[c]}
                        onChange={(on) => toggle(r.category, c, on)}
                        aria-label={`${t(`categories.${r.category}`)} ${t(`settings.${c}`)}`}
                        data-testid={`set-${r.category}-${c}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {info && !info.email_enabled && <p className="ys-nset__hint">{t('settings.email_off')}</p>}
        {info && info.email_enabled && !info.has_email && <p className="ys-nset__hint">{t('settings.email_missing')}</p>}
        <div className="ys-nset__row" style={{ marginTop: 12 }}>
          <Button color="primary" loading={busy} disabled={!rows} onClick={() => void save()} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </div>
      </section>
      <section className="ys-nset__card">
        <div className="ys-nset__row">
          <span>{t('settings.push_devices', { count: info?.push_devices ?? 0 })}</span>
          {device ? (
            <Button fill="outline" onClick={() => void disablePush()}>
              {t('settings.push_disable')}
            </Button>
          ) : (
            <Button color="primary" fill="outline" onClick={() => void enablePush()} data-testid="push-enable">
              {t('settings.push_enable')}
            </Button>
          )}
        </div>
      </section>
      <section className="ys-nset__card">
        <Button fill="none" color="primary" onClick={() => navigate('/notifyChannels')} data-testid="channels-link">
          {t('settings.channels_link')}
        </Button>
      </section>
    </PageFrame>
  );
}
