// One request in the phone inbox: what is asked, by whom, for which project, what it costs and how
// long it has waited; approve and reject by buttons or by swiping left; the state of a decision
// queued offline (待同步 …) and, after a conflict, the server's state and who decided.
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Tag } from 'antd-mobile';
import { SwipeAction } from '../../ui/light/swipe-action.tsx';
import type { ApprovalItem, CurrentState } from './api.ts';
import { projectName, summaryOf, timeText, waitingText, yuan } from './summary.ts';
import { decidedByMe, isWaiting, type CardSync } from './sync-state.ts';

const SYNC_COLOR: Record<string, string> = {
  pending: 'primary',
  sending: 'primary',
  sent: 'success',
  conflict: 'warning',
  needs_edit: 'warning',
  failed: 'danger',
};

/** The server's state after a late decision: status, who decided and when, the reason. */
export function ServerState({ current, description }: { current?: CurrentState | null; description?: string }) {
  const { t, i18n } = useTranslation();
  if (!current) return description ? <div className="ys-appr-conflict__line">{description}</div> : null;
  const decider = current.decided_by?.nickname;
  return (
    <div className="ys-appr-conflict__state" data-testid="server-state" data-status={current.status}>
      <div className="ys-appr-conflict__line">
        {t('approvals:conflict.status', { status: t(`approvals:status.${current.status}`, { defaultValue: current.status }) })}
      </div>
      {decider && (
        <div className="ys-appr-conflict__line" data-testid="server-decider">
          {t('approvals:conflict.decided_by', {
            name: decider,
            time: timeText(current.decided_at, i18n.language),
            behalf: current.decided_on_behalf_of ? t('approvals:conflict.on_behalf', { name: current.decided_on_behalf_of.nickname }) : '',
          })}
        </div>
      )}
      {!decider && current.current_approvers.length > 0 && (
        <div className="ys-appr-conflict__line">
          {t('approvals:conflict.now_with', { level: current.current_level, names: current.current_approvers.map((u) => u.nickname).join('、') })}
        </div>
      )}
      {current.reject_reason && <div className="ys-appr-conflict__line">{t('approvals:conflict.reason', { reason: current.reject_reason })}</div>}
    </div>
  );
}

export interface CardProps {
  item: ApprovalItem;
  sync?: CardSync;
  now: number;
  nickname: string | null;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** conflict or a decision by someone else acknowledged: the outbox entry goes */
  onDismiss: (entryId: number) => void;
  onEditReason: (entryId: number) => void;
  onRetry: (entryId: number) => void;
}

