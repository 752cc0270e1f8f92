// ossKeys: the S3 access keys of the project. 创建密钥 answers the SecretKey once, shown in a dialog
// with copy buttons and the warning that it will not be shown again; a key is disabled, enabled or
// deleted after the user confirms. Ids are AccessKey IDs, which users need to copy.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Popup, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { CardTable, FormField, type CardColumn } from '../../ui/card-table.tsx';
import { usePageHandle } from '../../lib/hooks.ts';
import { createKey, deleteKey, disableKey, enableKey, listKeys, type OssKey } from './api.ts';
import { OssFrame, OssListState, StateTag, when } from './parts.tsx';
import { ossKeys } from './query-keys.ts';

const DESCRIPTION_MAX = 60;

async function copy(text: string, t: TFunction) {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: t('oss:copied') });
  } catch {
    Toast.show({ content: t('oss:copy_failed') });
  }
}

/** The new key's pair, this one time, with copy buttons and the warning. */
function showSecretOnce(t: TFunction, accessKeyId: string, secret: string) {
  const rows = [
    { label: t('oss:keys.access_key_id'), value: accessKeyId, id: 'oss-ak' },
    { label: t('oss:keys.secret'), value: secret, id: 'oss-sk' },
  ];
  return Dialog.alert({
    title: t('oss:keys.secret_title'),
    confirmText: t('oss:keys.secret_saved'),
    content: (
      <div className="ys-oss__secret" data-testid="oss-secret-once">
        <p className="ys-oss__warn" role="alert">
          {t('oss:keys.secret_warning')}
        </p>
        {rows.map((r) => (
          <div key={r.id} className="ys-oss__secretrow">
            <span className="ys-oss__muted">{r.label}</span>
            <code data-testid={r.id}>{r.value}</code>
            <Button size="small" onClick={() => void copy(r.value, t)} data-testid={`${r.id}-copy`}>
              {t('oss:copy')}
            </Button>
          </div>
        ))}
      </div>
    ),
  });
}

function CreateSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('oss');
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const tooLong = description.trim().length > DESCRIPTION_MAX;
  const submit = async () => {
    setBusy(true);
    try {
      const res = await createKey(description.trim());
      onClose();
      setDescription('');
      await client.invalidateQueries({ queryKey: ossKeys.all });
      await showSecretOnce(t, res.access_key_id, res.secret_access_key);
    } catch {
      // the request helper has shown the server's words
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="ys-oss__sheet" destroyOnClose>
      <div className="ys-oss__form" data-testid="oss-key-form">
        <h2 className="ys-oss__h2">{t('keys.create')}</h2>
        <p className="ys-oss__muted">{t('keys.create_note')}</p>
        <FormField
          label={t('keys.description')}
          hint={t('keys.description_hint', { max: DESCRIPTION_MAX })}
          error={tooLong ? t('keys.description_long', { max: DESCRIPTION_MAX }) : null}
        >
          <Input
            className="ys-oss__input"
            value={description}
            onChange={setDescription}
            placeholder={t('keys.description_ph')}
            data-testid="oss-key-description"
          />
        </FormField>
        <Button block color="primary" loading={busy} disabled={tooLong} onClick={() => void submit()} data-testid="oss-key-submit">
          {t('keys.create')}
        </Button>
      </div>
    </Popup>
  );
}

function useKeyActions() {
  const { t } = useTranslation('oss');
  const client = useQueryClient();
  return async (key: OssKey, kind: 'disable' | 'enable' | 'delete') => {
    const run = { disable: disableKey, enable: enableKey, delete: deleteKey }[kind];
    const yes = await Dialog.confirm({
      title: t(`keys.confirm_${kind}_title`),
      content: t(`keys.confirm_${kind}`, { id: key.access_key_id }),
      confirmText: t(`keys.${kind}`),
      cancelText: t('cancel'),
    });
    if (!yes) return;
    try {
      await run(key.id);
      Toast.show({ content: t('done') });
    } catch {
      // the request helper has shown the server's words
    } finally {
      await client.invalidateQueries({ queryKey: ossKeys.all });
    }
  };
}

export default function OssKeysPage() {
  const { t } = useTranslation('oss');
  const page = usePageHandle()?.name ?? 'ossKeys';
  const [creating, setCreating] = useState(false);
  const q = useQuery({ queryKey: ossKeys.keys, queryFn: listKeys });
  const act = useKeyActions();
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => setCreating(true)} data-testid="oss-key-create">
      {t('keys.create')}
    </Button>
  );
  const columns: CardColumn<OssKey>[] = [
    { key: 'ak', label: t('keys.access_key_id'), render: (r) => <code className="ys-oss__code">{r.access_key_id}</code> },
    { key: 'status', label: t('col.status'), render: (r) => <StateTag status={r.status} /> },
    { key: 'description', label: t('keys.description'), render: (r) => r.description || '—', wrap: true },
    { key: 'created', label: t('col.created'), render: (r) => when(r.created_at) },
    { key: 'used', label: t('keys.last_used'), render: (r) => (r.last_used_at ? when(r.last_used_at) : t('keys.never_used')) },
  ];
  return (
    <OssFrame page={page} tab="keys" intro={t('intro.keys')} toolbar={rows.length ? add : undefined}>
      <OssListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('keys.empty')} action={add} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="oss-keys"
          actionsLabel={t('col.actions')}
          actions={(r) => (
            <>
              <Button
                size="small"
                fill="outline"
                color="primary"
                onClick={() => void act(r, r.status === 'active' ? 'disable' : 'enable')}
                data-testid="oss-key-toggle"
              >
                {t(r.status === 'active' ? 'keys.disable' : 'keys.enable')}
              </Button>
              <Button size="small" fill="outline" color="danger" onClick={() => void act(r, 'delete')} data-testid="oss-key-delete">
                {t('keys.delete')}
              </Button>
            </>
          )}
        />
      ) : null}
      <CreateSheet open={creating} onClose={() => setCreating(false)} />
    </OssFrame>
  );
}
