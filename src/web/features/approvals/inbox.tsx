// selfApprovalManage: the approver's inbox. Phone and tablet: cards, pending first and oldest first,
// approve/reject by button or swipe, batch approve; desktop (≥1200px): the same rows in a table.
// Readable offline from the last sync (with its age); decisions go through the outbox.
import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, InfiniteScroll } from 'antd-mobile';
import { Dialog } from '../../ui/light/overlay.tsx';
import { CapsuleTabs, Tabs } from '../../ui/light/tabs.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { can } from '../../../domain/roles.ts';
import { dataAge } from '../../offline/data-age.ts';
import { useOnline, useOutbox } from '../../offline/hooks.ts';
import { discard, retry } from '../../offline/outbox-queue.ts';
import { readSnapshot, saveSnapshot } from '../../offline/snapshots.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { loadNamespace } from '../../lib/i18n.ts';
import { RequestError } from '../../lib/request.ts';
import { getUsername } from '../../lib/session.ts';
import { nicknameAtom, offlineDataSavedAtAtom, store, territoriesAtom } from '../../lib/store.ts';
import { getApprovalDetails, listApprovals, type ApprovalItem, type Filter, type Scope } from './api.ts';
import { ApprovalCard } from './card.tsx';
import { approveMany, approveWithUndo, cacheDetails, queueDecision, rememberedItem, requeueReject } from './decide.ts';
import { RejectSheet } from './reject-sheet.tsx';
import { usePendingCount } from './live.tsx';
import { settled, useSettling, useUndoable } from './undo.ts';
import { summaryOf, type TFn } from './summary.ts';
import { isWaiting, needsAttention, syncByApproval, withSettling, type CardSync, type DecisionAction } from './sync-state.ts';

interface ListPage {
  data: ApprovalItem[];
  next_cursor: string | null;
  savedAt: number;
  fromSnapshot: boolean;
}

const snapKey = (scope: Scope, filter: Filter) => `approvals:list:${getUsername() ?? ''}:${scope}:${filter}`;
const noAnswer = (err: unknown) => !(err instanceof RequestError) || err.status === 0;
const OPEN = ['pending', 'approving', 'expansion_approving'];

// The desktop table (and its table library) loads only at a desktop width, with the table's own
// texts (the shared data table's, in `resources`: the inbox's page names only `approvals`).
const DesktopTable = lazy(() => Promise.all([import('./inbox-table.tsx'), loadNamespace('resources')]).then(([m]) => m));

async function loadPage(scope: Scope, filter: Filter, cursor: string, signal?: AbortSignal): Promise<ListPage> {
  try {
    const page = await listApprovals(scope, filter, cursor, signal);
    return { ...page, savedAt: Date.now(), fromSnapshot: false };
  } catch (err) {
    if (cursor || !noAnswer(err)) throw err;
    const snap = await readSnapshot<ApprovalItem[]>(snapKey(scope, filter));
    if (!snap) throw err;
    store.set(offlineDataSavedAtAtom, snap.savedAt);
    return { data: snap.value, next_cursor: null, savedAt: snap.savedAt, fromSnapshot: true };
  }
}

/** Re-renders every 30 s: waiting times and the age of offline data stay current. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Cards rendered with the page; the rest follow in a transition (see useProgressive). */
const FIRST_CARDS = 8;

/**
 * How many cards to render: the first screen's with the page, then all of them in a transition,
 * which React renders in slices and yields in between, so a 50-card inbox is no long task at
 * start (issue 10: TBT). Once all, always all.
 */
function useProgressive(total: number): number {
  const [limit, setLimit] = useState(FIRST_CARDS);
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [limit, total]);
  return limit;
}

/** 全局审批 is for roles that may read the tenant's approvals (tenant administrators and above). */
function useCanSeeGlobal(): boolean {
  const territories = useAtomValue(territoriesAtom);
  return (territories ?? []).some((tr) => tr.roles.length > 0 && can(tr.roles as never, 'read', 'approval'));
}

export const decisionLabel = (t: TFn, action: DecisionAction, item: ApprovalItem) =>
  t('approvals:outbox_label', { decision: t(`approvals:decision.${action}`), summary: summaryOf(t, item) });

interface Rejecting {
  item: ApprovalItem;
  entryId?: number;
  initial?: string;
  problem?: string;
}

