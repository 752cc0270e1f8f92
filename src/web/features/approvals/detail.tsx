// selfApprovalDetail/{id} and manageApprovalDetail/{id}: the request (what is asked, payload), the
// rule/resource/quota before and after as a diff, the levels with their approvers, the history
// (who, when, decision, reason) and — for its current approver — approve and reject. The last
// version viewed stays readable offline.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, List, Steps, Tag } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { loadWithSnapshot } from '../../offline/snapshots.ts';
import { useOutbox } from '../../offline/hooks.ts';
import { discard, retry } from '../../offline/outbox-queue.ts';
import { getApproval, type ApprovalDetail as Detail } from './api.ts';
import { ServerState } from './card.tsx';
import { approveWithUndo, queueDecision, requeueReject } from './decide.ts';
import { requestFieldLabel, requestFieldRows, requestFieldValue, requestKind } from '../../../domain/approvals/request-fields.ts';
import { diffRows } from './diff.ts';
import { decisionLabel } from './inbox-decisions.ts';
import { RejectSheet } from './reject-sheet.tsx';
import { projectName, summaryOf, timeText, waitingText, yuan } from './summary.ts';
import { isWaiting, syncByApproval } from './sync-state.ts';
import { approvalKeys } from './query-keys.ts';

const OPEN = ['pending', 'approving', 'expansion_approving'];
const LEVEL_STATUS: Record<string, 'finish' | 'process' | 'wait' | 'error'> = {
  approved: 'finish',
  current: 'process',
  waiting: 'wait',
  rejected: 'error',
  skipped: 'wait',
};

interface DiffProps {
  before: Record<string, unknown> | null | undefined;
  after: Record<string, unknown> | null | undefined;
  isNew: boolean;
  kind?: string;
}

function DiffTable({ before, after, isNew, kind }: DiffProps) {
  const { t, i18n } = useTranslation();
  const rows = diffRows(before, after, (field, v) => requestFieldValue(t, field, v, { lang: i18n.language, kind, spec: after ?? undefined }));
  return (
    <div className="ys-appr-diff" data-testid="rule-diff">
      {isNew && <div className="ys-appr-diff__note">{t('approvals:detail.new_rule')}</div>}
      <div className="ys-appr-diff__head">
        <span>{t('approvals:detail.diff_field')}</span>
        <span>{t('approvals:field.before')}</span>
        <span>{t('approvals:field.after')}</span>
      </div>
      {rows.map((r) => (
        <div key={r.field} className={`ys-appr-diff__row is-${r.kind}`} data-kind={r.kind}>
          <span className="ys-appr-diff__field">{requestFieldLabel(t, kind, r.field)}</span>
          <span className="ys-appr-diff__before">{r.before || t('approvals:detail.none')}</span>
          <span className="ys-appr-diff__after">{r.after || t('approvals:detail.none')}</span>
        </div>
      ))}
    </div>
  );
}

