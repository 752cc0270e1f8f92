// accessKeyDetail/{id}: one key — type, expiry, state, calls, last use, the user whose permissions it
// carries, its most called actions and its calls per day; enable/disable and delete for its owner,
// lock/unlock (with a reason) for operations administrators, and the way to accessKeyAuthorize.
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, List, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { deleteKey, getKey, lockKey, unlockKey, updateKey } from './api.ts';
import { Loading, LoadFailed, StateTag, when } from './parts.tsx';
import { actionLabel } from './labels.ts';
import './keys.css';
import { keyKeys } from './query-keys.ts';

export default function AccessKeyDetailPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keyKeys.accessKey(id), queryFn: () => getKey(id) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: keyKeys.accessKeys() });
  };
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      Toast.show({ content: done });
      refresh();
    } catch {
      // the request helper showed the server's notice
    }
  };
  const askLock = async (keyId: string) => {
    let reason = '';
    const ok = await Dialog.confirm({
      title: t('detail.lock_title'),
      content: <Input placeholder={t('detail.lock_reason')} onChange={(v) => (reason = v)} data-testid="lock-reason" />,
      confirmText: t('detail.lock'),
      cancelText: t('cancel'),
    });
    if (ok) await run(() => lockKey(keyId, reason), t('detail.locked_done'));
  };
  const askDelete = async (keyId: string) => {
    const ok = await Dialog.confirm({ content: t('detail.delete_confirm'), confirmText: t('detail.delete'), cancelText: t('cancel') });
    if (!ok) return;
    try {
      await deleteKey(keyId);
      Toast.show({ content: t('detail.deleted') });
      refresh();
      navigate('/accessKeyManage/accessKeyList');
    } catch {
      // the request helper showed the server's notice
    }
  };

  return (
    <PageFrame name="accessKeyDetail" className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.detail')}</h1>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed retry={() => void q.refetch()} />
      ) : (
        (() => {
          const { data: k, may } = q.data;
          const max = Math.max(1, ...k.daily.map((d) => d.calls));
          return (
            <>
              <List>
                <List.Item extra={<span className="ys-keys__mono">{k.access_key}</span>}>{t('field.access_key')}</List.Item>
                <List.Item extra={t('secret.hidden')}>{t('field.secret')}</List.Item>
                <List.Item extra={<StateTag state={k.state} />}>{t('field.state')}</List.Item>
                <List.Item extra={t(`key_type.${k.key_type}`)}>{t('field.key_type')}</List.Item>
                <List.Item extra={k.expires_at ? when(k.expires_at, t) : t('no_expiry')}>{t('field.expires_at')}</List.Item>
                <List.Item extra={k.call_count.toLocaleString('zh-CN')}>{t('field.calls')}</List.Item>
                <List.Item extra={when(k.last_used_at, t)}>{t('field.last_used_at')}</List.Item>
                <List.Item extra={k.owner ? `${k.owner.nickname}（${k.owner.account}）` : ''}>{t('field.owner')}</List.Item>
                <List.Item extra={k.bind_user ? `${k.bind_user.nickname}（${k.bind_user.account}）` : ''} data-testid="bind-user">
                  {t('field.bind_user')}
                </List.Item>
                <List.Item extra={when(k.created_at, t)}>{t('field.created_at')}</List.Item>
                {k.description ? <List.Item extra={k.description}>{t('field.description')}</List.Item> : null}
                {k.locked ? <List.Item extra={k.lock_reason ?? ''}>{t('field.lock_reason')}</List.Item> : null}
              </List>
              <div className="ys-keys__actions">
                {may.manage ? (
                  <Button
                    onClick={() => void run(() => updateKey(k.id, { enabled: !k.enabled }), k.enabled ? t('detail.disabled_done') : t('detail.enabled_done'))}
                  >
                    {k.enabled ? t('detail.disable') : t('detail.enable')}
                  </Button>
                ) : null}
                {may.authorize ? (
                  <Button onClick={() => navigate(`/accessKeyAuthorize/${k.bind_user_id}/${k.id}`)} data-testid="key-authorize">
                    {t('detail.authorize')}
                  </Button>
                ) : null}
                {may.lock ? (
                  k.locked ? (
                    <Button color="warning" onClick={() => void run(() => unlockKey(k.id), t('detail.unlocked_done'))}>
                      {t('detail.unlock')}
                    </Button>
                  ) : (
                    <Button color="warning" onClick={() => void askLock(k.id)} data-testid="key-lock">
                      {t('detail.lock')}
                    </Button>
                  )
                ) : null}
                {may.manage ? (
                  <Button color="danger" fill="outline" onClick={() => void askDelete(k.id)}>
                    {t('detail.delete')}
                  </Button>
                ) : null}
              </div>
              <h2 className="ys-keys__h2">{t('detail.top_actions')}</h2>
              {k.top_actions.length ? (
                <List>
                  {k.top_actions.map((a) => (
                    <List.Item key={a.action} extra={a.calls.toLocaleString('zh-CN')} description={<span className="ys-keys__mono">{a.action}</span>}>
                      {actionLabel(a.action, t)}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <p className="ys-keys__muted">{t('detail.no_calls')}</p>
              )}
              <h2 className="ys-keys__h2">{t('detail.daily')}</h2>
              {k.daily.map((d) => (
                <div key={d.day} className="ys-keys__rank">
                  <span />
                  <div>
                    <span>{d.day}</span>
                    <div className="ys-keys__bar" style={{ width: `${Math.round((d.calls / max) * 100)}%` }} />
                  </div>
                  <span>{d.calls.toLocaleString('zh-CN')}</span>
                </div>
              ))}
            </>
          );
        })()
      )}
    </PageFrame>
  );
}
