// How a card shows its queued decision (pure, unit-tested): the newest outbox entry of the request
// (ref `approval:<id>`) decides 待同步 / 同步中 / 已同步 / 冲突 / 需修改 / 失败, and a 409 answer's body
// tells the server's current state and who decided.
import type { OutboxEntry, OutboxState } from '../../offline/outbox-rules.ts';
import type { CurrentState } from './api.ts';

export const REF_PREFIX = 'approval:';
export const refOf = (id: string) => `${REF_PREFIX}${id}`;
export const idOfRef = (ref: string | undefined) => (ref?.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : null);

export type DecisionAction = 'approve' | 'reject';

export interface CardSync {
  entryId: number;
  state: OutboxState;
  action: DecisionAction;
  reason?: string;
  /** the server's state of a conflicted decision */
  current?: CurrentState;
  /** the server's explanation (409 / 400 / 422 / 5xx) */
  description?: string;
  createdAt: number;
  updatedAt: number;
}

export function actionOf(entry: Pick<OutboxEntry, 'url'>): DecisionAction {
  return /\/reject$/.test(entry.url) ? 'reject' : 'approve';
}

/** The 409 body's `current` (or null when the answer carried none). */
export function currentOf(serverState: unknown): CurrentState | null {
  const c = (serverState as { current?: unknown } | null)?.current;
  return c && typeof c === 'object' && typeof (c as CurrentState).status === 'string' ? (c as CurrentState) : null;
}

/** The newest entry per request id, seen as a card state. */
export function syncByApproval(entries: readonly OutboxEntry[]): Map<string, CardSync> {
  const out = new Map<string, CardSync>();
  for (const e of entries) {
    const id = idOfRef(e.ref);
    if (!id || e.id === undefined) continue;
    const prev = out.get(id);
    if (prev && (prev.createdAt > e.createdAt || (prev.createdAt === e.createdAt && prev.entryId > e.id))) continue;
    const current = e.state === 'conflict' ? (currentOf(e.serverState) ?? undefined) : undefined;
    const body = e.body as { reason?: string } | null;
    out.set(id, {
      entryId: e.id,
      state: e.state,
      action: actionOf(e),
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      ...(body?.reason ? { reason: body.reason } : {}),
      ...(current ? { current } : {}),
      ...(e.lastError?.description ? { description: e.lastError.description } : {}),
    });
  }
  return out;
}

/** Still on its way: the card shows the decision as taken and offers no buttons. */
export const isWaiting = (s: CardSync | undefined) => s?.state === 'pending' || s?.state === 'sending';
/** Needs the approver: conflict, needs-edit or failed. */
export const needsAttention = (s: CardSync | undefined) => s?.state === 'conflict' || s?.state === 'needs_edit' || s?.state === 'failed';

/**
 * The request was decided by this very approver (a batch that reached the server although its
 * answer was lost, then queued again): not a conflict to worry about.
 */
export function decidedByMe(s: CardSync, nickname: string | null | undefined): boolean {
  if (s.state !== 'conflict' || !s.current?.decided_by || !nickname) return false;
  const mine = s.current.decided_by.nickname === nickname;
  const same = s.action === 'approve' ? !/rejected$/.test(s.current.status) : /rejected$/.test(s.current.status);
  return mine && same;
}

/** Pending requests minus the ones decided offline and not sent yet (for the tab badge). */
export function badgeCount(serverPending: number, entries: readonly OutboxEntry[]): number {
  const waiting = new Set<string>();
  for (const e of entries) {
    const id = idOfRef(e.ref);
    if (id && (e.state === 'pending' || e.state === 'sending')) waiting.add(id);
  }
  return Math.max(0, serverPending - waiting.size);
}

/**
 * Approvals that left the undo bar (`settling`: id → when) before the outbox shows their entry
 * count as queued (待同步), so the card never shows its buttons again in between. Answers the cards'
 * states and the ids the outbox shows by now (an entry made since, or one already waiting).
 */
export function withSettling(sync: Map<string, CardSync>, settling: ReadonlyMap<string, number>): { sync: Map<string, CardSync>; seen: string[] } {
  if (!settling.size) return { sync, seen: [] };
  const out = new Map(sync);
  const seen: string[] = [];
  for (const [id, since] of settling) {
    const s = sync.get(id);
    if (s && (s.createdAt >= since || isWaiting(s))) seen.push(id);
    else out.set(id, { entryId: -1, state: 'pending', action: 'approve', createdAt: since, updatedAt: since });
  }
  return { sync: out, seen };
}
