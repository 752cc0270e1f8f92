// The one page module of the approval routes (pages.ts maps them here): the inbox, the two detail
// routes, and the approval processes. The inbox is in this chunk; the detail and the process
// screens are chunks of their own (the processes' form library and the request fields' kind
// registry never reach the inbox). The service worker precaches the inbox's and the detail's
// chunks, so deciding offline never waits for a chunk the network cannot bring.
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Inbox } from './inbox.tsx';
import { UndoBar } from './undo-bar.tsx';
import i18next from 'i18next';
import { loadNamespace } from '../../lib/i18n.ts';
import { setStepUp } from './decide.ts';
import './approvals.css';

const ApprovalDetailView = lazy(() => import('./detail.tsx').then((m) => ({ default: m.ApprovalDetailView })));
const ProcessList = lazy(() => import('./processes.tsx').then((m) => ({ default: m.ProcessList })));
const ProcessForm = lazy(() => import('./processes.tsx').then((m) => ({ default: m.ProcessForm })));

// A costly approval asks for a step-up first (ADR 0023); the dialog lives in the UI kit.
// Loaded only when a costly approval asks for it: the phone inbox's first load stays small.
setStepUp(async (items) => {
  const [{ obtainStepUp }] = await Promise.all([import('../../ui/step-up.tsx'), loadNamespace('keys')]);
  const fen = Math.max(...items.map((i) => i.estimated_cost_fen ?? 0));
  const amount = `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return obtainStepUp(i18next.t('keys:step_up.title'), i18next.t('keys:step_up.hint', { amount }));
});

export default function ApprovalsPage() {
  const handle = usePageHandle();
  const { id } = useParams();
  const [search] = useSearchParams();
  const name = handle?.name ?? 'selfApprovalManage';
  let body;
  if ((name === 'selfApprovalDetail' || name === 'manageApprovalDetail') && id) body = <ApprovalDetailView key={id} id={id} />;
  else if (name === 'approvalManage') body = <ProcessList />;
  else if (name === 'approvalAdd') body = <ProcessForm key={search.get('id') ?? 'new'} id={search.get('id') ?? undefined} />;
  else body = <Inbox />;
  return (
    <PageFrame name={name} className="ys-appr-page">
      <Suspense fallback={null}>{body}</Suspense>
      <UndoBar />
    </PageFrame>
  );
}
