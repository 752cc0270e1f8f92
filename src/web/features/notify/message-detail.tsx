// One site message: its category, time, full text and the link to its subject, with delete (after
// a confirmation). Opening it marks it read. Used by the detail route (phone) and the split view's
// right pane (tablet, desktop).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Tag } from 'antd-mobile';
import { confirm } from '../../ui/light/confirm.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { shanghaiTime } from '../../../domain/notify.ts';
import { deleteMessages, getMessage, markRead } from './api.ts';
import { refreshUnread } from './unread.ts';
import { notifyKeys } from './query-keys.ts';

export function MessageDetail({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const { t } = useTranslation('notify');
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: notifyKeys.message(id), queryFn: () => getMessage(id), retry: false });
  const message = q.data;

  useEffect(() => {
    if (message?.status !== 'unread') return;
    void markRead(message.id).then(() => {
      void refreshUnread();
      void client.invalidateQueries({ queryKey: notifyKeys.messages() });
    });
  }, [message?.id, message?.status, client]);

  if (q.isPending) return <DotLoading />;
  if (!message) return <p className="ys-msg-empty">{t('centre.not_found')}</p>;

  const remove = async () => {
    const ok = await confirm({ content: t('centre.delete_one_confirm'), confirmText: t('centre.delete'), cancelText: t('centre.cancel') });
    if (!ok) return;
    await deleteMessages([message.id]);
    Toast.show({ content: t('centre.deleted', { count: 1 }) });
    void refreshUnread();
    await client.invalidateQueries({ queryKey: notifyKeys.messages() });
    onDeleted();
  };

  return (
    <article className="ys-msg-detail" data-testid="message-detail">
      <h2 className="ys-msg-detail__title">{message.title}</h2>
      <div className="ys-msg-detail__meta">
        <Tag color="primary" fill="outline">
          {t(`categories.${message.category}`, { defaultValue: t('categories.system') })}
        </Tag>
        <span>{shanghaiTime(message.created_at)}</span>
      </div>
      <p className="ys-msg-detail__content">{message.content}</p>
      <div className="ys-msg-detail__actions">
        {message.link && (
          <Button color="primary" onClick={() => navigate(message.link!)} data-testid="message-open-subject">
            {t('centre.open_subject')}
          </Button>
        )}
        <Button color="danger" fill="outline" onClick={() => void remove()} data-testid="message-delete">
          {t('centre.delete')}
        </Button>
      </div>
    </article>
  );
}
