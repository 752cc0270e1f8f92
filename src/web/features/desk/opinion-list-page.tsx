// opinionList: the caller's feedback (the operations side: every tenant's) with its state; feedback
// still waiting in the outbox shows first.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useOutbox } from '../../offline/hooks.ts';
import { OPEN_STATES } from '../../offline/outbox-rules.ts';
import { FEEDBACK_REF, fetchFeedbacks } from './api.ts';
import { formatTime } from './format.ts';
import { Loading, Nothing, StatusChip } from './parts.tsx';
import './desk.css';
import { deskKeys } from './query-keys.ts';

export default function OpinionListPage() {
  const { t } = useTranslation(['desk', 'offline']);
  const navigate = useNavigate();
  const query = useQuery({ queryKey: deskKeys.feedbacks(), queryFn: fetchFeedbacks, networkMode: 'always' });
  const queued = useOutbox({ ref: FEEDBACK_REF, states: OPEN_STATES });
  const rows = query.data?.data ?? [];
  return (
    <PageFrame name="opinionList" className="ys-sd">
      <div className="ys-sd__bar">
        <h1>{t('feedback.list_title')}</h1>
        <Button color="primary" size="small" onClick={() => navigate('/opinionAdd')} data-testid="feedback-new">
          {t('feedback.new')}
        </Button>
      </div>
      {queued.length > 0 && (
        <div className="ys-sd__grid">
          {queued.map((e) => (
            <Link key={e.id} to="/outbox" className="ys-sd__card" data-testid="feedback-queued-card">
              <div className="ys-sd__card-head">
                <span className="ys-sd__card-title">{e.label}</span>
                <StatusChip status={e.state} label={t(`offline:state.${e.state}`)} />
              </div>
            </Link>
          ))}
        </div>
      )}
      {query.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Nothing text={t('feedback.empty')} />
      ) : (
        <div className="ys-sd__grid">
          {rows.map((f) => (
            <Link key={f.id} to={`/opinionDetail/${f.id}`} className="ys-sd__card" data-testid="feedback-card">
              <div className="ys-sd__card-head">
                <span className="ys-sd__card-title">{f.content}</span>
                <StatusChip status={f.status} label={t(`feedback_status.${f.status}`)} />
              </div>
              <div className="ys-sd__meta">
                <span>{`${t('fields.feedback_type')}：${t(`feedback_type.${f.type}`)}`}</span>
                {f.tenant_name && <span>{`${t('fields.tenant')}：${f.tenant_name}`}</span>}
                <span>{`${t('fields.created_at')}：${formatTime(f.created_at)}`}</span>
              </div>
            </Link>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
