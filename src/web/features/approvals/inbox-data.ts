// The inbox's data: the cursor-paged list (with its offline copy and the details cached for the
// open requests), the outbox state of each card, and the small clocks the cards read.
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { can } from '../../../domain/roles.ts';
import { useOutbox } from '../../offline/hooks.ts';
import { readSnapshot, saveSnapshot } from '../../offline/snapshots.ts';
import { RequestError } from '../../lib/request.ts';
import { getUsername } from '../../lib/session.ts';
import { offlineDataSavedAtAtom, store, territoriesAtom } from '../../lib/store.ts';
import { getApprovalDetails, listApprovals, type ApprovalItem, type Filter, type Scope } from './api.ts';
import { cacheDetails, rememberedItem } from './decide.ts';
import { settled, useSettling, useUndoable } from './undo.ts';
import { needsAttention, syncByApproval, withSettling } from './sync-state.ts';
import { approvalKeys } from './query-keys.ts';

interface ListPage {
  data: ApprovalItem[];
  next_cursor: string | null;
  savedAt: number;
  fromSnapshot: boolean;
}

const snapKey = (scope: Scope, filter: Filter) => `approvals:list:${getUsername() ?? ''}:${scope}:${filter}`;
const noAnswer = (err: unknown) => !(err instanceof RequestError) || err.status === 0;

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

/** The list of one scope and filter, kept for the next offline start with the open requests' details. */
export function useInboxList(scope: Scope, filter: Filter) {
  const query = useInfiniteQuery({
    queryKey: approvalKeys.list(scope, filter),
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

  return { query, items, first };
}

/**
 * The outbox state of each card (this user's entries only), and the cards to show: the listed ones
 * plus decisions whose card left the list, those that need the approver first.
 */
export function useInboxCards(items: ApprovalItem[], scope: Scope, filter: Filter, nickname: string | null | undefined) {
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
    queryKey: approvalKeys.remembered(orphanIds.join(',')),
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
  return { sync, shown };
}

/** Re-renders every 30 s: waiting times and the age of offline data stay current. */
export function useNow(): number {
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
export function useProgressive(total: number): number {
  const [limit, setLimit] = useState(FIRST_CARDS);
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [limit, total]);
  return limit;
}

/** 全局审批 is for roles that may read the tenant's approvals (tenant administrators and above). */
export function useCanSeeGlobal(): boolean {
  const territories = useAtomValue(territoriesAtom);
  return (territories ?? []).some((tr) => tr.roles.length > 0 && can(tr.roles as never, 'read', 'approval'));
}
