// opinionDetail/:id: the feedback, the operations side's reply (the operations side writes it
// here), and closing it after a confirmation.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, TextArea } from 'antd-mobile';
import { PageFrame } from '../../ui/page-frame.tsx';
import { closeFeedback, fetchFeedback, replyFeedback, type Feedback } from './api.ts';
import { formatTime } from './format.ts';
import { Loading, Nothing, StatusChip } from './parts.tsx';
import './desk.css';
import { deskKeys } from './query-keys.ts';

export default function OpinionDetailPage() {
  const { t } = useTranslation('desk');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({ queryKey: deskKeys.feedback(id), queryFn: () => fetchFeedback(id), retry: false });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const f = query.data;

  async function run(fn: () => Promise<Feedback>) {
    setBusy(true);
    try {
      client.setQueryData(deskKeys.feedback(id), await fn());
      void client.invalidateQueries({ queryKey: deskKeys.feedbacks() });
    } catch {
      // the request helper has shown the server's notice
    } finally {
      setBusy(false);
    }
  }

  if (query.isPending)
    return (
      <PageFrame name="opinionDetail" className="ys-sd">
        <Loading />
      </PageFrame>
    );
  if (!f)
    return (
      <PageFrame name="opinionDetail" className="ys-sd">
        <Nothing text={t('workorder.not_found')} />
      </PageFrame>
    );
  const fields: [string, string][] = [
    ['feedback_type', t(`feedback_type.${f.type}`)],
    ['name', f.name],
    ['phone', f.phone],
    ['email', f.email],
    ...(f.tenant_name ? ([['tenant', f.tenant_name]] as [string, string][]) : []),
    ['created_at', formatTime(f.created_at)],
    ['content', f.content],
  ];
  return (
    <PageFrame name="opinionDetail" className="ys-sd">
      <section className="ys-sd__section">
        <div className="ys-sd__card-head" style={{ marginBottom: 10 }}>
          <h2 className="ys-sd__card-title">{t('feedback.detail_title')}</h2>
          <StatusChip status={f.status} label={t(`feedback_status.${f.status}`)} />
        </div>
        <dl className="ys-sd__fields">
          {fields.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{t(`fields.${k}`)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="ys-sd__section">
        <h2>{t('fields.reply')}</h2>
        {f.reply ? (
          <div className="ys-sd__msg ys-sd__msg--ops" data-testid="fb-reply">
            <small>{`${t('workorder.side_ops')} · ${f.replied_at ? formatTime(f.replied_at) : ''}`}</small>
            {f.reply}
          </div>
        ) : (
          <div className="ys-sd__hint">{t('feedback.no_reply')}</div>
        )}
        {f.can?.reply && (
          <div style={{ marginTop: 10, display: 'flex', flexDirection: 'column', gap: 8 }}>
            <TextArea
              value={reply}
              onChange={setReply}
              placeholder={t('feedback.reply_placeholder')}
              aria-label={t('feedback.reply_placeholder')}
              autoSize={{ minRows: 2 }}
              maxLength={1000}
            />
            <Button color="primary" disabled={!reply.trim()} loading={busy} onClick={() => void run(() => replyFeedback(id, reply.trim()))}>
              {t('feedback.reply_send')}
            </Button>
          </div>
        )}
      </section>
      {f.can?.close && (
        <Button block color="danger" fill="outline" onClick={() => setClosing(true)} data-testid="fb-close">
          {t('feedback.close')}
        </Button>
      )}
      <Dialog
        visible={closing}
        content={t('feedback.close_confirm')}
        onClose={() => setClosing(false)}
        closeOnMaskClick
        actions={[
          [
            { key: 'cancel', text: t('feedback.back'), onClick: () => setClosing(false) },
            {
              key: 'close',
              text: t('feedback.close'),
              danger: true,
              bold: true,
              onClick: () => {
                setClosing(false);
                void run(() => closeFeedback(id));
              },
            },
          ],
        ]}
      />
    </PageFrame>
  );
}
