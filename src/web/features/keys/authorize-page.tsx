// accessKeyAuthorize/{bind_user_id}/{id}: which user's permissions the key carries. The tenant
// administrator picks a user of the tenant (their roles shown); signed requests then act as them.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Radio, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { authorizeKey, bindableUsers, getKey } from './api.ts';
import { Loading, LoadFailed } from './parts.tsx';
import './keys.css';
import { keyKeys } from './query-keys.ts';

export default function AuthorizePage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const { id = '', bind_user_id: bindUserId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const key = useQuery({ queryKey: keyKeys.accessKey(id), queryFn: () => getKey(id) });
  const users = useQuery({ queryKey: keyKeys.bindableUsers(), queryFn: bindableUsers });
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = chosen ?? bindUserId;
  const save = async () => {
    setBusy(true);
    try {
      await authorizeKey(id, value);
      Toast.show({ content: t('authorize.saved') });
      void qc.invalidateQueries({ queryKey: keyKeys.accessKeys() });
      navigate(`/accessKeyDetail/${id}`);
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame name="accessKeyAuthorize" className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.authorize')}</h1>
      {key.isPending || users.isPending ? (
        <Loading />
      ) : key.isError || users.isError ? (
        <LoadFailed
          retry={() => {
            void key.refetch();
            void users.refetch();
          }}
        />
      ) : (
        <>
          <p className="ys-keys__muted">{t('authorize.hint')}</p>
          <List>
            <List.Item extra={<span className="ys-keys__mono">{key.data.data.access_key}</span>}>{t('field.access_key')}</List.Item>
          </List>
          <h2 className="ys-keys__h2">{t('authorize.pick')}</h2>
          <Radio.Group value={value} onChange={(v) => setChosen(String(v))}>
            <List>
              {users.data.data.map((u) => (
                <List.Item key={u.id} description={u.roles.map((r) => t(`role.${r}`)).join('、')} data-testid="bind-choice">
                  <Radio value={u.id} style={{ minHeight: 44 }}>
                    {`${u.nickname}（${u.account}）`}
                  </Radio>
                </List.Item>
              ))}
            </List>
          </Radio.Group>
          <div className="ys-keys__actions">
            <Button color="primary" loading={busy} disabled={value === key.data.data.bind_user_id} onClick={() => void save()} data-testid="authorize-save">
              {t('authorize.save')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('cancel')}</Button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
