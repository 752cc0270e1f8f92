// The approver's inbox at a desktop width: the same rows in a table (type, what is asked,
// requester, project, cost, waiting, state), with row and batch actions. Its own chunk: phones
// never load the table library.
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import type { ApprovalItem } from './api.ts';
import type { CardSync } from './sync-state.ts';
import { projectName, summaryOf, timeText, waitingText, yuan } from './summary.ts';

const OPEN = ['pending', 'approving', 'expansion_approving'];

interface DesktopTableProps {
  items: ApprovalItem[];
  sync: Map<string, CardSync>;
  now: number;
  selectable: boolean;
  selected: Set<string>;
  onSelected: (s: Set<string>) => void;
  onOpen: (item: ApprovalItem) => void;
  onApprove: (item: ApprovalItem) => void;
  onReject: (item: ApprovalItem) => void;
  isDecidable: (item: ApprovalItem) => boolean;
}

/** The same rows at a desktop width: type, what is asked, requester, project, cost, waiting, state. */
export default function DesktopTable(p: DesktopTableProps) {
  const { t, i18n } = useTranslation();
  const stateText = (item: ApprovalItem) => {
    const s = p.sync.get(item.id);
    if (s) return t('approvals:sync.tag', { decision: t(`approvals:decision.${s.action}`), state: t(`offline:state.${s.state}`) });
    return t(`approvals:status.${item.status}`, { defaultValue: item.status });
  };
  const columns: DataColumn<ApprovalItem>[] = [
    {
      id: 'type',
      header: t('approvals:column.type'),
      frozen: true,
      cell: (r) => t(`approvals:type.${r.type}`, { defaultValue: r.type }),
      text: (r) => r.type,
      width: 110,
    },
    {
      id: 'summary',
      header: t('approvals:column.summary'),
      frozen: true,
      cell: (r) => (
        <button type="button" className="ys-appr-link" onClick={() => p.onOpen(r)}>
          {summaryOf(t, r)}
        </button>
      ),
      text: (r) => summaryOf(t, r),
    },
    { id: 'requester', header: t('approvals:field.requester'), cell: (r) => r.requester.nickname, text: (r) => r.requester.nickname, width: 130 },
    { id: 'project', header: t('approvals:field.project'), cell: (r) => projectName(r), text: (r) => projectName(r), width: 150 },
    {
      id: 'cost',
      header: t('approvals:field.estimated_cost'),
      cell: (r) => t('approvals:card.cost_short', { amount: yuan(r.estimated_cost_fen) }),
      text: (r) => yuan(r.estimated_cost_fen),
      width: 110,
    },
    {
      id: 'waiting',
      header: t('approvals:field.waiting_time'),
      cell: (r) => (OPEN.includes(r.status) ? waitingText(t, r.level_entered_at, p.now) : timeText(r.decided_at, i18n.language)),
      text: (r) => r.level_entered_at,
      width: 120,
    },
    { id: 'state', header: t('approvals:column.state'), cell: (r) => <span data-testid="row-state">{stateText(r)}</span>, text: stateText, width: 150 },
  ];
  const rowActions = (r: ApprovalItem): RowAction[] =>
    p.isDecidable(r)
      ? [
          { key: 'approve', label: t('approvals:decision.approve'), onClick: () => p.onApprove(r) },
          { key: 'reject', label: t('approvals:decision.reject'), danger: true, onClick: () => p.onReject(r) },
        ]
      : [{ key: 'open', label: t('approvals:detail.open'), onClick: () => p.onOpen(r) }];
  return (
    <DataTable
      columns={columns}
      rows={p.items}
      rowKey={(r) => r.id}
      selectable={p.selectable}
      selected={[...p.selected].filter((id) => p.items.some((i) => i.id === id && p.isDecidable(i)))}
      onSelectedChange={(ids) => p.onSelected(new Set(ids))}
      rowActions={rowActions}
      testId="approval-table"
    />
  );
}
