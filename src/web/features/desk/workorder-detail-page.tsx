// workorderDetail/:id: the work order, its SLA, attachments, the reply thread both ways and the
// actions the server says this caller may take now (受理 / 待确认 for the operations side; 已解决 /
// 未解决 and the rating for the user).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Rate, TextArea } from 'antd-mobile';
import { PageFrame } from '../../ui/page-frame.tsx';
import { attachmentObjectUrl, fetchWorkorder, moveWorkorder, rateWorkorder, replyWorkorder, type WorkorderDetail } from './api.ts';
import { formatSize, formatTime } from './format.ts';
import { Loading, Nothing, SlaLine, StatusChip } from './parts.tsx';
import './desk.css';
import { deskKeys } from './query-keys.ts';

function Attachment({ a }: { a: WorkorderDetail['attachments'][number] }) {
  const { t } = useTranslation('desk');
  const [url, setUrl] = useState<string | null>(null);
  const image = a.mime.startsWith('image/');
  useEffect(() => {
    if (!image) return;
    let made: string | null = null;
    attachmentObjectUrl(a.id)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [a.id, image]);
  const open = async () => {
    const u = url ?? (await attachmentObjectUrl(a.id));
    window.open(u, '_blank', 'noopener');
  };
  return (
    <button
      type="button"
      className="ys-sd__thumb"
      aria-label={t('workorder.attachment_open', { name: a.name })}
      onClick={() => void open()}
      data-testid="wo-attachment"
    >
      {image && url ? <img src={url} alt={a.name} /> : <span>{`${a.name} · ${formatSize(a.size)}`}</span>}
    </button>
  );
}

/** What was asked, by whom and how urgently, with its SLA and attachments. */
function WorkorderFacts({ w }: { w: WorkorderDetail }) {
  const { t } = useTranslation('desk');
  const fields: [string, string][] = [
    ['number', w.number],
    ['type', w.type_name ?? '-'],
    ...(w.question_name ? ([['question', w.question_name]] as [string, string][]) : []),
    ['urgency', t(`urgency.${w.urgency}`)],
    ['contact', w.contact],
    ['phone', w.phone],
    ['email', w.email],
    ['contact_time', t(`contact_time.${w.contact_time}`)],
    ...(w.tenant_name && w.viewer_side === 'ops' ? ([['tenant', w.tenant_name]] as [string, string][]) : []),
    ['created_at', formatTime(w.created_at)],
    ['description', w.description],
    ...(w.resource_ids.length ? ([['resources', w.resource_ids.join('，')]] as [string, string][]) : []),
  ];

  return (
    <>
      <section className="ys-sd__section">
        <div className="ys-sd__card-head">
          <h2 className="ys-sd__card-title">{w.title}</h2>
          <StatusChip status={w.status} label={t(`status.${w.status}`)} />
        </div>
        <div className="ys-sd__meta" style={{ marginBottom: 10 }}>
          <SlaLine urgency={w.urgency} deadline={w.sla_deadline} answered={w.status !== 'submitted'} />
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

      {w.attachments.length > 0 && (
        <section className="ys-sd__section">
          <h2>{t('fields.attachments')}</h2>
          <div className="ys-sd__thumbs">
            {w.attachments.map((a) => (
              <Attachment key={a.id} a={a} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}

export default function WorkorderDetailPage() {
  const { t } = useTranslation('desk');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({ queryKey: deskKeys.workorder(id), queryFn: () => fetchWorkorder(id), retry: false });
  const [reply, setReply] = useState('');
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const w = query.data;

  async function run(name: string, fn: () => Promise<WorkorderDetail>) {
    setBusy(name);
    try {
      const next = await fn();
      client.setQueryData(deskKeys.workorder(id), next);
      void client.invalidateQueries({ queryKey: deskKeys.workorders() });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  }

  if (query.isPending)
    return (
      <PageFrame name="workorderDetail" className="ys-sd">
        <Loading />
      </PageFrame>
    );
  if (!w)
    return (
      <PageFrame name="workorderDetail" className="ys-sd">
        <Nothing text={t('workorder.not_found')} />
      </PageFrame>
    );

  return (
    <PageFrame name="workorderDetail" className="ys-sd">
      <WorkorderFacts w={w} />

      <section className="ys-sd__section">
        <h2>{t('workorder.thread')}</h2>
        {w.replies.length === 0 ? (
          <div className="ys-sd__hint">{t('workorder.thread_empty')}</div>
        ) : (
          <div className="ys-sd__thread" data-testid="wo-thread">
            {w.replies.map((r) => (
              <div key={r.id} className={`ys-sd__msg ys-sd__msg--${r.side === w.viewer_side ? 'user' : 'ops'}`} data-side={r.side}>
                <small>{`${r.side === 'ops' ? t('workorder.side_ops') : r.author} · ${formatTime(r.created_at)}`}</small>
                {r.content}
              </div>
            ))}
          </div>
        )}
        {w.can.reply && (
          <div style={{ marginTop: 10, display: 'flex', flexDirection: 'column', gap: 8 }}>
            <TextArea
              value={reply}
              onChange={setReply}
              placeholder={t('workorder.reply_placeholder')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={1000}
              aria-label={t('workorder.reply_placeholder')}
              data-testid="wo-reply"
            />
            <Button
              color="primary"
              fill="outline"
              disabled={!reply.trim()}
              loading={busy === 'reply'}
              data-testid="wo-reply-send"
              onClick={() => void run('reply', () => replyWorkorder(id, reply.trim())).then((ok) => ok && setReply(''))}
            >
              {t('workorder.reply_send')}
            </Button>
          </div>
        )}
      </section>

      {(w.can.accept || w.can.propose || w.can.confirm || w.can.reject_solution) && (
        <section className="ys-sd__section">
          {(w.can.confirm || w.can.reject_solution) && <h2>{t('workorder.confirm_question')}</h2>}
          <div className="ys-sd__actions">
            {(['accept', 'propose', 'confirm', 'reject_solution'] as const)
              .filter((a) => w.can[a])
              .map((a) => (
                <Button
                  key={a}
                  color={a === 'reject_solution' ? 'danger' : 'primary'}
                  fill={a === 'reject_solution' ? 'outline' : 'solid'}
                  loading={busy === a}
                  data-testid={`wo-${a}`}
                  onClick={() => void run(a, () => moveWorkorder(id, a))}
                >
                  {t(`workorder.${a}`)}
                </Button>
              ))}
          </div>
        </section>
      )}

      {w.rating !== null && (
        <section className="ys-sd__section" data-testid="wo-rated">
          <h2>{t('fields.rating')}</h2>
          <Rate readOnly value={w.rating} />
          <div className="ys-sd__hint">{t('workorder.rated', { score: w.rating })}</div>
          {w.rating_comment && <div style={{ marginTop: 4 }}>{w.rating_comment}</div>}
        </section>
      )}
      {w.can.rate && (
        <section className="ys-sd__section">
          <h2>{t('workorder.rate')}</h2>
          <div data-testid="wo-rate">
            <Rate value={score} onChange={setScore} style={{ '--star-size': '32px' }} />
          </div>
          <TextArea
            value={comment}
            onChange={setComment}
            placeholder={t('workorder.rate_comment')}
            maxLength={200}
            autoSize={{ minRows: 2 }}
            aria-label={t('workorder.rate_comment')}
          />
          <Button
            block
            color="primary"
            style={{ marginTop: 8 }}
            disabled={score < 1}
            loading={busy === 'rate'}
            data-testid="wo-rate-submit"
            onClick={() => void run('rate', () => rateWorkorder(id, score, comment.trim()))}
          >
            {t('workorder.rate_submit')}
          </Button>
        </section>
      )}
    </PageFrame>
  );
}
