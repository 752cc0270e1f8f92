// /outbox: the queued offline writes (the screen lives in the UI kit, web/ui/outbox-page.tsx).
import { PageFrame } from '../ui/page-frame.tsx';
import { OutboxPage } from '../ui/outbox-page.tsx';
import { renderApprovalServerState } from '../features/approvals/outbox-state.tsx';

export default function OutboxRoute() {
  return (
    <PageFrame name="outbox">
      <OutboxPage renderServerState={renderApprovalServerState} />
    </PageFrame>
  );
}
