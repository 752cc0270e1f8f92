// selfApprovalManage: the approver's inbox. Phone and tablet: cards, pending first and oldest first,
// approve/reject by button or swipe, batch approve; desktop (≥1200px): the same rows in a table.
// Readable offline from the last sync (with its age); decisions go through the outbox.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { Button, DotLoading } from 'antd-mobile';
import { Dialog } from '../../ui/light/overlay.tsx';
import { dataAge } from '../../offline/data-age.ts';
import { useOnline } from '../../offline/hooks.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { loadNamespace } from '../../lib/i18n.ts';
import { getUsername } from '../../lib/session.ts';
import { nicknameAtom } from '../../lib/store.ts';
import type { ApprovalItem, Filter, Scope } from './api.ts';
import { RejectSheet } from './reject-sheet.tsx';
import { usePendingCount } from './live.tsx';
import { summaryOf } from './summary.ts';
import { isWaiting, type CardSync } from './sync-state.ts';
import { useInboxDecisions, type Rejecting } from './inbox-decisions.ts';
import { useCanSeeGlobal, useInboxCards, useInboxList, useNow, useProgressive } from './inbox-data.ts';
import { BatchBar, BatchToggle, InboxCards, InboxState, InboxTabs } from './inbox-parts.tsx';

const OPEN = ['pending', 'approving', 'expansion_approving'];

// The desktop table (and its table library) loads only at a desktop width, with the table's own
// texts (the shared data table's, in `resources`: the inbox's page names only `approvals`).
const DesktopTable = lazy(() => Promise.all([import('./inbox-table.tsx'), loadNamespace('resources')]).then(([m]) => m));

export function Inbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bp = useBreakpoint();
  const online = useOnline();
  const now = useNow();
  const canGlobal = useCanSeeGlobal();
  const nickname = useAtomValue(nicknameAtom) ?? getUsername();
  const [scope, setScope] = useState<Scope>('mine');
  const [filter, setFilter] = useState<Filter>('pending');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);

  const [confirmBatch, setConfirmBatch] = useState(false);
  const pendingCount = usePendingCount();

  const { query, items, first } = useInboxList(scope, filter);

  const { sync, shown } = useInboxCards(items, scope, filter, nickname);

  const limit = useProgressive(shown.length);

  const decidable = (item: ApprovalItem, s: CardSync | undefined) =>
    OPEN.includes(item.status) && item.can_decide && !isWaiting(s) && s?.state !== 'sent' && s?.state !== 'conflict';
  const selectable = shown.filter((i) => decidable(i, sync.get(i.id)));

  useEffect(() => {
    setSelected(new Set());
  }, [scope, filter, selecting]);

  const { approve, confirmReject, runBatch } = useInboxDecisions({
    rejecting,
    setRejecting,
    chosen: () => selectable.filter((i) => selected.has(i.id)),
    closeBatch: () => setConfirmBatch(false),
    endSelecting: () => setSelecting(false),
  });

  const editReason = (item: ApprovalItem, s: CardSync) => setRejecting({ item, entryId: s.entryId, initial: s.reason, problem: s.description });

  const openDetail = (item: ApprovalItem) => navigate(`/${scope === 'global' ? 'manageApprovalDetail' : 'selfApprovalDetail'}/${item.id}`);

  const savedAt = first?.savedAt;
  const age = !online && savedAt ? dataAge(savedAt, now) : null;

  const tabs = <InboxTabs canGlobal={canGlobal} scope={scope} setScope={setScope} filter={filter} setFilter={setFilter} pendingCount={pendingCount} />;

  const offlineLine = age && (
    <div className="ys-appr-offline" data-testid="inbox-offline-age" role="status">
      {t(`approvals:offline.${age.unit}`, { n: age.count })}
    </div>
  );

  const toolbar = filter === 'pending' && selectable.length > 0 && <BatchToggle selecting={selecting} onToggle={() => setSelecting((x) => !x)} />;

  let content;
  if (query.isPending)
    content = (
      <div className="ys-appr-loading">
        <DotLoading />
      </div>
    );
  else if (query.isError && !items.length) {
    content = (
      <InboxState title={t('approvals:inbox.load_failed')} description={online ? '' : t('approvals:inbox.no_offline_copy')}>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('approvals:inbox.retry')}
        </Button>
      </InboxState>
    );
  } else if (!shown.length) content = <InboxState title={t(filter === 'pending' ? 'approvals:inbox.empty_pending' : 'approvals:inbox.empty_decided')} />;
  else if (bp === 'desktop') {
    content = (
      <Suspense fallback={<DotLoading />}>
        <DesktopTable
          items={shown}
          sync={sync}
          now={now}
          selected={selected}
          onSelected={setSelected}
          selectable={filter === 'pending'}
          onOpen={openDetail}
          onApprove={(i) => approve(i)}
          onReject={(item) => setRejecting({ item })}
          isDecidable={(i) => decidable(i, sync.get(i.id))}
        />
      </Suspense>
    );
  } else {
    content = (
      <InboxCards
        shown={shown}
        limit={limit}
        sync={sync}
        now={now}
        nickname={nickname}
        selecting={selecting}
        selected={selected}
        setSelected={setSelected}
        onOpen={openDetail}
        onApprove={approve}
        onReject={(item) => setRejecting({ item })}
        onEditReason={editReason}
        hasMore={!!query.hasNextPage && online && limit >= shown.length}
        hasNextPage={!!query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage();
        }}
      />
    );
  }

  const chosenCount = selectable.filter((i) => selected.has(i.id)).length;
  return (
    <div className="ys-appr-inbox">
      {tabs}
      {offlineLine}
      {toolbar}
      {content}
      {(selecting || (bp === 'desktop' && selected.size > 0)) && (
        <BatchBar chosenCount={chosenCount} selectable={selectable} setSelected={setSelected} onApprove={() => setConfirmBatch(true)} />
      )}
      <RejectSheet
        open={rejecting !== null}
        subject={rejecting ? summaryOf(t, rejecting.item) : ''}
        initial={rejecting?.initial}
        problem={rejecting?.problem}
        onCancel={() => setRejecting(null)}
        onConfirm={(r) => void confirmReject(r)}
      />
      <Dialog
        visible={confirmBatch}
        content={t('approvals:batch.confirm', { n: chosenCount })}
        onClose={() => setConfirmBatch(false)}
        closeOnMaskClick
        actions={[
          [
            { key: 'cancel', text: t('approvals:reject.cancel'), onClick: () => setConfirmBatch(false) },
            { key: 'ok', text: t('approvals:batch.confirm_ok'), bold: true, onClick: () => void runBatch() },
          ],
        ]}
      />
    </div>
  );
}
