// workorderList: the caller's work orders as cards (number, status, type, urgency, SLA), filtered
// by status; work orders still waiting in the outbox show first with their sending state.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { WORKORDER_STATUSES } from '../../../domain/desk.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useOutbox } from '../../offline/hooks.ts';
import { OPEN_STATES, fileProgress } from '../../offline/outbox-rules.ts';
import { fetchWorkorders, WORKORDER_REF } from './api.ts';
import { formatTime } from './format.ts';
import { Loading, Nothing, SlaLine, StatusChip } from './parts.tsx';
import './desk.css';
import { deskKeys } from './query-keys.ts';

export default function WorkorderListPage() {
  const { t } = useTranslation(['desk', 'offline']);
  const navigate = useNavigate();
  const [status, setStatus] = useState<string>('');
  const query = useQuery({ queryKey: deskKeys.workordersIn(status), queryFn: () => fetchWorkorders(status || undefined), networkMode: 'always' });
  const queued = useOutbox({ ref: WORKORDER_REF, states: OPEN_STATES });
  const rows = query.data?.data ?? [];
  return (
    <PageFrame name="workorderList" className="ys-sd">
      <div className="ys-sd__bar">
        <h1>{t('workorder.list_title')}</h1>
        <Button color="primary" size="small" onClick={() => navigate('/workorderAdd')} data-testid="workorder-new">
          {t('workorder.new')}
        </Button>
      </div>
      <div className="ys-sd__filters">
        {['', ...WORKORDER_STATUSES].map((s) => (
          <Button
            key={s || 'all'}
            size="small"
            aria-pressed={status === s}
            color={status === s ? 'primary' : 'default'}
            fill={status === s ? 'solid' : 'outline'}
            onClick={() => setStatus(s)}
          >
            {s ? t(`status.${s}`) : t('workorder.all')}
          </Button>
        ))}
      </div>
      {queued.length > 0 && (
        <div className="ys-sd__grid" data-testid="workorder-queued">
          {queued.map((e) => {
            const p = fileProgress(e);
            return (
              <Link key={e.id} to="/outbox" className="ys-sd__card" data-testid="workorder-queued-card">
                <div className="ys-sd__card-head">
                  <span className="ys-sd__card-title">{e.label}</span>
                  <StatusChip status={e.state} label={t(`offline:state.${e.state}`)} />
                </div>
                <div className="ys-sd__meta">
                  <span>{t('workorder.queued')}</span>
                  {p.total > 0 && <span>{t('offline:outbox.files_progress', p)}</span>}
                </div>
              </Link>
            );
          })}
        </div>
      )}
      {query.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Nothing text={t('workorder.empty')} />
      ) : (
        <div className="ys-sd__grid">
          {rows.map((w) => (
            <Link key={w.id} to={`/workorderDetail/${w.id}`} className="ys-sd__card" data-testid="workorder-card" data-id={w.id}>
              <div className="ys-sd__card-head">
                <span className="ys-sd__card-title">{w.title}</span>
                <StatusChip status={w.status} label={t(`status.${w.status}`)} />
              </div>
              <div className="ys-sd__meta">
                <span>{`${t('fields.number')}：${w.number}`}</span>
                <span>{`${t('fields.type')}：${w.type_name ?? '-'} · ${t('fields.urgency')}：${t(`urgency.${w.urgency}`)}`}</span>
                {w.tenant_name && <span>{`${t('fields.tenant')}：${w.tenant_name}`}</span>}
                <SlaLine urgency={w.urgency} deadline={w.sla_deadline} answered={w.status !== 'submitted'} />
                <span>{`${t('fields.created_at')}：${formatTime(w.created_at)}`}</span>
              </div>
            </Link>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
