// The outbox of queued writes (approval decisions, work orders, feedback, replies). Each entry has
// its own idempotency key and is replayed strictly in order when the network returns; it ends as
// sent, conflict (with the server's state), needs-edit or failed. Nothing is dropped silently:
// only the user discards an entry, and delivered entries are pruned after a day.
import { db } from './db.ts';
import {
  entryHeaders,
  networkFailureOutcome,
  newEntry,
  outcomeOf,
  replayOrder,
  retryPatch,
  type OutboxEntry,
  type OutboxState,
  type OutboxWrite,
  type SendResult,
} from './outbox-rules.ts';

export type Send = (entry: OutboxEntry) => Promise<SendResult>;

export interface ReplaySummary {
  sent: number;
  conflict: number;
  needsEdit: number;
  failed: number;
  /** Why the run stopped early: no network, the session is gone, or the server asked to wait. */
  stopped: 'network' | 'session' | 'later' | null;
  /** Another tab held the replay lock; that tab does the work. */
  skipped: boolean;
}

const LOCK_NAME = 'yunshu-outbox-replay';
const SENT_KEPT_MS = 24 * 3600_000;

function emptySummary(): ReplaySummary {
  return { sent: 0, conflict: 0, needsEdit: 0, failed: 0, stopped: null, skipped: false };
}

export async function enqueue(write: OutboxWrite): Promise<OutboxEntry> {
  const entry = newEntry(write, Date.now());
  const id = await db.outbox.add(entry);
  const stored = { ...entry, id: id as number };
  void requestReplay();
  return stored;
}

export async function listOutbox(filter: { states?: readonly OutboxState[]; ref?: string } = {}): Promise<OutboxEntry[]> {
  const rows = filter.ref ? await db.outbox.where('ref').equals(filter.ref).toArray() : await db.outbox.toArray();
  return rows.filter((e) => !filter.states || filter.states.includes(e.state)).sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0));
}

/** The user's explicit removal of an entry. An entry being sent right now cannot be discarded. */
export async function discard(id: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Puts an entry back in the queue (a fresh key where the server already decided) and replays. */
export async function retry(id: number): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending' || entry.state === 'sent') return false;
    await db.outbox.update(id, retryPatch(entry, Date.now()));
    return true;
  });
  if (changed) void requestReplay();
  return changed;
}

/** A needs-edit entry corrected by the user: new body, new key, back in the queue. */
export async function editAndRequeue(id: number, body: unknown): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending' || entry.state === 'sent') return false;
    await db.outbox.update(id, { ...retryPatch({ ...entry, state: 'needs_edit' }, Date.now()), body });
    return true;
  });
  if (changed) void requestReplay();
  return changed;
}

async function runOnce(send: Send, owner: string | null | undefined): Promise<ReplaySummary> {
  const summary = emptySummary();
  // We hold the lock, so an entry still marked sending was cut off (tab closed, crash): its key
  // makes sending it again safe.
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  await db.outbox
    .where('state')
    .equals('sent')
    .filter((e) => e.updatedAt < Date.now() - SENT_KEPT_MS)
    .delete();
  const queue = replayOrder(await db.outbox.where('state').equals('pending').toArray(), owner);
  for (const queued of queue) {
    const entry = await db.outbox.get(queued.id!);
    if (!entry || entry.state !== 'pending') continue;
    await db.outbox.update(entry.id!, { state: 'sending', updatedAt: Date.now() });
    let outcome;
    try {
      outcome = outcomeOf(entry, await send(entry));
    } catch (err) {
      outcome = networkFailureOutcome(entry, err instanceof Error ? err.message : String(err));
    }
    await db.outbox.update(entry.id!, { ...outcome.patch, updatedAt: Date.now() });
    const state = outcome.patch.state;
    if (state === 'sent') summary.sent += 1;
    else if (state === 'conflict') summary.conflict += 1;
    else if (state === 'needs_edit') summary.needsEdit += 1;
    else if (state === 'failed') summary.failed += 1;
    if (outcome.stop) {
      const status = outcome.patch.lastError?.status ?? 0;
      summary.stopped = status === 0 ? 'network' : status === 401 || status === 428 ? 'session' : 'later';
      break;
    }
  }
  return summary;
}

/** Runs `fn` holding the cross-tab lock when the browser has Web Locks; `null` if another tab holds it. */
async function withLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? fn() : null));
}

let running: Promise<ReplaySummary> | null = null;
let again = false;

/**
 * Sends the pending entries, oldest first, through `send` (which adds token and language and
 * rejects on a network failure). Runs never overlap: a call during a run asks for one more run
 * afterwards and shares its result; another tab's run makes this one a no-op (`skipped`).
 */
export function replayOutbox(send: Send, opts: { owner?: string | null } = {}): Promise<ReplaySummary> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let summary: ReplaySummary;
      do {
        again = false;
        summary = (await withLock(() => runOnce(send, opts.owner))) ?? { ...emptySummary(), skipped: true };
      } while (again && !summary.stopped && !summary.skipped);
      return summary;
    } finally {
      running = null;
    }
  })();
  return running;
}

interface SyncConfig {
  send: Send;
  owner: () => string | null | undefined;
}
let sync: SyncConfig | null = null;

/** Replays now if sync has started and the browser believes it is online. */
export function requestReplay(): Promise<ReplaySummary | null> {
  if (!sync || (typeof navigator !== 'undefined' && navigator.onLine === false)) return Promise.resolve(null);
  return replayOutbox(sync.send, { owner: sync.owner() });
}

/**
 * Starts replaying: now, on every `online` event, when the page becomes visible again and every
 * `intervalMs` while entries wait (a server that was down comes back without an `online` event).
 * Returns a stop function.
 */
export function startOutboxSync(send: Send, opts: { owner?: () => string | null | undefined; intervalMs?: number } = {}): () => void {
  sync = { send, owner: opts.owner ?? (() => null) };
  const kick = () => {
    void requestReplay();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  window.addEventListener('online', kick);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(kick, opts.intervalMs ?? 60_000);
  kick();
  return () => {
    window.removeEventListener('online', kick);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
    sync = null;
  };
}

/**
 * A sender on `fetch`: the entry's scope headers and Idempotency-Key plus what `getHeaders` gives
 * (token, language). Rejects on network failure or time-out, resolves with any HTTP answer.
 */
export function createFetchSend(getHeaders: () => Record<string, string>, timeoutMs = 30_000): Send {
  return async (entry) => {
    const response = await fetch(entry.url, {
      method: entry.method,
      headers: { ...getHeaders(), ...entryHeaders(entry) },
      body: entry.body === null || entry.body === undefined ? undefined : JSON.stringify(entry.body),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const inFlight = response.headers.get('idempotency-in-flight') === 'true' || body?.code === 'idempotency_in_flight';
    return { status: response.status, body, ...(inFlight ? { inFlight } : {}) };
  };
}