function ChangeSection({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation();
  if (d.rule) {
    return (
      <section className="ys-appr-section">
        <h3>{t('approvals:detail.rule_change')}</h3>
        <DiffTable before={d.rule.before} after={d.rule.after} isNew={!d.rule.before} kind={d.type} />
        <div className="ys-appr-timing">
          {d.rule.status && <Tag fill="outline">{t(`approvals:rule_status.${d.rule.status}`, { defaultValue: d.rule.status })}</Tag>}
          <span>
            {d.rule.finance_production
              ? t('approvals:timing.finance_production')
              : d.type === 'firewall_policy'
                ? t('approvals:timing.immediate')
                : t('approvals:timing.nat')}
          </span>
          {d.rule.planned_effective_at && <span>{t('approvals:detail.planned_at', { time: timeText(d.rule.planned_effective_at, i18n.language) })}</span>}
          {d.rule.effective_at && <span>{t('approvals:detail.effective_at', { time: timeText(d.rule.effective_at, i18n.language) })}</span>}
        </div>
      </section>
    );
  }
  if (d.resource?.after) {
    return (
      <section className="ys-appr-section">
        <h3>{t('approvals:detail.resource_change')}</h3>
        <DiffTable before={d.resource.before} after={d.resource.after} isNew={false} kind={requestKind(d)} />
      </section>
    );
  }
  if (d.quota) {
    return (
      <section className="ys-appr-section">
        <h3>{t('approvals:detail.quota_change', { quota: t(`approvals:quota.${d.quota.quota_key}`, { defaultValue: d.quota.quota_key }) })}</h3>
        <DiffTable before={{ [d.quota.quota_key]: d.quota.before }} after={{ [d.quota.quota_key]: d.quota.after }} isNew={false} kind="quota" />
      </section>
    );
  }
  return null;
}

/** The approval levels with their approvers, then every step taken (who, for whom, when, why). */
function LevelsAndHistory({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {d.levels.length > 0 && (
        <section className="ys-appr-section">
          <h3>{t('approvals:detail.levels')}</h3>
          <Steps direction="vertical" current={Math.max(0, d.current_level - 1)}>
            {d.levels.map((l) => (
              <Steps.Step
                key={l.level}
                status={LEVEL_STATUS[l.state] ?? 'wait'}
                title={`${t('approvals:field.level', { level: l.level })}${l.name ? ` · ${l.name}` : ''}`}
                description={`${t(`approvals:level_state.${l.state}`, { defaultValue: l.state })} · ${l.approvers.map((u) => u.nickname).join('、')}`}
              />
            ))}
          </Steps>
        </section>
      )}

      <section className="ys-appr-section" data-testid="approval-history">
        <h3>{t('approvals:detail.history')}</h3>
        <ol className="ys-appr-history">
          {d.history.map((h) => (
            <li key={h.id} data-action={h.action}>
              <div className="ys-appr-history__line">
                <strong>{t(`approvals:action.${h.action}`, { defaultValue: h.action })}</strong>
                <span>
                  {h.actor?.nickname ?? t('approvals:detail.system')}
                  {h.on_behalf_of ? t('approvals:conflict.on_behalf', { name: h.on_behalf_of.nickname }) : ''}
                </span>
                <span className="ys-appr-history__time">{timeText(h.created_at, i18n.language)}</span>
              </div>
              {h.comment && h.action !== 'escalated' && <div className="ys-appr-history__comment">{h.comment}</div>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export function ApprovalDetailView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/selfApprovalManage');
  };
  const [rejecting, setRejecting] = useState(false);
  const query = useQuery({
    queryKey: approvalKeys.detail(id),
    queryFn: () => loadWithSnapshot(`approval:${id}`, () => getApproval(id)),
    networkMode: 'always',
  });
  const entries = useOutbox({ ref: `approval:${id}` });
  const sync = syncByApproval(entries).get(id);

  if (query.isPending)
    return (
      <div className="ys-appr-loading">
        <DotLoading />
      </div>
    );
  if (query.isError) return <LoadFailed title={t('approvals:detail.load_failed')} />;
  const d = query.data.value;
  const open = OPEN.includes(d.status);
  const canDecide = open && d.can_decide && !isWaiting(sync) && sync?.state !== 'conflict';
  const fields = requestFieldRows(t, d, { lang: i18n.language });

  // The same 通过 as the inbox's: into the outbox at once, held for the undo window (decide.ts), so
  // going back, leaving or reloading at once keeps the decision; the bar follows to the list.
  const approve = () => {
    void approveWithUndo(d, t('approvals:undo.approved', { summary: summaryOf(t, d) }), decisionLabel(t, 'approve', d), back);
  };
  const reject = async (reason: string) => {
    setRejecting(false);
    if (sync?.state === 'needs_edit' && sync.action === 'reject') await requeueReject(sync.entryId, d, reason);
    else await queueDecision(d, 'reject', decisionLabel(t, 'reject', d), reason);
    back();
  };

  return (
    <div className="ys-appr-detail" data-testid="approval-detail" data-status={d.status}>
      {query.data.fromSnapshot && (
        <div className="ys-appr-offline">{t('approvals:detail.offline_copy', { time: timeText(query.data.savedAt, i18n.language) })}</div>
      )}
      <section className="ys-appr-section ys-appr-detail__head">
        <div className="ys-appr-card__head">
          <Tag color="primary" fill="outline">
            {t(`approvals:type.${d.type}`, { defaultValue: d.type })}
          </Tag>
          <span className="ys-appr-card__spacer" />
          <Tag color={open ? 'warning' : /rejected$/.test(d.status) ? 'danger' : 'success'} data-testid="detail-status">
            {t(`approvals:status.${d.status}`, { defaultValue: d.status })}
          </Tag>
        </div>
        <h2 className="ys-appr-detail__title">{summaryOf(t, d)}</h2>
        {sync && (
          <div className="ys-appr-detail__sync" data-testid="detail-sync" data-sync={sync.state}>
            {t('approvals:sync.tag', { decision: t(`approvals:decision.${sync.action}`), state: t(`offline:state.${sync.state}`) })}
            {sync.state === 'conflict' && <ServerState current={sync.current} description={sync.description} />}
            {(sync.state === 'conflict' || sync.state === 'failed') && (
              <div className="ys-appr-card__buttons">
                <Button size="mini" fill="outline" onClick={() => void discard(sync.entryId)}>
                  {t('approvals:conflict.dismiss')}
                </Button>
                {sync.state === 'failed' && (
                  <Button size="mini" onClick={() => void retry(sync.entryId)}>
                    {t('approvals:sync.retry')}
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </section>

      <List className="ys-appr-section" header={t('approvals:detail.basic')}>
        <List.Item extra={d.requester?.nickname}>{t('approvals:field.requester')}</List.Item>
        <List.Item extra={projectName(d)}>{t('approvals:field.project')}</List.Item>
        <List.Item extra={timeText(d.created_at, i18n.language)}>{t('approvals:detail.submitted_at')}</List.Item>
        <List.Item extra={t('approvals:card.cost_short', { amount: yuan(d.estimated_cost_fen) })}>{t('approvals:field.estimated_cost')}</List.Item>
        {open && <List.Item extra={waitingText(t, d.level_entered_at, Date.now())}>{t('approvals:field.waiting_time')}</List.Item>}
        {d.level_count > 0 && (
          <List.Item extra={t('approvals:card.level', { level: d.current_level, count: d.level_count })}>{t('approvals:detail.level')}</List.Item>
        )}
        {d.decided_by && <List.Item extra={d.decided_by.nickname}>{t('approvals:detail.decided_by')}</List.Item>}
        {d.decided_at && <List.Item extra={timeText(d.decided_at, i18n.language)}>{t('approvals:detail.decided_at')}</List.Item>}
        {d.reject_reason && <List.Item description={d.reject_reason}>{t('approvals:field.reject_reason')}</List.Item>}
      </List>

      <ChangeSection d={d} />

      <List className="ys-appr-section" header={t('approvals:detail.payload')} data-testid="request-fields">
        {fields
          .filter((f) => !d.rule || f.key === 'reason' || f.key === 'vendor' || f.key === 'name')
          .map((f) => (
            <List.Item
              key={f.key}
              extra={
                <span className="ys-appr-value" data-field={f.key}>
                  {f.value}
                </span>
              }
            >
              {f.label}
            </List.Item>
          ))}
      </List>

      <LevelsAndHistory d={d} />

      {canDecide && (
        <div className="ys-appr-detail__actions">
          <Button block color="danger" fill="outline" onClick={() => setRejecting(true)} data-testid="detail-reject">
            {t('approvals:decision.reject')}
          </Button>
          <Button block color="primary" onClick={approve} data-testid="detail-approve">
            {t('approvals:decision.approve')}
          </Button>
        </div>
      )}
      <RejectSheet
        open={rejecting}
        subject={summaryOf(t, d)}
        initial={sync?.reason}
        problem={sync?.state === 'needs_edit' ? sync.description : undefined}
        onCancel={() => setRejecting(false)}
        onConfirm={(r) => void reject(r)}
      />
    </div>
  );
}