export function Inbox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
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

  const query = useInfiniteQuery({
    queryKey: ['approvals', 'list', scope, filter],
    queryFn: ({ pageParam, signal }) => loadPage(scope, filter, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    networkMode: 'always',
    staleTime: 10_000,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((p) => p.data).filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
  }, [pages]);
  const first = pages?.[0];

  // Keep what was loaded for the next offline start (the whole list, not only the first page).
  useEffect(() => {
    if (!first || first.fromSnapshot) return;
    void saveSnapshot(snapKey(scope, filter), items).catch(() => undefined);
  }, [items, first, scope, filter]);

  // …and the details of the open requests, so a request opens offline from the cached inbox.
  useEffect(() => {
    if (!first || first.fromSnapshot || filter !== 'pending') return;
    const timer = window.setTimeout(() => {
      void cacheDetails(items, getApprovalDetails).catch(() => undefined);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [items, first, filter]);

  const entries = useOutbox();
  const settling = useSettling();
  const { sync, seen } = useMemo(
    () => withSettling(syncByApproval(entries.filter((e) => !e.owner || !nickname || e.owner === nickname)), settling),
    [entries, nickname, settling],
  );
  useEffect(() => settled(seen), [seen]);

  // Decisions that no longer have a card in this list (decided elsewhere meanwhile, list moved on).
  const listed = useMemo(() => new Set(items.map((i) => i.id)), [items]);
  const orphanIds = useMemo(
    () =>
      scope === 'mine' && filter === 'pending'
        ? [...sync.entries()]
            .filter(([id, s]) => !listed.has(id) && s.state !== 'sent')
            .map(([id]) => id)
            .sort()
        : [],
    [sync, listed, scope, filter],
  );
  const orphans = useQuery({
    queryKey: ['approvals', 'remembered', orphanIds.join(',')],
    queryFn: async () => (await Promise.all(orphanIds.map((id) => rememberedItem(id)))).filter((x): x is ApprovalItem => !!x),
    enabled: orphanIds.length > 0,
    networkMode: 'always',
  });
  const orphanItems = orphans.data;
  const attention = useMemo(() => (orphanIds.length ? (orphanItems ?? []) : []), [orphanIds, orphanItems]);
  const undoable = useUndoable();
  const shown = useMemo(() => {
    // A card approved a moment ago leaves the list while its 撤销 bar is up.
    const list = [...attention, ...items].filter((i) => i.id !== undoable?.id);
    // Cards that need the approver come first; the rest keep the server's order (oldest first).
    return list.sort((a, b) => Number(needsAttention(sync.get(b.id))) - Number(needsAttention(sync.get(a.id))));
  }, [attention, items, sync, undoable]);

  const limit = useProgressive(shown.length);

  const decidable = (item: ApprovalItem, s: CardSync | undefined) =>
    OPEN.includes(item.status) && item.can_decide && !isWaiting(s) && s?.state !== 'sent' && s?.state !== 'conflict';
  const selectable = shown.filter((i) => decidable(i, sync.get(i.id)));

  useEffect(() => {
    setSelected(new Set());
  }, [scope, filter, selecting]);

  const afterQueue = (n: number) => {
    if (!navigator.onLine) Toast.show({ content: t('approvals:toast.queued_offline', { n }), position: 'bottom' });
  };

  function approve(item: ApprovalItem) {
    void approveWithUndo(item, t('approvals:undo.approved', { summary: summaryOf(t, item) }), decisionLabel(t, 'approve', item)).then((entry) => {
      if (entry) afterQueue(1);
    });
  }

  async function confirmReject(reason: string) {
    const r = rejecting;
    setRejecting(null);
    if (!r) return;
    if (r.entryId !== undefined) await requeueReject(r.entryId, r.item, reason);
    else await queueDecision(r.item, 'reject', decisionLabel(t, 'reject', r.item), reason);
    afterQueue(1);
  }

  async function runBatch() {
    setConfirmBatch(false);
    const chosen = selectable.filter((i) => selected.has(i.id));
    if (!chosen.length) return;
    try {
      const outcome = await approveMany(chosen, (item) => decisionLabel(t, 'approve', item));
      if (outcome.kind === 'queued') afterQueue(outcome.count);
      else {
        Toast.show({ content: t('approvals:batch.result', { ok: outcome.succeeded, failed: outcome.failed.length }), position: 'bottom' });
        void client.invalidateQueries({ queryKey: ['approvals'] });
      }
      setSelecting(false);
    } catch {
      /* the request helper showed why */
    }
  }

  const editReason = (item: ApprovalItem, s: CardSync) => setRejecting({ item, entryId: s.entryId, initial: s.reason, problem: s.description });

  const openDetail = (item: ApprovalItem) => navigate(`/${scope === 'global' ? 'manageApprovalDetail' : 'selfApprovalDetail'}/${item.id}`);

  const savedAt = first?.savedAt;
  const age = !online && savedAt ? dataAge(savedAt, now) : null;

  const tabs = (
    <div className="ys-appr-tabs">
      {canGlobal && (
        <CapsuleTabs activeKey={scope} onChange={(k) => setScope(k as Scope)} className="ys-appr-scope">
          <CapsuleTabs.Tab key="mine" title={t('approvals:scope.mine')} />
          <CapsuleTabs.Tab key="global" title={t('approvals:scope.global')} />
        </CapsuleTabs>
      )}
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as Filter)}>
        <Tabs.Tab
          key="pending"
          title={scope === 'mine' && pendingCount ? t('approvals:inbox.pending_count', { n: pendingCount }) : t('approvals:filter.pending')}
        />
        <Tabs.Tab key="decided" title={t('approvals:filter.decided')} />
      </Tabs>
    </div>
  );

  const offlineLine = age && (
    <div className="ys-appr-offline" data-testid="inbox-offline-age" role="status">
      {t(`approvals:offline.${age.unit}`, { n: age.count })}
    </div>
  );

  const toolbar = filter === 'pending' && selectable.length > 0 && (
    <div className="ys-appr-toolbar">
      <span className="ys-appr-toolbar__hint">{selecting ? t('approvals:batch.hint') : ''}</span>
      <Button size="mini" fill="outline" onClick={() => setSelecting((s) => !s)} data-testid="batch-toggle">
        {selecting ? t('approvals:batch.done') : t('approvals:batch.start')}
      </Button>
    </div>
  );

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
      <div className="ys-appr-list" data-testid="approval-list">
        {(limit < shown.length ? shown.slice(0, limit) : shown).map((item) => {
          const s = sync.get(item.id);
          return (
            <ApprovalCard
              key={item.id}
              item={item}
              sync={s}
              now={now}
              nickname={nickname}
              selecting={selecting}
              selected={selected.has(item.id)}
              onToggle={() =>
                setSelected((prev) => {
                  const next = new Set(prev);
                  if (next.has(item.id)) next.delete(item.id);
                  else next.add(item.id);
                  return next;
                })
              }
              onOpen={() => openDetail(item)}
              onApprove={() => approve(item)}
              onReject={() => setRejecting({ item })}
              onDismiss={(entryId) => void discard(entryId)}
              onEditReason={() => s && editReason(item, s)}
              onRetry={(entryId) => void retry(entryId)}
            />
          );
        })}
        <InfiniteScroll
          hasMore={!!query.hasNextPage && online && limit >= shown.length}
          loadMore={async () => {
            await query.fetchNextPage();
          }}
        >
          {query.hasNextPage ? <DotLoading /> : <span className="ys-appr-end">{t('approvals:inbox.end')}</span>}
        </InfiniteScroll>
      </div>
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
        <div className="ys-appr-batchbar" data-testid="batch-bar">
          <Checkbox
            checked={chosenCount > 0 && chosenCount === selectable.length}
            indeterminate={chosenCount > 0 && chosenCount < selectable.length}
            onChange={(on) => setSelected(on ? new Set(selectable.map((i) => i.id)) : new Set())}
            data-testid="batch-all"
          >
            {t('approvals:batch.all')}
          </Checkbox>
          <Button color="primary" size="small" disabled={chosenCount === 0} onClick={() => setConfirmBatch(true)} data-testid="batch-approve">
            {t('approvals:batch.approve', { n: chosenCount })}
          </Button>
        </div>
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

/**
 * An empty or failed list: a title, a line and an action, without the kit's ErrorBlock (its four
 * pictures weighed 10 KB gz on the inbox's first load).
 */
function InboxState({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="ys-appr-state" role="status">
      <div className="ys-appr-state__title">{title}</div>
      {description ? <div className="ys-appr-state__description">{description}</div> : null}
      {children}
    </div>
  );
}
