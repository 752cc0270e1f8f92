// Pieces the access-key pages share: the state tag, the one-time secret dialog, loading and error.
import { Button, Dialog, DotLoading, ErrorBlock, Tag, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { KeyState } from './api.ts';

const STATE_COLORS: Record<KeyState, string> = { active: 'success', disabled: 'default', expired: 'warning', locked: 'danger' };

export function StateTag({ state }: { state: KeyState }) {
  const { t } = useTranslation('keys');
  return (
    <Tag color={STATE_COLORS[state]} data-testid="key-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

export const when = (value: string | null, t: TFunction) => (value ? formatDateTime(value) : t('keys:never'));

export function Loading() {
  const { t } = useTranslation('keys');
  return (
    <div className="ys-keys__loading" role="status">
      <DotLoading /> {t('loading')}
    </div>
  );
}

export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('keys');
  return (
    <ErrorBlock status="default" title={t('load_failed')} description="">
      <Button onClick={retry}>{t('retry')}</Button>
    </ErrorBlock>
  );
}

async function copy(text: string, t: TFunction) {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: t('keys:secret.copied') });
  } catch {
    Toast.show({ content: t('keys:secret.copy_failed') });
  }
}

/** The secret, shown this one time with a copy button and the warning that it will not come back. */
export function showSecretOnce(t: TFunction, rows: { label: string; value: string; secret?: boolean }[]) {
  return Dialog.alert({
    title: t('keys:secret.title'),
    confirmText: t('keys:secret.saved'),
    content: (
      <div className="ys-keys__secret" data-testid="secret-once">
        <p className="ys-keys__warn">{t('keys:secret.warning')}</p>
        {rows.map((r) => (
          <div key={r.label} className="ys-keys__secret-row">
            <span className="ys-keys__label">{r.label}</span>
            <code data-testid={r.secret ? 'secret-value' : 'secret-id'}>{r.value}</code>
            <Button size="small" onClick={() => void copy(r.value, t)}>
              {t('keys:secret.copy')}
            </Button>
          </div>
        ))}
      </div>
    ),
  });
}
