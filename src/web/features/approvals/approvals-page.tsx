// The one page module of the approval routes (pages.ts maps them here): the inbox, the two detail
// routes, and the approval processes. Everything the inbox needs is in this chunk, so deciding
// offline never waits for a chunk the network cannot bring.
import { useParams, useSearchParams } from 'react-router';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Inbox } from './inbox.tsx';
import { ApprovalDetailView } from './detail.tsx';
import { ProcessForm, ProcessList } from './processes.tsx';
import { UndoBar } from './undo-bar.tsx';
import './approvals.css';

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
      {body}
      <UndoBar />
    </PageFrame>
  );
}
