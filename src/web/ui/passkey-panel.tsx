// The user centre's passkeys (ADR 0023): the list, add (the browser makes the key; the server keeps
// only its public half) and remove. The WebAuthn browser library loads only when adding one.
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { confirm } from './light/confirm.tsx';
import { Toast } from './light/toast.ts';
import { formatDateTime } from '../../domain/time-format.ts';
import { del, get, post } from '../lib/request.ts';

/** The caller's passkeys: this panel's only query, used only here. */
const passkeyKeys = { all: () => ['passkeys'] as const };

interface Passkey {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export function PasskeyPanel() {
  const { t } = useTranslation('keys');
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: passkeyKeys.all(),
    queryFn: () => get<{ data: Passkey[] }>('v1/account/passkeys', undefined, { isNeedloading: false }),
  });
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const add = async () => {
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await post<Parameters<typeof startRegistration>[0]['optionsJSON']>('v1/account/passkeys/options', {});
      const response = await startRegistration({ optionsJSON: options });
      const name = `${t('passkey.name_default')} ${formatDateTime(new Date().toISOString())}`;
      await post('v1/account/passkeys', { name, response });
      Toast.show({ content: t('passkey.added') });
      void qc.invalidateQueries({ queryKey: passkeyKeys.all() });
    } catch (err) {
      if (err instanceof Error && err.name !== 'RequestError') Toast.show({ content: t('passkey.failed') });
    }
  };
  const remove = async (p: Passkey) => {
    if (!(await confirm({ content: t('passkey.remove_confirm'), confirmText: t('passkey.remove'), cancelText: t('cancel') }))) return;
    try {
      await del(`v1/account/passkeys/${p.id}`);
      Toast.show({ content: t('passkey.removed') });
      void qc.invalidateQueries({ queryKey: passkeyKeys.all() });
    } catch {
      // the request helper showed the server's notice
    }
  };
  return (
    <section data-testid="passkeys">
      <List header={t('passkey.title')}>
        <List.Item description={t('passkey.hint')}>
          <Button color="primary" size="small" disabled={!supported} onClick={() => void add()} data-testid="passkey-add" style={{ minHeight: 44 }}>
            {supported ? t('passkey.add') : t('passkey.unsupported')}
          </Button>
        </List.Item>
        {(list.data?.data ?? []).map((p) => (
          <List.Item
            key={p.id}
            data-testid="passkey-item"
            description={`${t('passkey.created_at', { time: formatDateTime(p.created_at) })}${p.last_used_at ? ` · ${t('passkey.last_used', { time: formatDateTime(p.last_used_at) })}` : ''}`}
            extra={
              <Button size="small" fill="outline" color="danger" onClick={() => void remove(p)} style={{ minHeight: 44 }}>
                {t('passkey.remove')}
              </Button>
            }
          >
            {p.name}
          </List.Item>
        ))}
        {list.data && list.data.data.length === 0 ? <List.Item>{t('passkey.empty')}</List.Item> : null}
      </List>
    </section>
  );
}
