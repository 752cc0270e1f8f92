// New requests without reloading: the server-sent events of approvals (approval.created / decided /
// escalated, site_message.created) refresh the inbox, the 审批 tab badge and the unread message
// count. Also refreshes when a queued decision was delivered. Mounted once by the console layout.
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useOutbox } from '../../offline/hooks.ts';
import type { OutboxEntry } from '../../offline/outbox-rules.ts';
import { readSnapshot, saveSnapshot } from '../../offline/snapshots.ts';
import { getUsername } from '../../lib/session.ts';
import { store, unreadCountAtom } from '../../lib/store.ts';
import { subscribe } from '../../lib/server-events.ts';
import { RequestError } from '../../lib/request.ts';
import { countPending, unreadCount } from './api.ts';
import { badgeCount, idOfRef } from './sync-state.ts';
import { createRefreshGate } from './refresh-gate.ts';
import { approvalKeys } from './query-keys.ts';

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

/** This user's queued decisions still to send (another user's entries wait for their owner). */
function decisionsWaiting(entries: readonly OutboxEntry[], me: string | null): boolean {
  return entries.some((e) => idOfRef(e.ref) && (e.state === 'pending' || e.state === 'sending') && (!e.owner || !me || e.owner === me));
}

/** The stream and the refreshes; renders nothing. */
export function ApprovalsLive() {
  const client = useQueryClient();
  const entries = useOutbox();
  const delivered = useRef<string>('');
  const waiting = decisionsWaiting(entries, getUsername());
  const waitingNow = useRef(waiting);
  // One refetch for a burst of events (a batch decision, a replay), and none while the outbox
  // replays: it would compete with the batch for the server (refresh-gate.ts).
  const gate = useMemo(
    () =>
      createRefreshGate(() => {
        void client.invalidateQueries({ queryKey: approvalKeys.all });
        void refreshUnread();
      }),
    [client],
  );

  useEffect(() => {
    void refreshUnread();
    const unsubscribe = subscribe(EVENTS, () => gate.request());
    const onNetwork = () => {
      gate.setWaiting(waitingNow.current, navigator.onLine);
      if (navigator.onLine) gate.request();
    };
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    return () => {
      unsubscribe();
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      gate.dispose();
    };
  }, [gate]);

  // A decision delivered (or answered with a conflict) changes the server's lists: refetch, once
  // the queue has drained when several were waiting.
  useEffect(() => {
    waitingNow.current = waiting;
    gate.setWaiting(waiting, navigator.onLine);
    const done = entries
      .filter((e) => idOfRef(e.ref) && (e.state === 'sent' || e.state === 'conflict'))
      .map((e) => `${e.id}:${e.state}`)
      .join(',');
    if (done && done !== delivered.current) gate.request();
    delivered.current = done;
  }, [entries, waiting, gate]);

  return null;
}

/** Requests waiting for this approver, less the decisions queued and not sent yet. */
export function usePendingCount(): number {
  const entries = useOutbox();
  const { data } = useQuery({ queryKey: approvalKeys.pendingCount(), queryFn: loadCount, networkMode: 'always', staleTime: 15_000 });
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