function Card(props: CardProps) {
  const { item, sync, now, nickname, selecting, selected } = props;
  const { t, i18n } = useTranslation();
  const open = ['pending', 'approving', 'expansion_approving'].includes(item.status);
  const waiting = isWaiting(sync);
  const mineAfterAll = sync ? decidedByMe(sync, nickname) : false;
  const shownState = mineAfterAll ? 'sent' : sync?.state;
  const decidable =
    open && item.can_decide && !waiting && (!sync || sync.state === 'sent' || sync.state === 'failed' || sync.state === 'needs_edit') && shownState !== 'sent';
  const summary = summaryOf(t, item);

  let footer: ReactNode = null;
  if (sync && shownState === 'conflict') {
    footer = (
      <div className="ys-appr-conflict" data-testid="card-conflict">
        <div className="ys-appr-conflict__title">{t('approvals:conflict.title', { decision: t(`approvals:decision.${sync.action}`) })}</div>
        <ServerState current={sync.current} description={sync.description} />
        <Button size="mini" fill="outline" onClick={() => props.onDismiss(sync.entryId)} data-testid="conflict-dismiss">
          {t('approvals:conflict.dismiss')}
        </Button>
      </div>
    );
  } else if (sync && shownState === 'needs_edit') {
    footer = (
      <div className="ys-appr-conflict" data-testid="card-needs-edit">
        <div className="ys-appr-conflict__title">{t('approvals:needs_edit.title')}</div>
        {sync.description && <div className="ys-appr-conflict__line">{sync.description}</div>}
        <div className="ys-appr-card__buttons">
          <Button size="mini" fill="outline" onClick={() => props.onDismiss(sync.entryId)}>
            {t('approvals:needs_edit.discard')}
          </Button>
          {sync.action === 'reject' ? (
            <Button size="mini" color="primary" onClick={() => props.onEditReason(sync.entryId)} data-testid="edit-reason">
              {t('approvals:needs_edit.edit')}
            </Button>
          ) : (
            <Button size="mini" color="primary" onClick={() => props.onRetry(sync.entryId)}>
              {t('approvals:sync.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  } else if (sync && shownState === 'failed') {
    footer = (
      <div className="ys-appr-conflict" data-testid="card-failed">
        <div className="ys-appr-conflict__title">{t('approvals:sync.failed')}</div>
        {sync.description && <div className="ys-appr-conflict__line">{sync.description}</div>}
        <div className="ys-appr-card__buttons">
          <Button size="mini" fill="outline" onClick={() => props.onDismiss(sync.entryId)}>
            {t('approvals:needs_edit.discard')}
          </Button>
          <Button size="mini" color="primary" onClick={() => props.onRetry(sync.entryId)}>
            {t('approvals:sync.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const body = (
    <div
      className={`ys-appr-card${selected ? ' is-selected' : ''}`}
      data-testid="approval-card"
      data-id={item.id}
      data-sync={shownState ?? ''}
      data-status={item.status}
      data-type={item.type}
    >
      <div className="ys-appr-card__head">
        {selecting && decidable && (
          <Checkbox checked={selected} onChange={props.onToggle} data-testid="card-select" aria-label={t('approvals:batch.select_one')} />
        )}
        <Tag color="primary" fill="outline" className="ys-appr-card__type">
          {t(`approvals:type.${item.type}`, { defaultValue: item.type })}
        </Tag>
        {item.level_count > 1 && (
          <span className="ys-appr-card__level">{t('approvals:card.level', { level: item.current_level, count: item.level_count })}</span>
        )}
        <span className="ys-appr-card__spacer" />
        {sync && shownState && (
          <Tag color={SYNC_COLOR[shownState]} data-testid="card-sync">
            {t('approvals:sync.tag', { decision: t(`approvals:decision.${sync.action}`), state: t(`offline:state.${shownState}`) })}
          </Tag>
        )}
        {!sync && !open && (
          <Tag color={/rejected$/.test(item.status) ? 'danger' : 'success'} fill="outline">
            {t(`approvals:status.${item.status}`, { defaultValue: item.status })}
          </Tag>
        )}
      </div>
      <button type="button" className="ys-appr-card__summary" onClick={props.onOpen} data-testid="card-open">
        {summary}
      </button>
      <div className="ys-appr-card__meta">
        <span>{item.requester.nickname}</span>
        <span className="ys-appr-card__dot" aria-hidden="true">
          ·
        </span>
        <span>{projectName(item)}</span>
      </div>
      <div className="ys-appr-card__numbers">
        <span className="ys-appr-card__cost">{t('approvals:card.cost', { amount: yuan(item.estimated_cost_fen) })}</span>
        <span className="ys-appr-card__wait">
          {open
            ? waitingText(t, item.level_entered_at, now)
            : t('approvals:card.decided_at', { time: timeText(item.decided_at ?? item.updated_at, i18n.language) })}
        </span>
      </div>
      {decidable && !selecting && (
        <div className="ys-appr-card__buttons">
          <Button size="small" color="danger" fill="outline" onClick={props.onReject} data-testid="card-reject">
            {t('approvals:decision.reject')}
          </Button>
          <Button size="small" color="primary" onClick={props.onApprove} data-testid="card-approve">
            {t('approvals:decision.approve')}
          </Button>
        </div>
      )}
      {footer}
    </div>
  );

  if (!decidable || selecting) return body;
  return (
    <SwipeAction
      rightActions={[
        { key: 'reject', text: t('approvals:decision.reject'), color: 'danger', onClick: props.onReject },
        { key: 'approve', text: t('approvals:decision.approve'), color: 'primary', onClick: props.onApprove },
      ]}
    >
      {body}
    </SwipeAction>
  );
}

/**
 * A card re-renders only when what it shows changes (its item, its queued decision, the clock,
 * selection): a replay of a hundred decisions touches the outbox two hundred times, and the
 * inbox must not redraw every card each time. The handlers act on `item`, which is compared.
 */
export const ApprovalCard = memo(
  Card,
  (a, b) =>
    a.item === b.item &&
    a.now === b.now &&
    a.nickname === b.nickname &&
    a.selecting === b.selecting &&
    a.selected === b.selected &&
    a.sync?.entryId === b.sync?.entryId &&
    a.sync?.state === b.sync?.state &&
    a.sync?.updatedAt === b.sync?.updatedAt,
);
