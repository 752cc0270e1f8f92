// The inbox's decisions: 通过 with its undo window, 驳回 (new or with an edited reason), and batch
// approval; each goes through the outbox, and offline the user is told it is queued.
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from '../../ui/light/toast.ts';
import type { ApprovalItem } from './api.ts';
import { approveMany, approveWithUndo, queueDecision, requeueReject } from './decide.ts';
import { summaryOf, type TFn } from './summary.ts';
import type { DecisionAction } from './sync-state.ts';
import { approvalKeys } from './query-keys.ts';

export const decisionLabel = (t: TFn, action: DecisionAction, item: ApprovalItem) =>
  t('approvals:outbox_label', { decision: t(`approvals:decision.${action}`), summary: summaryOf(t, item) });

export interface Rejecting {
  item: ApprovalItem;
  entryId?: number;
  initial?: string;
  problem?: string;
}

export function useInboxDecisions(p: {
  rejecting: Rejecting | null;
  setRejecting: (r: Rejecting | null) => void;
  chosen: () => ApprovalItem[];
  closeBatch: () => void;
  endSelecting: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();

  const afterQueue = (n: number) => {
    if (!navigator.onLine) Toast.show({ content: t('approvals:toast.queued_offline', { n }), position: 'bottom' });
  };

  function approve(item: ApprovalItem) {
    void approveWithUndo(item, t('approvals:undo.approved', { summary: summaryOf(t, item) }), decisionLabel(t, 'approve', item)).then((entry) => {
      if (entry) afterQueue(1);
    });
  }

  async function confirmReject(reason: string) {
    const r = p.rejecting;
    p.setRejecting(null);
    if (!r) return;
    if (r.entryId !== undefined) await requeueReject(r.entryId, r.item, reason);
    else await queueDecision(r.item, 'reject', decisionLabel(t, 'reject', r.item), reason);
    afterQueue(1);
  }

  async function runBatch() {
    p.closeBatch();
    const chosen = p.chosen();
    if (!chosen.length) return;
    try {
      const outcome = await approveMany(chosen, (item) => decisionLabel(t, 'approve', item));
      if (outcome.kind === 'queued') afterQueue(outcome.count);
      else {
        Toast.show({ content: t('approvals:batch.result', { ok: outcome.succeeded, failed: outcome.failed.length }), position: 'bottom' });
        void client.invalidateQueries({ queryKey: approvalKeys.all });
      }
      p.endSelecting();
    } catch {
      /* the request helper showed why */
    }
  }

  return { approve, confirmReject, runBatch };
}
