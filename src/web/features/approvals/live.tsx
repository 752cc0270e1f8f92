// New requests without reloading: the server-sent events of approvals (approval.created / decided /
// escalated, site_message.created) refresh the inbox, the 审批 tab badge and the unread message
// count. Also refreshes when a queued decision was delivered. Mounted once by the console layout.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useOutbox } from '../../offline/hooks.ts';
import { readSnapshot, saveSnapshot } from '../../offline/snapshots.ts';
import { getUsername } from '../../lib/session.ts';
import { store, unreadCountAtom } from '../../lib/store.ts';
import { subscribe } from '../../lib/server-events.ts';
import { RequestError } from '../../lib/request.ts';
import { countPending, unreadCount } from './api.ts';
import { badgeCount, idOfRef } from './sync-state.ts';

export const APPROVALS_KEY = ['approvals'] as const;
const COUNT_KEY = ['approvals', 'pending-count'] as const;
const EVENTS = ['approval.created', 'approval.decided', 'approval.escalated', 'site_message.created'] as const;

const noAnswer = (err: unknown) => !(err instanceof RequestError) || err.status === 0;

/** The pending count, kept for offline starts (the badge still says how many wait). */
async function loadCount(): Promise<number> {
  const key = `approvals:pending-count:${getUsername() ?? ''}`;
  try {
    const { count } = await countPending();
    void saveSnapshot(key, count).catch(() => undefined);
    return count;
  } catch (err) {
    const snap = noAnswer(err) ? await readSnapshot<number>(key) : undefined;
    if (snap) return snap.value;
    throw err;
  }
}

async function refreshUnread(): Promise<void> {
  try {
    const { count } = await unreadCount();
    store.set(unreadCountAtom, { op: 'set', value: count });
  } catch {
    /* offline: keep the last count */
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** Decisions still to send: while the outbox replays, refetching would compete with it. */
let replaying = false;
let owed = false;
/** Coalesces a burst of events (a batch decision, a replay) into one refetch. */
function refreshSoon(client: QueryClient): void {
  if (replaying) {
    owed = true;
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(() => {
    void client.invalidateQueries({ queryKey: APPROVALS_KEY });
    void refreshUnread();
  }, 300);
}

/** The stream and the refreshes; renders nothing. */
export function ApprovalsLive() {
  const client = useQueryClient();
  const entries = useOutbox();
  const delivered = useRef<string>('');

  useEffect(() => {
    void refreshUnread();
    const unsubscribe = subscribe(EVENTS, () => refreshSoon(client));
    const onOnline = () => refreshSoon(client);
    window.addEventListener('online', onOnline);
    return () => {
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [client]);

  // A decision delivered (or answered with a conflict) changes the server's lists: refetch, once
  // the queue has drained when several were waiting.
  useEffect(() => {
    const waiting = entries.some((e) => idOfRef(e.ref) && (e.state === 'pending' || e.state === 'sending'));
    replaying = waiting && navigator.onLine;
    if (!replaying && owed) {
      owed = false;
      refreshSoon(client);
    }
    const done = entries
      .filter((e) => idOfRef(e.ref) && (e.state === 'sent' || e.state === 'conflict'))
      .map((e) => `${e.id}:${e.state}`)
      .join(',');
    if (done && done !== delivered.current) refreshSoon(client);
    delivered.current = done;
  }, [entries, client]);

  return null;
}

/** Requests waiting for this approver, less the decisions queued and not sent yet. */
export function usePendingCount(): number {
  const entries = useOutbox();
  const { data } = useQuery({ queryKey: COUNT_KEY, queryFn: loadCount, networkMode: 'always', staleTime: 15_000 });
  return badgeCount(data ?? 0, entries);
}

/** The 审批 tab's icon with the number of requests waiting for this approver. */
export function ApprovalsTabIcon() {
  const count = usePendingCount();
  return (
    <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null} data-testid="approvals-tab-badge">
      <BillOutline />
    </Badge>
  );
}
